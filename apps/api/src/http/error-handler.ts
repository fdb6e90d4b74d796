// The one place where errors become HTTP answers. Known errors keep their status and body;
// anything unexpected is logged with the request id and answered with a generic 500 body.
import type { ErrorRequestHandler, RequestHandler } from 'express';
import multer from 'multer';
import { AppError, ServiceUnavailableError, StoredValueError } from '@auditsvc/core';
import type { Logger } from '@auditsvc/runtime';
import { isDatabaseUnavailable, isRecordGone } from '@auditsvc/services';
import { StorageUnavailableError } from '@auditsvc/storage';

/** Errors raised by body-parser carry a `type`. */
interface ParserError {
  type?: string;
  status?: number;
}

function multerAnswer(error: multer.MulterError): { status: number; body: unknown } {
  switch (error.code) {
    case 'LIMIT_FILE_SIZE':
      return { status: 413, body: { detail: 'The uploaded file is larger than the limit.' } };
    case 'LIMIT_PART_COUNT':
    case 'LIMIT_FIELD_COUNT':
    case 'LIMIT_FIELD_KEY':
    case 'LIMIT_FIELD_VALUE':
      return { status: 413, body: { detail: 'The multipart form is too large.' } };
    case 'LIMIT_FILE_COUNT':
    case 'LIMIT_UNEXPECTED_FILE':
      return {
        status: 422,
        body: {
          detail: [
            {
              loc: ['body', error.field ?? 'file'],
              msg: 'send exactly one file, in the form field "file"',
              type: 'unexpected_file',
            },
          ],
        },
      };
    case 'MISSING_FIELD_NAME':
      return {
        status: 422,
        body: { detail: [{ loc: ['body'], msg: error.message, type: 'multipart_invalid' }] },
      };
  }
}

export function createErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    // A dependency out of reach (the database refused, dropped or locked; Redis down; the object
    // store refusing or not answering) is not a bug: 503 with Retry-After, and a warning naming it.
    const unavailable = isDatabaseUnavailable(error)
      ? new ServiceUnavailableError('The database is unavailable. Try again shortly.', 'database', {
          cause: error,
        })
      : error instanceof StorageUnavailableError
        ? new ServiceUnavailableError('The file store is unavailable. Try again shortly.', 'storage', {
            cause: error,
          })
        : error;
    if (unavailable instanceof ServiceUnavailableError) {
      const cause = unavailable.cause;
      logger.warn('dependency_unavailable', {
        request_id: res.locals.requestId,
        method: req.method,
        path: req.path,
        dependency: unavailable.dependency,
        // Prisma's messages quote the calling code; the last line is the driver's reason.
        ...(cause instanceof Error ? { error: cause.message.trim().split('\n').pop() } : {}),
      });
    }
    // A damaged stored value is a fault to repair, not a client mistake: logged as an error.
    if (unavailable instanceof StoredValueError) {
      logger.error('stored_value_invalid', {
        request_id: res.locals.requestId,
        method: req.method,
        path: req.path,
        what: unavailable.what,
        problem: unavailable.problem,
      });
    }
    if (unavailable instanceof AppError) {
      res.set(unavailable.headers()).status(unavailable.status).json(unavailable.body());
      return;
    }
    // A record looked up, then deleted by a concurrent request before the write: as if the lookup
    // had come a moment later.
    if (isRecordGone(error)) {
      res.status(404).json({ detail: 'Not found.' });
      return;
    }
    if (error instanceof multer.MulterError) {
      const answer = multerAnswer(error);
      res.status(answer.status).json(answer.body);
      return;
    }
    const parserError = error as ParserError;
    if (parserError?.type === 'entity.too.large') {
      res.status(413).json({ detail: 'The request body is larger than 1 MB.' });
      return;
    }
    if (parserError?.type === 'entity.parse.failed') {
      res.status(422).json({ detail: [{ loc: ['body'], msg: 'JSON decode error', type: 'json_invalid' }] });
      return;
    }
    if (parserError?.type === 'encoding.unsupported' || parserError?.type === 'charset.unsupported') {
      res.status(415).json({ detail: 'Unsupported request body encoding.' });
      return;
    }
    // A client that went away mid-body: body-parser says so with a type, multer (an upload cut off
    // while it streams into the store) with a plain error. No fault of ours: logged, not an error.
    if (
      parserError?.type === 'request.aborted' ||
      (error instanceof Error && /^Request (aborted|closed)$/.test(error.message))
    ) {
      logger.info('request_aborted', {
        request_id: res.locals.requestId,
        method: req.method,
        path: req.path,
      });
      res.status(400).json({ detail: 'The request was aborted.' });
      return;
    }
    // The router could not percent-decode a path segment ("%zz", "%ED%A0%80": not UTF-8).
    if (error instanceof URIError && error.message.startsWith('Failed to decode param')) {
      res.status(400).json({ detail: 'The URL path is not valid percent-encoded UTF-8.' });
      return;
    }
    // body-parser could not inflate a body sent with Content-Encoding gzip, deflate or br.
    if (parserError?.status === 400 && typeof (error as { code?: unknown }).code === 'string') {
      const code = (error as { code: string }).code;
      if (code.startsWith('Z_') || code.startsWith('ERR_ZLIB') || code.startsWith('ERR__')) {
        res.status(400).json({ detail: 'The request body does not decode as its Content-Encoding says.' });
        return;
      }
    }
    // busboy reports malformed multipart bodies as plain errors.
    if (
      error instanceof Error &&
      /multipart|boundary|Unexpected end of form|Malformed part header/i.test(error.message)
    ) {
      res
        .status(422)
        .json({ detail: [{ loc: ['body'], msg: 'malformed multipart body', type: 'multipart_invalid' }] });
      return;
    }
    logger.error('unhandled_error', {
      request_id: res.locals.requestId,
      method: req.method,
      path: req.path,
      error:
        error instanceof Error
          ? { name: error.name, message: error.message, stack: error.stack }
          : String(error),
    });
    res.status(500).json({ detail: 'Internal server error.' });
  };
}

export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json({ detail: 'Not found.' });
};
