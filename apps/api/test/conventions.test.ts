import fs from 'node:fs';
import path from 'node:path';
import express from 'express';
import { openApiDocument, routes } from '../src/app';
import { assertRouteComplete, registerRoute } from '../src/http/register';
import { defineRoute } from '../src/http/route';
import { TestContext, createTestContext } from '../../../test/helpers/context';
import { waitFor } from '../../../test/helpers/wait';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('health', () => {
  it('GET /healthz answers ok', async () => {
    const res = await ctx.http().get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });

  it('GET /readyz answers 200 when the database, Redis and the object store answer', async () => {
    // The API's Redis client connects in the background: the probe may start before it is ready.
    const res = await waitFor('readyz 200', async () => {
      const answer = await ctx.http().get('/readyz');
      return answer.status === 200 && answer;
    });
    expect(res.body).toEqual({ ok: true, database: 'ok', redis: 'ok', storage: 'ok' });
  });

  it('GET /readyz answers 503 naming Redis while the event relay is not connected, though commands are', async () => {
    // After an outage the relay's own connection comes back on its own schedule; a stream cannot
    // open before it does, so the service is not ready (found by the Redis outage drill under load).
    const relayDown = await createTestContext();
    try {
      await waitFor('readyz 200', async () => (await relayDown.http().get('/readyz')).status === 200);
      await relayDown.services.progressSubscriber.close();
      // The connection reports itself closed once its socket has closed, a moment later.
      const res = await waitFor('readyz 503', async () => {
        const answer = await relayDown.http().get('/readyz');
        return answer.status !== 200 && answer;
      });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ ok: false, database: 'ok', redis: 'unavailable' });
    } finally {
      await relayDown.close();
    }
  });

  it('GET /readyz answers 503 naming Redis when Redis is unreachable', async () => {
    const down = await createTestContext({ REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const res = await down.http().get('/readyz');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ ok: false, database: 'ok', redis: 'unavailable' });
    } finally {
      await down.close();
    }
  });
});

describe('HTTP conventions', () => {
  it('answers unknown paths with a JSON 404', async () => {
    const res = await ctx.http().get('/auditsvc/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Not found.' });
  });

  it('echoes a safe x-request-id and makes one up otherwise', async () => {
    expect((await ctx.http().get('/healthz').set('x-request-id', 'abc-123')).headers['x-request-id']).toBe(
      'abc-123',
    );
    const made = (await ctx.http().get('/healthz').set('x-request-id', 'bad id with spaces & symbols!'))
      .headers['x-request-id'];
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('ignores members a body schema does not declare', async () => {
    const res = await ctx
      .http()
      .post('/auditsvc/firm')
      .set('x-admin-token', ctx.adminToken)
      .send({ display_name: 'Extra', id: 'firm-mine', rogue: 1 });
    expect(res.status).toBe(201);
    expect(res.body.id).not.toBe('firm-mine');
    expect(res.body).not.toHaveProperty('rogue');
  });

  it('answers a JSON array body with a 422 naming the body', async () => {
    const res = await ctx.http().post('/auditsvc/firm').set('x-admin-token', ctx.adminToken).send([1, 2]);
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['body'], type: 'dict_type' });
  });

  it('marks responses no-store and nosniff', async () => {
    const res = await ctx.http().get('/healthz');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('OpenAPI document', () => {
  it('is served at /auditsvc/openapi.json and lists every declared route', async () => {
    const res = await ctx.http().get('/auditsvc/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    for (const route of routes) {
      const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const operation = res.body.paths[path]?.[route.method];
      expect(operation).toBeDefined();
      expect(operation.operationId).toBe(route.operationId);
      const success = operation.responses[String(route.status ?? 200)];
      expect(success).toBeDefined();
    }
  });

  it('covers every route Express serves: no route exists outside the declarations', () => {
    const served: string[] = [];
    const router = (
      ctx.app as unknown as {
        router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] };
      }
    ).router;
    for (const layer of router.stack) {
      const inner = (
        layer as unknown as {
          handle?: { stack?: { route?: { path: string; methods: Record<string, boolean> } }[] };
        }
      ).handle;
      for (const sub of inner?.stack ?? []) {
        if (sub.route)
          for (const method of Object.keys(sub.route.methods)) served.push(`${method} ${sub.route.path}`);
      }
    }
    expect(served.length).toBeGreaterThan(10);
    const declared = new Set(routes.map((route) => `${route.method} ${route.path}`));
    expect(served.filter((entry) => !declared.has(entry))).toEqual([]);
  });

  it('matches the committed docs/openapi.json (run npm run openapi after changing a route)', () => {
    const committed = JSON.parse(
      fs.readFileSync(path.resolve(__dirname, '../../../docs/openapi.json'), 'utf8'),
    );
    expect(openApiDocument()).toEqual(committed);
  });

  it('refuses a route declared without its schemas', () => {
    const base = {
      operationId: 'x',
      summary: 'x',
      tag: 't',
      auth: 'any' as const,
      errors: [],
      handler: async () => undefined,
    };
    expect(() =>
      assertRouteComplete(defineRoute({ ...base, method: 'get', path: '/x/:id', response: {} })),
    ).toThrow(/params/);
    expect(() =>
      assertRouteComplete(defineRoute({ ...base, method: 'post', path: '/x', response: {} })),
    ).toThrow(/body/);
    expect(() =>
      assertRouteComplete(defineRoute({ ...base, method: 'get', path: '/x', response: undefined as never })),
    ).toThrow(/response/);
    expect(() =>
      registerRoute(
        express.Router(),
        defineRoute({ ...base, method: 'post', path: '/y', response: {} }),
        ctx.services,
      ),
    ).toThrow();
  });
});
