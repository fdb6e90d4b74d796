// Drill: the database unavailable for a while under a real API process, on each provider.
// - PostgreSQL (api-postgres): a server of the test's own is stopped (pg_ctl stop -m fast), so open
//   sessions end and new connections are refused, then started again.
// - SQLite (api-sqlite): another process holds the database file's write lock (BEGIN EXCLUSIVE)
//   past the busy timeout, then lets it go.
// Each shows: 503 with Retry-After naming the database (never a 500) for what needs the database,
// 200 for what does not, nothing half-written, and recovery without restarting the API.
import BetterSqlite3 from 'better-sqlite3';
import supertest from 'supertest';
import { sqliteFilePath } from '@auditsvc/db';
import { Actors, makeActors, makeEngagement, makeFindings } from '../../../../test/helpers/builders';
import { TestContext, createTestContext } from '../../../../test/helpers/context';
import {
  OwnPostgres,
  createOwnPostgres,
  ownPostgresUnavailable,
} from '../../../../test/helpers/postgres-server';
import { startApiProcess } from '../../../../test/helpers/processes';
import { lockHolder } from '../../../../test/helpers/sqlite-lock';
import { waitFor } from '../../../../test/helpers/wait';

jest.setTimeout(90_000);

type Api = Awaited<ReturnType<typeof startApiProcess>>;

interface Drill {
  ctx: TestContext;
  actors: Actors;
  api: Api;
  engagementId: string;
  findingId: string;
}

async function setUp(): Promise<Drill> {
  const ctx = await createTestContext();
  const actors = await makeActors(ctx);
  const engagement = await makeEngagement(ctx, actors.firmA);
  const [finding] = await makeFindings(ctx, engagement, [{}]);
  const api = await startApiProcess(ctx);
  return { ctx, actors, api, engagementId: engagement.id, findingId: finding!.id };
}

const client = (drill: Drill) => supertest(drill.api.baseUrl);
const engagement = (drill: Drill, headers = drill.actors.headers.partnerA) =>
  client(drill).get(`/auditsvc/engagement/${drill.engagementId}`).set(headers);
const findings = (drill: Drill) =>
  client(drill).get(`/auditsvc/engagement/${drill.engagementId}/findings`).set(drill.actors.headers.partnerA);
const comments = (drill: Drill) =>
  client(drill)
    .get(`/auditsvc/finding/${drill.findingId}/comments?engagement_id=${drill.engagementId}`)
    .set(drill.actors.headers.partnerA);
const comment = (drill: Drill, body: string) =>
  client(drill)
    .post(`/auditsvc/finding/${drill.findingId}/comments?engagement_id=${drill.engagementId}`)
    .set(drill.actors.headers.partnerA)
    .send({ body });

function expectDatabaseUnavailable(res: supertest.Response) {
  expect(res.status).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.body).toEqual({
    detail: 'The database is unavailable. Try again shortly.',
    dependency: 'database',
  });
}

/** The API answered every request of the drill without a 500 and logged no unhandled error. */
function expectNoUnhandledErrors(api: Api) {
  expect(api.output()).not.toContain('unhandled_error');
  expect(api.output()).not.toMatch(/"status":5(?!03)\d\d/);
  expect(api.output()).toContain('"dependency":"database"');
}

const onPostgres = process.env.TEST_DATABASE === 'postgresql';
const skipNote = (title: string, reason: string | null) => (reason ? `${title} (skipped: ${reason})` : title);

/** Why the PostgreSQL drill does not run in this project, or null when it does. */
const postgresSkip = !onPostgres
  ? 'PostgreSQL only; api-sqlite runs the SQLite lock drill'
  : ownPostgresUnavailable();

(postgresSkip ? describe.skip : describe)(skipNote('PostgreSQL refusing connections', postgresSkip), () => {
  let server: OwnPostgres;
  let drill: Drill;
  const sharedAdminUrl = process.env.TEST_POSTGRES_URL;

  beforeAll(async () => {
    server = await createOwnPostgres();
    // The test database is created on this server, not the shared one.
    process.env.TEST_POSTGRES_URL = server.adminUrl;
    drill = await setUp();
  });
  afterAll(async () => {
    await drill?.api.stop();
    await drill?.ctx.close().catch(() => undefined);
    server?.dispose();
    if (sharedAdminUrl === undefined) delete process.env.TEST_POSTGRES_URL;
    else process.env.TEST_POSTGRES_URL = sharedAdminUrl;
  });

  it('answers 503 while the server is down and recovers without a restart once it is back', async () => {
    const before = await engagement(drill);
    expect(before.status).toBe(200);
    expect((await comment(drill, 'Before the outage.')).status).toBe(201);

    server.stop();
    // Sessions are looked up in the database, the admin token is not: both need it for the read.
    expectDatabaseUnavailable(await engagement(drill));
    expectDatabaseUnavailable(await engagement(drill, drill.actors.headers.adminToken));
    expectDatabaseUnavailable(await findings(drill));
    expectDatabaseUnavailable(await comment(drill, 'During the outage.'));
    expect((await client(drill).get('/healthz')).status).toBe(200);
    const readyz = await client(drill).get('/readyz');
    expect(readyz.status).toBe(503);
    expect(readyz.headers['retry-after']).toBe('5');
    expect(readyz.body).toMatchObject({ ok: false, database: 'unavailable', redis: 'ok' });

    server.start();
    await waitFor(
      'readyz to see the database back',
      async () => (await client(drill).get('/readyz')).status === 200,
    );
    expect((await engagement(drill)).body).toEqual(before.body);
    expect((await comment(drill, 'After the outage.')).status).toBe(201);
    // Nothing of the refused write was stored; both others were.
    const stored = await comments(drill);
    expect(stored.status).toBe(200);
    expect(stored.body.comments.map((c: { body: string }) => c.body).sort()).toEqual([
      'After the outage.',
      'Before the outage.',
    ]);
    expect(drill.api.child.exitCode).toBeNull();
    expectNoUnhandledErrors(drill.api);
  });
});

/** Why the SQLite drill does not run in this project, or null when it does. */
const sqliteSkip = onPostgres ? 'SQLite only; api-postgres runs the PostgreSQL drill' : null;

(sqliteSkip ? describe.skip : describe)(skipNote('SQLite file locked by another process', sqliteSkip), () => {
  let drill: Drill;

  beforeAll(async () => {
    drill = await setUp();
  });
  afterAll(async () => {
    await drill?.api.stop();
    await drill?.ctx.close();
  });

  it('answers 503 for writes past the busy timeout, keeps reading, and recovers once the lock is gone', async () => {
    const before = await engagement(drill);
    expect(before.status).toBe(200);
    expect((await comment(drill, 'Before the lock.')).status).toBe(201);
    const file = sqliteFilePath(drill.ctx.database.url);

    const holder = lockHolder(file);
    try {
      await holder.locked();
      // WAL: readers do not wait for a writer, so reads (and sessions) keep working.
      expect((await engagement(drill)).body).toEqual(before.body);
      expect((await findings(drill)).status).toBe(200);
      // A write waits for the lock as long as the busy timeout allows, then gives up: 503. It waits
      // without holding the API's event loop: other requests are answered meanwhile (a blocking
      // wait answered at most the one that came before the write reached the database).
      let writing = true;
      const write = comment(drill, 'During the lock.').then((res) => {
        writing = false;
        return res;
      });
      let answeredMeanwhile = 0;
      while (writing) {
        const health = await client(drill).get('/healthz');
        expect(health.status).toBe(200);
        if (writing) answeredMeanwhile += 1;
      }
      expectDatabaseUnavailable(await write);
      expect(answeredMeanwhile).toBeGreaterThan(5);
    } finally {
      await holder.release();
    }

    expect((await comment(drill, 'After the lock.')).status).toBe(201);
    const stored = await comments(drill);
    expect(stored.body.comments.map((c: { body: string }) => c.body).sort()).toEqual([
      'After the lock.',
      'Before the lock.',
    ]);
    expect(drill.api.child.exitCode).toBeNull();
    expectNoUnhandledErrors(drill.api);
    // Nothing is corrupted: SQLite's own check of the whole file.
    const check = new BetterSqlite3(file, { readonly: true });
    try {
      expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      check.close();
    }
  });
});
