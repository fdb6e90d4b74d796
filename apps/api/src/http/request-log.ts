// Request ids, one JSON log line per request and the request metrics. Only method, path (never the
// query string, which may hold a signature), status, duration and caller id are logged: no header
// or body. Metrics name the route by its declared path (res.locals.route, set where routes are
// registered), so their label values stay few; a request no route matched counts as "unmatched".
// Both are written when the response closes, not when it finishes: an event stream the client
// leaves, or an upload it abandons, never finishes, and would otherwise go uncounted. Such a
// request is logged with `aborted: true`, and one left before any answer counts as status 499
// (the client closed the request, nginx's convention).
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Caller } from '@auditsvc/core';
import type { Logger } from '@auditsvc/runtime';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
/** The status of a request the client left before any answer was sent. */
const CLIENT_CLOSED_REQUEST = 499;

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
    res.once('close', () => {
      const durationMs = Number((process.hrtime.bigint() - started) / 1000n) / 1000;
      const status = res.headersSent ? res.statusCode : CLIENT_CLOSED_REQUEST;
      logger.info('request', {
        request_id: requestId,
        method: req.method,
        path: req.path,
        status,
        duration_ms: durationMs,
        caller: callerLabel(res.locals.caller as Caller | undefined),
        ...(res.writableFinished ? {} : { aborted: true }),
      });
      observe(req.method, (res.locals.route as string | undefined) ?? 'unmatched', status, durationMs / 1000);
    });
    next();
  };
}
