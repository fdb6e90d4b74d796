// A sweep over every declared route with hostile input: malformed JSON, wrong types, oversize
// bodies, unknown and foreign ids. Each must answer a documented 4xx, never a 5xx.
import { routes } from '../src/app';
import { Actors, makeActors } from '../../../test/helpers/builders';
import { TestContext, createTestContext } from '../../../test/helpers/context';

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

    it('answers 401 without credentials', async () => {
      const res = await send(route.method, urlFor(route.path, actors.firmA.id), {});
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: 'Authentication required.' });
    });
  },
);
