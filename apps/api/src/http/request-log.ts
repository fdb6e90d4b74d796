// Request ids, one JSON log line per request and the request metrics. Only method, path (never the
// query string, which may hold a signature), status, duration and caller id are logged: no header
// or body. Metrics name the route by its declared path (res.locals.route, set where routes are
// registered), so their label values stay few; a request no route matched counts as "unmatched".
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Caller } from '@auditsvc/core';
import type { Logger } from '@auditsvc/runtime';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

function callerLabel(caller: Caller | undefined): string | null {
  if (!caller) return null;
  return caller.kind === 'admin_token' ? 'admin_token' : caller.userId;
}

export type RequestObserver = (method: string, route: string, status: number, seconds: number) => void;

export function requestLogger(logger: Logger, observe: RequestObserver = () => undefined): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const requestId =
      typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = requestId;
    res.setHeader('x-request-id', requestId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const durationMs = Number((process.hrtime.bigint() - started) / 1000n) / 1000;
      logger.info('request', {
        request_id: requestId,
        method: req.method,
        path: req.path,
        status: res.statusCode,
        duration_ms: durationMs,
        caller: callerLabel(res.locals.caller as Caller | undefined),
      });
      observe(
        req.method,
        (res.locals.route as string | undefined) ?? 'unmatched',
        res.statusCode,
        durationMs / 1000,
      );
    });
    next();
  };
}
