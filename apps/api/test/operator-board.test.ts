// Bull Board at /admin/queues: platform administrators only, and it shows the service's queues.
import { Actors, makeActors } from '../../../test/helpers/builders';
import { TestContext, createTestContext } from '../../../test/helpers/context';

let ctx: TestContext;
let actors: Actors;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await makeActors(ctx);
});
afterAll(() => ctx.close());

it('refuses callers without credentials (401) and non-admin sessions (403)', async () => {
  expect((await ctx.http().get('/admin/queues')).status).toBe(401);
  expect((await ctx.http().get('/admin/queues').set(actors.headers.partnerA)).status).toBe(403);
  expect((await ctx.http().get('/admin/queues/api/queues').set(actors.headers.associateA)).status).toBe(403);
});

it('serves the board and lists the four queues to the admin token and admin sessions', async () => {
  const page = await ctx.http().get('/admin/queues').set(actors.headers.adminToken);
  expect(page.status).toBe(200);
  expect(page.headers['content-type']).toMatch(/text\/html/);
  const api = await ctx.http().get('/admin/queues/api/queues').set(actors.headers.adminSession);
  expect(api.status).toBe(200);
  const names = (api.body.queues as { name: string }[]).map((queue) => queue.name).sort();
  expect(names).toEqual(['ingest', 'investigate-further', 'portfolio-recompute', 'run']);
});
