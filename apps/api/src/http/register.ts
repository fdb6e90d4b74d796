// Turns route declarations into Express handlers: authenticate, authorise by level, run multer
// for uploads, validate path/query/body, call the handler, check the response against its schema.
import type { Request, RequestHandler, Response, Router } from 'express';
import multer from 'multer';
import {
  Caller,
  ForbiddenError,
  UnauthorizedError,
  UnsupportedMediaTypeError,
  requireAdmin,
  requireMutator,
  requirePartnerOrAdmin,
} from '@auditsvc/core';
import { withLogContext } from '@auditsvc/runtime';
import { isScrapeCredential, newStagedUploadKey } from '@auditsvc/services';
import type { AppServices } from '../services';
import { AuthLevel, RouteSpec, isRawResponse } from './route';
import { StagedFileInfo, stagedUploadStorage } from './staged-upload';
import { compileRequestValidator, compileResponseValidator } from './validation';
import { JsonBytes } from './versioned-json-cache';

/** Express path parameters, in order: /a/:x/b/:y -> [x, y]. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
}

/** Refuses a declaration that lacks a schema the route needs; called for every route at start. */
export function assertRouteComplete(route: RouteSpec): void {
  const where = `${route.method.toUpperCase()} ${route.path}`;
  const names = pathParamNames(route.path);
  if (names.length > 0) {
    const declared = Object.keys((route.params?.properties as Record<string, unknown> | undefined) ?? {});
    const missing = names.filter((name) => !declared.includes(name));
    if (missing.length > 0) throw new Error(`${where}: no params schema for ${missing.join(', ')}`);
  }
  if ((route.method === 'post' || route.method === 'put') && route.body === undefined && !route.upload) {
    throw new Error(`${where}: declare a body schema (or body: false)`);
  }
  if (!route.response) throw new Error(`${where}: no response schema`);
  if (!route.operationId || !route.summary) throw new Error(`${where}: operationId and summary are required`);
}

function authorise(level: AuthLevel, caller: Caller): void {
  switch (level) {
    case 'none':
    case 'bearer':
    case 'any':
      return;
    case 'session':
      if (caller.kind !== 'session')
        throw new ForbiddenError('This endpoint needs a user session, not the admin token.');
      return;
    case 'mut':
      return requireMutator(caller);
    case 'partner':
      return requirePartnerOrAdmin(caller);
    case 'admin':
    case 'metrics':
      return requireAdmin(caller);
  }
}

/** True when the request carries a body (RFC 9112: a Content-Length above 0 or chunked encoding). */
function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

function header(req: Request, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function registerRoute(router: Router, route: RouteSpec, services: AppServices): void {
  assertRouteComplete(route);
  const validateParams = route.params ? compileRequestValidator('path', route.params) : null;
  const validateQuery = route.query ? compileRequestValidator('query', route.query) : null;
  const validateBody = route.body ? compileRequestValidator('body', route.body) : null;
  const responseSchema = isRawResponse(route.response) ? null : route.response;
  const checkResponse = responseSchema ? compileResponseValidator(responseSchema) : null;
  const mode = services.config.responseValidation;

  const authenticate: RequestHandler = async (req, res, next) => {
    // The route's template names it in the request metrics (request-log.ts).
    res.locals.route = route.path;
    if (route.auth === 'none') return next();
    if (route.auth === 'bearer') {
      if (!/^Bearer\s+\S+/i.test(header(req, 'authorization') ?? '')) throw new UnauthorizedError();
      return next();
    }
    const credentials = {
      adminToken: header(req, 'x-admin-token'),
      authorization: header(req, 'authorization'),
    };
    // METRICS_TOKEN is no session: it is checked before a bearer is looked up as one.
    if (route.auth === 'metrics' && isScrapeCredential(credentials, services.config)) return next();
    const caller = await services.auth.authenticate(credentials);
    authorise(route.auth, caller);
    res.locals.caller = caller;
    next();
  };

  const handlers: RequestHandler[] = [authenticate];
  if (route.upload) {
    const upload = multer({
      // Staged: streamed into this process's staging folder of the object store under a generated
      // name (the client's file name never becomes a key).
      storage: route.upload.staged
        ? stagedUploadStorage(services.storage, newStagedUploadKey)
        : multer.memoryStorage(),
      limits: { fileSize: route.upload.maxBytes, files: 1, fields: 20, parts: 25 },
      // Keep the name as sent ("../x.txt" stays that), so a name with a path is refused rather
      // than quietly cut down to its last part.
      preservePath: true,
    });
    handlers.push(upload.single(route.upload.field));
  }

  /** Checks a response body against the route's schema: strict throws, warn logs. */
  function checkResult(result: unknown, res: Response) {
    if (!checkResponse || mode === 'off' || checkResponse(result)) return;
    const problem = `response of ${route.operationId} does not match its schema: ${JSON.stringify(checkResponse.errors)}`;
    if (mode === 'strict') throw new Error(problem);
    services.logger.warn('response_schema_mismatch', {
      operation: route.operationId,
      request_id: res.locals.requestId,
    });
  }

  handlers.push(async (req: Request, res: Response) => {
    if (validateBody && hasBody(req) && !req.is(['application/json', 'application/*+json'])) {
      throw new UnsupportedMediaTypeError('Send the request body as application/json.');
    }
    let result: unknown;
    try {
      const params = validateParams ? validateParams({ ...req.params }) : req.params;
      const query = validateQuery ? validateQuery({ ...(req.query as Record<string, unknown>) }) : {};
      const body = validateBody ? validateBody(req.body) : {};
      // Entered here, not in an earlier middleware: body parsers resume on stream events, outside
      // it. What the handler logs or queues carries the request id (log-context.ts).
      result = await withLogContext({ request_id: res.locals.requestId as string }, () =>
        route.handler({
          caller: res.locals.caller as Caller | undefined,
          params: params as Record<string, string>,
          query: query as Record<string, unknown>,
          body: body as Record<string, unknown>,
          file: req.file,
          services,
          req,
          res,
          serialize: (body) => {
            checkResult(body, res);
            return JsonBytes.of(body);
          },
        }),
      );
    } finally {
      // A staged upload the handler did not move (bad input, an error) is removed. Failing that
      // (the store out of reach) changes no answer: the object waits for the start-up sweep.
      const staged = (req.file as Partial<StagedFileInfo> | undefined)?.key;
      if (staged) {
        await services.storage.delete(staged).catch((error: unknown) =>
          services.logger.warn('staged_upload_left', {
            request_id: res.locals.requestId,
            error: error instanceof Error ? error.message : String(error),
          }),
        );
      }
    }
    if (result === undefined || res.headersSent) return;
    if (result instanceof JsonBytes) {
      // Checked when serialised; Express answers 304 when If-None-Match names this ETag.
      res
        .status(route.status ?? 200)
        .set('ETag', result.etag)
        .type('application/json')
        .send(result.bytes);
      return;
    }
    checkResult(result, res);
    res.status(route.status ?? 200).json(result);
  });

  router[route.method](route.path, ...handlers);
}
