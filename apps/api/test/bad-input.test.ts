// A sweep over every declared route with hostile input: malformed JSON, wrong types, oversize
// bodies, unknown and foreign ids. Each must answer a documented 4xx, never a 5xx.
import zlib from 'node:zlib';
import { MAX_SVG_DEPTH, createRecoveryService } from '@auditsvc/services';
import { buildApp, routes } from '../src/app';
import { pathParamNames } from '../src/http/register';
import { MAX_JSON_DEPTH } from '../src/http/validation';
import type { JsonSchema, RouteSpec } from '../src/http/route';
import { MAX_OFFSET } from '../src/schemas/common';
import { Actors, makeActors, makeFirm, makeUser } from '../../../test/helpers/builders';
import { TestContext, createTestContext } from '../../../test/helpers/context';
import { serve } from '../../../test/helpers/server';

let ctx: TestContext;
let actors: Actors;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await makeActors(ctx);
});
afterAll(() => ctx.close());

const apiRoutes = routes.filter((route) => route.path.startsWith('/auditsvc/') && route.auth !== 'none');

function urlFor(path: string, id: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, id);
}

function send(method: string, url: string, headers: Record<string, string>) {
  const agent = ctx.http();
  const request =
    method === 'get'
      ? agent.get(url)
      : method === 'put'
        ? agent.put(url)
        : method === 'delete'
          ? agent.delete(url)
          : agent.post(url);
  return request.set(headers);
}

it('answers a JSON route sent a form-encoded body with 415', async () => {
  const res = await ctx
    .http()
    .put(`/auditsvc/firm/${actors.firmA.id}`)
    .set('x-admin-token', ctx.adminToken)
    .type('form')
    .send('tagline=hello');
  expect(res.status).toBe(415);
  expect(res.body).toEqual({ detail: 'Send the request body as application/json.' });
});

describe.each(apiRoutes.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route] as const))(
  '%s',
  (_name, route) => {
    const admin = () => ({ 'x-admin-token': ctx.adminToken });

    it('answers malformed JSON with 422 json_invalid', async () => {
      if (route.method === 'get' || route.method === 'delete') return;
      const res = await send(route.method, urlFor(route.path, actors.firmA.id), admin())
        .set('content-type', 'application/json')
        .send('{"a": [1,');
      expect(res.status).toBe(422);
      expect(res.body.detail[0].type).toBe('json_invalid');
    });

    it('answers a body over 1 MB with 413', async () => {
      if (route.method === 'get' || route.method === 'delete') return;
      const res = await send(route.method, urlFor(route.path, actors.firmA.id), admin()).send({
        filler: 'x'.repeat(1_100_000),
      });
      expect(res.status).toBe(413);
    });

    it.each([
      [
        'wrong types',
        {
          email: 1,
          password: false,
          role: 7,
          display_name: [],
          firm_id: {},
          primary_color: 5,
          default_budget_cents: 'lots',
        },
      ],
      [
        'unknown enum values',
        {
          role: 'overlord',
          default_archetype: 'cheapest',
          email: 'a@b.co',
          password: 'password1',
          display_name: 'x',
        },
      ],
      ['an empty object', {}],
      ['a JSON array', [1, 2, 3]],
      ['a JSON string', 'just text'],
      [
        'NUL characters and unpaired surrogates',
        { email: 'a\u0000@b.co', display_name: '\ud800', name: 'x\u0000', body: '\udc00', role: 'partner' },
      ],
    ])('never answers 5xx to %s', async (_label, body) => {
      const res = await send(route.method, urlFor(route.path, actors.firmA.id), admin()).send(body as object);
      expect(res.status).toBeLessThan(500);
      if (res.status >= 400) expect(res.body).toHaveProperty('detail');
      const required = route.body ? ((route.body.required as string[] | undefined) ?? []) : [];
      if (required.length > 0) expect(res.status).toBeGreaterThanOrEqual(400);
    });

    it('answers an unknown id with 404 and a foreign-firm id like an unknown one', async () => {
      if (!route.path.includes(':')) return;
      const unknown = await send(
        route.method,
        urlFor(route.path, 'x-does-not-exist'),
        actors.headers.partnerB,
      ).send({ role: 'partner' });
      const foreign = await send(
        route.method,
        urlFor(route.path, actors.firmA.id),
        actors.headers.partnerB,
      ).send({ role: 'partner' });
      expect(unknown.status).toBeLessThan(500);
      expect([403, 404, 422]).toContain(unknown.status);
      expect(foreign.status).toBe(unknown.status);
      expect(foreign.body).toEqual(unknown.body);
    });

    // The router failed to decode such a segment and the error answered 500 (found by fuzz.test.ts).
    it('answers a path segment that is not percent-encoded UTF-8 with 400', async () => {
      if (!route.path.includes(':')) return;
      for (const segment of ['%zz', '%ED%A0%80', 'a%00b%E0%A4%A']) {
        const res = await send(route.method, urlFor(route.path, segment), admin());
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ detail: 'The URL path is not valid percent-encoded UTF-8.' });
      }
    });

    // PostgreSQL refuses NUL in text: a NUL in an id answered 500 there (found by fuzz.test.ts).
    it('answers a path id holding NUL with 422 naming it', async () => {
      if (!route.path.includes(':')) return;
      const name = pathParamNames(route.path)[0]!;
      for (const segment of ['%00', 'value%00']) {
        const res = await send(route.method, urlFor(route.path, segment), admin());
        expect(res.status).toBe(422);
        expect(res.body.detail).toContainEqual({
          loc: ['path', name],
          msg: 'must be valid Unicode text without NUL characters',
          type: 'string_unicode',
        });
      }
    });

    it('answers a JSON body that does not inflate as its Content-Encoding says with 400', async () => {
      if (route.method === 'get' || route.method === 'delete') return;
      const res = await send(route.method, urlFor(route.path, actors.firmA.id), admin())
        .set('content-type', 'application/json')
        .set('content-encoding', 'deflate')
        .send('{"a":1}');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: 'The request body does not decode as its Content-Encoding says.' });
    });

    it('answers 401 without credentials', async () => {
      const res = await send(route.method, urlFor(route.path, actors.firmA.id), {});
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: 'Authentication required.' });
    });
  },
);

describe('text no database keeps as sent, and JSON nested too deep', () => {
  const admin = () => ({ 'x-admin-token': ctx.adminToken });
  const issue = (loc: (string | number)[]) => ({
    loc,
    msg: 'must be valid Unicode text without NUL characters',
    type: 'string_unicode',
  });
  let firmId: string;
  beforeAll(async () => {
    firmId = (await makeFirm(ctx)).id;
  });

  it('answers NUL in a query filter with 422 (PostgreSQL answered 500)', async () => {
    const res = await ctx.http().get('/auditsvc/user?firm_id=value%00').set(admin());
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([issue(['query', 'firm_id'])]);
  });

  it.each([
    ['a NUL in a member', { name: 'T\u0000' }, ['body', 'name']],
    ['an unpaired high surrogate', { name: 'T\ud800' }, ['body', 'name']],
    ['an unpaired low surrogate', { name: '\udc00T' }, ['body', 'name']],
    [
      'a NUL in a free-form member name',
      { name: 'T', intake: { doc_hierarchy: { '\u0000': 1 } } },
      ['body', 'intake', 'doc_hierarchy', '\u0000'],
    ],
  ])('answers %s of a body with 422 naming it', async (_label, body, loc) => {
    const res = await ctx
      .http()
      .post('/auditsvc/template')
      .set(admin())
      .send({ firm_id: firmId, ...body });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([issue(loc)]);
  });

  it('keeps well-formed text: astral characters (surrogate pairs) pass', async () => {
    const res = await ctx
      .http()
      .post('/auditsvc/template')
      .set(admin())
      .send({ firm_id: firmId, name: 'Ledger \ud83d\udcd2 Ünïcödé 漢字' });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe('Ledger \ud83d\udcd2 Ünïcödé 漢字');
  });

  const nested = (depth: number) => {
    let value: unknown = 'leaf';
    for (let i = 0; i < depth; i++) value = { level: value };
    return value;
  };
  const create = (depth: number) =>
    ctx
      .http()
      .post('/auditsvc/engagement')
      .set(admin())
      .set('content-type', 'application/json')
      // JSON.stringify recurses: deep bodies are written as text.
      .send(
        depth > 1000
          ? `{"firm_id":"${firmId}","client_name":"Deep","intake":{"doc_hierarchy":${'{"level":'.repeat(depth)}1${'}'.repeat(depth)}}}`
          : JSON.stringify({
              firm_id: firmId,
              client_name: 'Deep',
              intake: { doc_hierarchy: nested(depth) },
            }),
      );

  it.each([MAX_JSON_DEPTH, 100_000])(
    'answers a body nested %s levels deep with 422 too_deep',
    async (depth) => {
      const res = await create(depth);
      expect(res.status).toBe(422);
      expect(res.body.detail).toHaveLength(1);
      expect(res.body.detail[0]).toMatchObject({
        msg: `must not nest more than ${MAX_JSON_DEPTH} levels`,
        type: 'too_deep',
      });
      // The first value past the limit is named: MAX_JSON_DEPTH members below the body.
      expect(res.body.detail[0].loc).toHaveLength(MAX_JSON_DEPTH + 1);
      expect(res.body.detail[0].loc.slice(0, 4)).toEqual(['body', 'intake', 'doc_hierarchy', 'level']);
    },
  );

  it('accepts a free-form member nested as deep as the limit allows', async () => {
    // body, intake, doc_hierarchy: the value under doc_hierarchy may nest MAX_JSON_DEPTH - 3 more.
    const res = await create(MAX_JSON_DEPTH - 3);
    expect(res.status).toBe(201);
  });
});

// Found by fuzz.test.ts with requests in flight together: a DELETE of the user while reset-password
// hashed the new one made the write fail in Prisma (P2025), answered 500.
describe('a record deleted between lookup and write', () => {
  it('answers 404, not 500', async () => {
    const user = await makeUser(ctx, 'associate', (await makeFirm(ctx)).id);
    // The real recovery service, whose password hashing lets a deletion in first.
    const recovery = createRecoveryService({
      repos: ctx.services.repos,
      logger: ctx.services.logger,
      passwords: {
        ...ctx.services.passwords,
        hash: async (password: string) => {
          await ctx.services.repos.users.delete(user.id);
          return ctx.services.passwords.hash(password);
        },
      },
    });
    const racing = routes.map((route): RouteSpec =>
      route.operationId === 'resetUserPassword'
        ? {
            ...route,
            handler: async ({ params, body }) =>
              recovery.resetPassword(params.user_id!, (body as { new_password: string }).new_password),
          }
        : route,
    );
    const server = await serve(buildApp(ctx.services, racing));
    try {
      const res = await fetch(`${server.baseUrl}/auditsvc/user/${user.id}/reset-password`, {
        method: 'POST',
        headers: { 'x-admin-token': ctx.adminToken, 'content-type': 'application/json' },
        body: JSON.stringify({ new_password: 'a long enough password' }),
      });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ detail: 'Not found.' });
    } finally {
      await server.close();
    }
  });
});

// The sweep above deletes firm A (DELETE /auditsvc/firm/{A} as admin): these use a firm of their own.
describe('bodies whose Content-Encoding does not hold', () => {
  let firmId: string;
  beforeAll(async () => {
    firmId = (await makeFirm(ctx)).id;
  });
  const json = Buffer.from(JSON.stringify({ tagline: 'compressed' }));
  const compress = { gzip: zlib.gzipSync, deflate: zlib.deflateSync, br: zlib.brotliCompressSync };

  // fetch sends the bytes as they are (supertest would serialise a Buffer sent as JSON).
  async function put(encoding: string, bytes: Buffer) {
    const server = await serve(ctx.app);
    try {
      const res = await fetch(`${server.baseUrl}/auditsvc/firm/${firmId}`, {
        method: 'PUT',
        headers: {
          'x-admin-token': ctx.adminToken,
          'content-type': 'application/json',
          'content-encoding': encoding,
        },
        body: bytes,
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    } finally {
      await server.close();
    }
  }

  it.each([
    ['gzip', Buffer.from('{"tagline":"not gzip"}')],
    ['gzip', zlib.gzipSync(json).subarray(0, 12)],
    ['deflate', zlib.deflateSync(json).subarray(0, 6)],
    ['br', Buffer.from('not brotli at all')],
  ] as const)('answers %s that does not decode with 400, and decodes a real one', async (encoding, bytes) => {
    const res = await put(encoding, bytes);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'The request body does not decode as its Content-Encoding says.' });
    const ok = await put(encoding, compress[encoding](json));
    expect(ok.status).toBe(200);
    expect(ok.body.tagline).toBe('compressed');
  });
});

describe('an SVG logo nested deeper than any logo', () => {
  let firmId: string;
  beforeAll(async () => {
    firmId = (await makeFirm(ctx)).id;
  });
  /** An SVG whose elements nest `depth` levels: <svg>, depth - 2 <g>, a <rect>. */
  const nestedSvg = (depth: number) =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg">${'<g>'.repeat(depth - 2)}<rect width="1" height="1"/>` +
        `${'</g>'.repeat(depth - 2)}</svg>`,
    );
  const upload = (bytes: Buffer) =>
    ctx
      .http()
      .post(`/auditsvc/firm/${firmId}/logo`)
      .set({ 'x-admin-token': ctx.adminToken })
      .attach('file', bytes, { filename: 'logo.svg', contentType: 'image/svg+xml' });

  // 20,000 nested <g> overflowed the stack of the recursive sanitiser: 500 (found by fuzz.test.ts).
  it.each([MAX_SVG_DEPTH + 1, 20_000])('answers %s levels with 415 naming the limit', async (depth) => {
    const res = await upload(nestedSvg(depth));
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      detail: `SVG elements nested more than ${MAX_SVG_DEPTH} deep are not accepted.`,
    });
  });

  it(`accepts ${MAX_SVG_DEPTH} levels`, async () => {
    const res = await upload(nestedSvg(MAX_SVG_DEPTH));
    expect(res.status).toBe(200);
    expect(res.body.content_type).toBe('image/svg+xml');
  });
});

const listRoutes = apiRoutes.filter((route) => {
  const properties = (route.query?.properties ?? {}) as Record<string, { maximum?: number }>;
  return route.method === 'get' && properties.limit?.maximum !== undefined;
});

describe.each(listRoutes.map((route) => [route.path, route] as const))(
  'pagination bounds of GET %s',
  (_path, route) => {
    const max = (route.query!.properties as Record<string, { maximum: number }>).limit.maximum;
    const url = (query: string) => `${urlFor(route.path, actors.firmA.id)}?engagement_id=x&${query}`;

    it.each([
      ['limit=0', ['query', 'limit'], 'greater_than_equal', 'must be >= 1'],
      [`limit=${max + 1}`, ['query', 'limit'], 'less_than_equal', `must be <= ${max}`],
      ['offset=-1', ['query', 'offset'], 'greater_than_equal', 'must be >= 0'],
      ['limit=abc', ['query', 'limit'], 'int_type', 'must be integer'],
    ])('answers %s with a 422 naming the constraint', async (query, loc, type, msg) => {
      const res = await ctx.http().get(url(query)).set({ 'x-admin-token': ctx.adminToken });
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual([{ loc, msg, type }]);
    });

    // An offset the schema let through used to reach the database, which cannot fit it into a
    // 64-bit integer: 500. It is refused before any query.
    it.each(['offset=1e308', 'offset=99999999999999999999', `offset=${MAX_OFFSET + 1}`])(
      'answers %s with a 422 naming the documented maximum',
      async (query) => {
        const res = await ctx.http().get(url(query)).set({ 'x-admin-token': ctx.adminToken });
        expect(res.status).toBe(422);
        expect(res.body.detail).toEqual([
          { loc: ['query', 'offset'], msg: `must be <= ${MAX_OFFSET}`, type: 'less_than_equal' },
        ]);
      },
    );
  },
);

describe.each(['/auditsvc/template', '/auditsvc/firm', '/auditsvc/user', '/auditsvc/engagement'])(
  'GET %s at the largest offset',
  (path) => {
    it('answers 200 with an empty page: the maximum itself fits every database', async () => {
      const res = await ctx
        .http()
        .get(`${path}?offset=${MAX_OFFSET}`)
        .set({ 'x-admin-token': ctx.adminToken });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ count: 0, offset: MAX_OFFSET });
    });
  },
);

/** Every integer or number schema inside a request schema, with where it sits. */
function numericSchemas(schema: JsonSchema | undefined, where: string): [string, JsonSchema][] {
  if (!schema || typeof schema !== 'object') return [];
  const types = ([] as unknown[]).concat(schema.type ?? []);
  const own: [string, JsonSchema][] =
    types.includes('integer') || types.includes('number') ? [[where, schema]] : [];
  const children = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).flatMap(
    ([name, child]) => numericSchemas(child, `${where}.${name}`),
  );
  const items = schema.items ? numericSchemas(schema.items as JsonSchema, `${where}[]`) : [];
  return [...own, ...children, ...items];
}

it('bounds every integer a route takes with a documented minimum and maximum', () => {
  const numbers = routes.flatMap((route) =>
    (['params', 'query', 'body'] as const).flatMap((location) =>
      numericSchemas(route[location] || undefined, `${route.operationId} ${location}`),
    ),
  );
  expect(numbers.length).toBeGreaterThan(10);
  const unbounded = numbers
    .filter(([, schema]) => typeof schema.minimum !== 'number' || typeof schema.maximum !== 'number')
    .map(([where]) => where);
  expect(unbounded).toEqual([]);
});

it('covers every paginated list of the specification, and the runs list', () => {
  expect(listRoutes.map((route) => route.path).sort()).toEqual(
    [
      '/auditsvc/engagement',
      '/auditsvc/engagement/:engagement_id/findings',
      '/auditsvc/engagement/:engagement_id/runs',
      '/auditsvc/finding/:finding_id/comments',
      '/auditsvc/findings/search',
      '/auditsvc/firm',
      '/auditsvc/template',
      '/auditsvc/user',
    ].sort(),
  );
});
