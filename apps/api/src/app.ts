// The Express application: request ids and logs, the 1 MB JSON body limit, every declared route,
// the OpenAPI document generated from those declarations, and the one error handler.
import express, { Express } from 'express';
import { buildOpenApi } from './http/openapi';
import { createErrorHandler, notFoundHandler } from './http/error-handler';
import { operatorBoard } from './http/operator-board';
import { registerRoute } from './http/register';
import { requestLogger } from './http/request-log';
import { RouteSpec, defineRoute } from './http/route';
import { allRoutes } from './routes';
import type { AppServices } from './services';
import { version } from '../package.json';

export const openApiRoute = defineRoute({
  method: 'get',
  path: '/auditsvc/openapi.json',
  operationId: 'openapi',
  summary: 'This OpenAPI 3.1 document.',
  tag: 'operations',
  auth: 'none',
  response: { type: 'object', required: ['openapi', 'info', 'paths'] },
  errors: [],
  standalone: true,
  handler: async () => openApiDocument(),
});

export const routes: RouteSpec[] = [...allRoutes, openApiRoute];

let cachedDocument: ReturnType<typeof buildOpenApi> | null = null;
export function openApiDocument() {
  cachedDocument ??= buildOpenApi(routes, version);
  return cachedDocument;
}

/** The application serving `declared` (every route, unless a test serves a changed table). */
export function buildApp(services: AppServices, declared: RouteSpec[] = routes): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(requestLogger(services.logger, services.metrics.observeRequest));
  app.use((_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  app.use(express.json({ limit: '1mb', type: ['application/json', 'application/*+json'] }));
  const router = express.Router();
  for (const route of declared) registerRoute(router, route, services);
  app.use(router);
  const board = operatorBoard(services);
  app.use(
    board.path,
    (_req, res, next) => {
      res.locals.route = board.path;
      next();
    },
    ...board.handlers,
  );
  app.use(notFoundHandler);
  app.use(createErrorHandler(services.logger));
  return app;
}
