import { RETRY_AFTER_SECONDS } from '@auditsvc/core';
import { defineRoute } from '../http/route';

async function check(probe: () => Promise<unknown>, timeoutMs = 2000): Promise<'ok' | 'unavailable'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      }),
    ]);
    return 'ok';
  } catch {
    return 'unavailable';
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes = [
  defineRoute({
    method: 'get',
    path: '/healthz',
    operationId: 'healthz',
    summary: 'Liveness: the process answers.',
    tag: 'operations',
    auth: 'none',
    response: {
      type: 'object',
      properties: { ok: { const: true } },
      required: ['ok'],
      additionalProperties: false,
    },
    errors: [],
    standalone: true,
    handler: async () => ({ ok: true }),
  }),
  defineRoute({
    method: 'get',
    path: '/readyz',
    operationId: 'readyz',
    summary:
      'Readiness: 200 when the database, Redis and the object store answer, else 503 naming what is down.',
    tag: 'operations',
    auth: 'none',
    response: {
      type: 'object',
      properties: {
        ok: { type: 'boolean' },
        database: { enum: ['ok', 'unavailable'] },
        redis: { enum: ['ok', 'unavailable'] },
        storage: { enum: ['ok', 'unavailable'] },
      },
      required: ['ok', 'database', 'redis', 'storage'],
      additionalProperties: false,
    },
    errors: [503],
    handler: async ({ services, res }) => {
      const [database, redis, storage] = await Promise.all([
        check(() => services.db.prisma.$queryRawUnsafe('SELECT 1')),
        // Redis is ready when commands are answered and the event relay's own connection (which
        // reconnects on its own schedule after an outage) is up: a stream cannot open without it.
        check(async () => {
          await services.redis.ping();
          if (!services.progressSubscriber.ready()) throw new Error('event relay not connected');
        }),
        // The store answers a listing (of a folder that need not exist): a bucket out of reach,
        // missing, or refusing the credentials fails it (a look-up of a key could not tell a
        // missing bucket from a missing key).
        check(() => services.storage.listFolders('readyz/')),
      ]);
      const ok = database === 'ok' && redis === 'ok' && storage === 'ok';
      if (!ok) {
        res.set('Retry-After', String(RETRY_AFTER_SECONDS));
        res.status(503).json({ ok, database, redis, storage, detail: 'Not ready.' });
        return undefined;
      }
      return { ok, database, redis, storage };
    },
  }),
];
