// Bull Board for operators at /admin/queues: the queues, their jobs and failures. Only platform
// administrators reach it (the admin token header, or an admin's session); the credential travels
// in headers, never in the URL.
import type { RequestHandler, Router } from 'express';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { requireAdmin } from '@auditsvc/core';
import type { AppServices } from '../services';

export const OPERATOR_BOARD_PATH = '/admin/queues';

export function operatorBoard(services: AppServices): {
  path: string;
  handlers: (RequestHandler | Router)[];
} {
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(OPERATOR_BOARD_PATH);
  createBullBoard({
    queues: services.jobs.queues.map((queue) => new BullMQAdapter(queue)),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'auditsvc queues' } },
  });
  const adminOnly: RequestHandler = async (req, res, next) => {
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const caller = await services.auth.authenticate({
      adminToken: header('x-admin-token'),
      authorization: header('authorization'),
    });
    requireAdmin(caller);
    res.locals.caller = caller;
    next();
  };
  return { path: OPERATOR_BOARD_PATH, handlers: [adminOnly, serverAdapter.getRouter() as Router] };
}
