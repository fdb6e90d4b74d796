// The fuzzing suite (issue 14): requests generated from the route declarations (the ones that make
// /auditsvc/openapi.json), every operation as every caller of the tenancy matrix, valid and
// mutated, against the real application on a loopback port. Nothing may answer 5xx, show a stack
// trace or an internal path, answer outside the error envelope, or succeed where the caller may
// not act; the service must answer normally afterwards.
//
// FUZZ_SEED (default below; "random" for a fresh one) and FUZZ_REQUESTS (default 5000) choose the
// campaign; FUZZ_ONLY=<index> replays one request of it. A failure prints the seed and requests.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { presentFirm } from '@auditsvc/services';
import { buildApp, routes } from '../src/app';
import type { RouteSpec } from '../src/http/route';
import { TestContext, createTestContext } from '../../../test/helpers/context';
import { serve } from '../../../test/helpers/server';
import { FuzzResult, coverageRequests, formatFailures, runFuzz } from '../../../test/helpers/fuzz/runner';
import { World, createWorld } from '../../../test/helpers/fuzz/world';

const SEED =
  process.env.FUZZ_SEED === 'random' ? randomBytes(4).toString('hex') : (process.env.FUZZ_SEED ?? 'issue-14');
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 5000);
const ONLY = process.env.FUZZ_ONLY === undefined ? undefined : Number(process.env.FUZZ_ONLY);
/** Requests in flight at once: the database's round trips overlap (PostgreSQL most). */
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 4);
/** A fresh world every so many requests: deletions and lifecycle moves use records up. */
const ROUND_SIZE = 1000;

let ctx: TestContext;
let server: { baseUrl: string; close(): Promise<void> };
let lastWorld: World | undefined;

beforeAll(async () => {
  ctx = await createTestContext();
  server = await serve(ctx.app);
});
afterAll(async () => {
  await server?.close();
  await ctx?.close();
});

const PROTOTYPE_MEMBERS = Object.getOwnPropertyNames(Object.prototype).sort().join();

/** A request must never add members to Object.prototype (prototype pollution of the process). */
function processInvariants(): string[] {
  const problems: string[] = [];
  if (Object.getOwnPropertyNames(Object.prototype).sort().join() !== PROTOTYPE_MEMBERS) {
    problems.push('Object.prototype gained members');
  }
  if (({} as Record<string, unknown>).polluted !== undefined)
    problems.push('every object has a "polluted" member');
  return problems;
}

function campaign(
  baseUrl: string,
  options: { requests: number; only?: number; maxFailures?: number; routes?: RouteSpec[] },
) {
  return runFuzz({
    baseUrl,
    routes,
    seed: SEED,
    roundSize: ROUND_SIZE,
    newWorld: async () => (lastWorld = await createWorld(ctx)),
    internalPaths: [path.resolve(__dirname, '../../..'), ctx.dataDir],
    invariants: processInvariants,
    concurrency: CONCURRENCY,
    ...options,
  });
}

/** The errors the API logged (name, message and first frames), to go with a failure report. */
function serverErrors(): string {
  const errors = ctx.logs
    .map((line) => JSON.parse(line) as { msg?: string; message?: string; error?: { stack?: string } })
    .filter((entry) => (entry.msg ?? entry.message) === 'unhandled_error')
    .map((entry) => (entry.error?.stack ?? JSON.stringify(entry.error)).split('\n').slice(0, 4).join('\n'));
  return errors.length > 0 ? `The API logged:\n${[...new Set(errors)].slice(0, 5).join('\n---\n')}` : '';
}

function summary(result: FuzzResult): string {
  const statuses = [...result.statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}:${n}`);
  return (
    `fuzz seed=${result.seed} sent=${result.sent} operations=${result.operations.size}/${routes.length} ` +
    `failures=${result.failures.length} ${result.durationMs} ms (worlds ${result.worldMs} ms, cpu ${result.cpuMs} ms); statuses ${statuses.join(' ')}; slowest ` +
    [...result.timeByOperation.entries()]
      .sort(([, a], [, b]) => b.ms - a.ms)
      .slice(0, 8)
      .map(([operation, { requests, ms }]) => `${operation} ${ms} ms/${requests}`)
      .join(', ')
  );
}

it('answers every operation, as every caller, with no 5xx, leak or breach of tenancy', async () => {
  const result = await campaign(server.baseUrl, { requests: REQUESTS, only: ONLY });
  if (process.env.FUZZ_VERBOSE) console.log(summary(result));
  if (result.failures.length > 0) throw new Error(`${formatFailures(result, REQUESTS)}\n\n${serverErrors()}`);
  expect(result.sent).toBe(ONLY === undefined ? REQUESTS : 1);
  if (ONLY === undefined && REQUESTS >= coverageRequests(routes))
    expect(result.operations.size).toBe(routes.length);
}, 600_000);

it('still answers afterwards: liveness, readiness and a valid read', async () => {
  expect((await ctx.http().get('/healthz')).status).toBe(200);
  expect((await ctx.http().get('/readyz')).body).toEqual({
    ok: true,
    database: 'ok',
    redis: 'ok',
    storage: 'ok',
  });
  const world = lastWorld ?? (await createWorld(ctx));
  const firmA = world.records.find((record) => record.kind === 'firm' && record.firm === 'A')!;
  const res = await ctx.http().get(`/auditsvc/firm/${firmA.id}`).set(world.headers.adminToken);
  expect(res.status).toBe(200);
  expect(res.body.id).toBe(firmA.id);
});

describe('a deliberately broken handler', () => {
  /** The real route table with three faults: a throw, a stack trace in a 4xx, a missing firm check. */
  function brokenRoutes(): RouteSpec[] {
    return routes.map((route): RouteSpec => {
      switch (route.operationId) {
        case 'getTemplate':
          return {
            ...route,
            handler: async () => {
              throw new Error('deliberately broken');
            },
          };
        case 'listFirms':
          return {
            ...route,
            handler: async ({ res }) => {
              res.status(400).json({ detail: new Error('deliberately broken').stack });
              return undefined;
            },
          };
        case 'getFirm':
          // Any caller may read any firm: the tenancy check is gone.
          return {
            ...route,
            handler: async ({ params, services }) => {
              const firm = await services.firms.requireVisibleFirm({ kind: 'admin_token' }, params.firm_id!);
              return presentFirm(firm);
            },
          };
      }
      return route;
    });
  }

  it('fails the campaign, printing the seed and the requests that show it', async () => {
    const broken = await serve(buildApp(ctx.services, brokenRoutes()));
    // The three broken operations and three working ones, to keep this campaign short.
    const aimed = routes.filter((route) =>
      ['getTemplate', 'listFirms', 'getFirm', 'listTemplates', 'getEngagement', 'createFirm'].includes(
        route.operationId,
      ),
    );
    const requests = coverageRequests(aimed) + 150;
    try {
      const result = await campaign(broken.baseUrl, { requests, maxFailures: 1000, routes: aimed });
      const report = formatFailures(result, requests);
      if (process.env.FUZZ_VERBOSE) console.log(report);
      expect(report).toContain(`Replay the run:     FUZZ_SEED=${SEED} FUZZ_REQUESTS=`);
      const problemsOf = (operationId: string) =>
        result.failures.filter((f) => f.request.operationId === operationId).flatMap((f) => f.problems);
      expect(problemsOf('getTemplate')).toContain('server error 500');
      expect(problemsOf('listFirms').some((problem) => problem.startsWith('body shows internals'))).toBe(
        true,
      );
      expect(
        problemsOf('getFirm').some((problem) =>
          /^answered 200 although path.firm_id is firm [ABC]'s/.test(problem),
        ),
      ).toBe(true);
      // Every failure names its replay, and the working routes fail nothing (a request sent with
      // another method may reach a broken route: GET on createFirm's path is listFirms).
      expect(report).toMatch(/replay: FUZZ_SEED=\S+ FUZZ_ONLY=\d+/);
      const sameMethod = result.failures.filter((f) => !f.request.mutation.startsWith('method'));
      expect(new Set(sameMethod.map((f) => f.request.operationId))).toEqual(
        new Set(['getTemplate', 'listFirms', 'getFirm']),
      );
    } finally {
      await broken.close();
    }
  }, 120_000);
});
