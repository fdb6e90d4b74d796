// Request ids and one JSON log line per request. Only method, path (never the query string, which
// may hold a signature), status, duration and caller id are logged: no header or body.
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Caller } from '@auditsvc/core';
import type { Logger } from '@auditsvc/runtime';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

function callerLabel(caller: Caller | undefined): string | null {
  if (!caller) return null;
  return caller.kind === 'admin_token' ? 'admin_token' : caller.userId;
}

export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const requestId =
      typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.locals.requestId = requestId;
    res.setHeader('x-request-id', requestId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      logger.info('request', {
        request_id: requestId,
        method: req.method,
        path: req.path,
        status: res.statusCode,
        duration_ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
        caller: callerLabel(res.locals.caller as Caller | undefined),
      });
    });
    next();
  };
}
