// Redis unavailable, seen by the in-process API on a Redis of the test's own: every operation that
// enqueues a job or opens a stream answers 503 with Retry-After and a detail naming the queue (or
// the stream relay), and leaves the engagement exactly as it was (no run row, same status, corpus
// and updated_at); reads keep working; open streams end with a `stream_interrupted` frame; and
// once Redis is back, the same requests work without restarting anything. Stopped Redis (refused
// connections) and paused Redis (SIGSTOP: connected but silent) are both covered.
import { Actors, makeActors, makeEngagement, makeFindings } from '../../../test/helpers/builders';
import { TestContext, createTestContext } from '../../../test/helpers/context';
import { OwnRedis, createOwnRedis } from '../../../test/helpers/redis-server';
import { sampleIntake } from '../../../test/helpers/sample-corpus';
import { serve } from '../../../test/helpers/server';
import { openSse } from '../../../test/helpers/sse';
import { waitFor } from '../../../test/helpers/wait';

jest.setTimeout(60_000);

let redis: OwnRedis;
let ctx: TestContext;
let actors: Actors;
let server: Awaited<ReturnType<typeof serve>>;

/** An engagement ready to run: intake, an ingested corpus of its own, one finding. */
let ready: string;
let findingId: string;
/** An engagement whose last ingest failed (files uploaded, corpus_error set). */
let failedIngest: string;

const view = async (id: string) => {
  const res = await ctx.http().get(`/auditsvc/engagement/${id}`).set(actors.headers.partnerA);
  expect(res.status).toBe(200);
  return res.body as Record<string, unknown>;
};
const runsOf = (id: string) => ctx.services.db.prisma.run.count({ where: { engagementId: id } });

const startRun = (id: string) =>
  ctx.http().post(`/auditsvc/engagement/${id}/run`).set(actors.headers.partnerA).send({});
const investigate = (id: string) =>
  ctx
    .http()
    .post(`/auditsvc/finding/${findingId}/investigate-further?engagement_id=${id}`)
    .set(actors.headers.partnerA)
    .send({});
const ingest = (id: string) =>
  ctx.http().post(`/auditsvc/engagement/${id}/corpus/ingest`).set(actors.headers.partnerA);
const recompute = () =>
  ctx.http().post('/auditsvc/findings/portfolio-clusters/recompute').set(actors.headers.partnerA);

function expectQueueUnavailable(
  res: { status: number; headers: Record<string, string>; body: unknown },
  queue: string,
) {
  expect(res.status).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.body).toEqual({
    detail: expect.stringContaining(`The ${queue} queue is unavailable`),
    dependency: 'redis',
    queue,
  });
}

const readiness = async () => (await ctx.http().get('/readyz')).body as { redis: string };

beforeAll(async () => {
  redis = await createOwnRedis();
  ctx = await createTestContext({ REDIS_URL: redis.url });
  actors = await makeActors(ctx);
  server = await serve(ctx.app);
  const engagement = await makeEngagement(ctx, actors.firmA, { intake: sampleIntake });
  ready = engagement.id;
  await ctx.services.repos.engagements.update(ready, {
    corpusStatus: 'ingested',
    clientId: ready,
    status: 'findings_review',
  });
  findingId = (await makeFindings(ctx, engagement, [{}]))[0]!.id;
  failedIngest = (await makeEngagement(ctx, actors.firmA)).id;
  const upload = await ctx
    .http()
    .post(`/auditsvc/engagement/${failedIngest}/corpus/upload`)
    .set(actors.headers.partnerA)
    .attach('file', Buffer.from('A policy.\n'), 'policy.txt');
  expect(upload.status).toBe(201);
  await ctx.services.repos.engagements.update(failedIngest, {
    corpusStatus: 'ingest_failed',
    corpusError: '1 file could not be parsed. policy.txt: malformed',
  });
});
afterAll(async () => {
  await server?.close();
  await ctx?.close();
  await redis?.dispose();
});

describe('Redis stopped', () => {
  it('interrupts open streams with a final frame', async () => {
    // Work in progress keeps both streams open.
    const busy = await makeEngagement(ctx, actors.firmA, { status: 'queued' });
    await ctx.services.repos.engagements.update(busy.id, { corpusStatus: 'ingesting' });
    const base = `${server.baseUrl}/auditsvc/engagement/${busy.id}`;
    const runStream = await openSse(`${base}/stream`, actors.headers.partnerA);
    const corpusStream = await openSse(`${base}/corpus/stream`, actors.headers.partnerA);
    await runStream.waitForEvent('snapshot');
    await corpusStream.waitForEvent('snapshot');

    await redis.stop();
    for (const stream of [runStream, corpusStream]) {
      await stream.waitForClose(15_000);
      const frames = stream.events();
      expect(frames.map((frame) => frame.type)).toEqual(['snapshot', 'stream_interrupted']);
      expect(frames[1]).toMatchObject({ retry_after: 5, detail: expect.stringContaining('Redis') });
    }
    await waitFor('readyz to see Redis down', async () => (await readiness()).redis === 'unavailable');
  });

  it('answers 503 naming the queue for a run and changes nothing', async () => {
    const before = await view(ready);
    expectQueueUnavailable(await startRun(ready), 'run');
    expect(await view(ready)).toEqual(before);
    expect(await runsOf(ready)).toBe(0);
  });

  it('answers 503 for investigate-further and changes nothing', async () => {
    const before = await view(ready);
    expectQueueUnavailable(await investigate(ready), 'investigate-further');
    expect(await view(ready)).toEqual(before);
    expect(await runsOf(ready)).toBe(0);
  });

  it('takes uploads (no queue), answers 503 for ingest and keeps the corpus as it was', async () => {
    const fresh = (await makeEngagement(ctx, actors.firmA)).id;
    const upload = await ctx
      .http()
      .post(`/auditsvc/engagement/${fresh}/corpus/upload`)
      .set(actors.headers.partnerA)
      .attach('file', Buffer.from('Another policy.\n'), 'second.txt');
    expect(upload.status).toBe(201);
    // A first ingest, and one after a failed ingest (whose error must survive).
    for (const id of [fresh, failedIngest]) {
      const before = await view(id);
      expectQueueUnavailable(await ingest(id), 'ingest');
      expect(await view(id)).toEqual(before);
    }
    expect((await view(fresh)).corpus).toMatchObject({ status: 'uploaded', error: null });
    expect((await view(failedIngest)).corpus).toMatchObject({
      status: 'ingest_failed',
      error: expect.stringContaining('malformed'),
    });
  });

  it('answers 503 for a portfolio recompute', async () => {
    expectQueueUnavailable(await recompute(), 'portfolio-recompute');
  });

  it('answers 503 with Retry-After instead of opening a stream', async () => {
    for (const path of ['stream', 'corpus/stream']) {
      const res = await ctx.http().get(`/auditsvc/engagement/${ready}/${path}`).set(actors.headers.partnerA);
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).toEqual({ detail: expect.stringContaining('Redis'), dependency: 'redis' });
    }
  });

  it('keeps answering reads, and readyz names Redis', async () => {
    expect((await ctx.http().get('/healthz')).status).toBe(200);
    const findings = await ctx
      .http()
      .get(`/auditsvc/engagement/${ready}/findings`)
      .set(actors.headers.partnerA);
    expect(findings.status).toBe(200);
    expect(findings.body.total).toBe(1);
    const readyz = await ctx.http().get('/readyz');
    expect(readyz.status).toBe(503);
    expect(readyz.headers['retry-after']).toBe('5');
    expect(readyz.body).toMatchObject({ ok: false, database: 'ok', redis: 'unavailable' });
  });

  it('works again once Redis is back, without a restart', async () => {
    await redis.start();
    await waitFor('readyz to see Redis back', async () => (await readiness()).redis === 'ok');
    // Every connection (queues, subscriber) has reconnected by the time the requests succeed.
    const stream = await waitFor('the run stream to open', async () => {
      const opened = await openSse(
        `${server.baseUrl}/auditsvc/engagement/${ready}/stream`,
        actors.headers.partnerA,
      );
      return opened.status === 200 ? opened : (opened.close(), null);
    });
    await stream.waitForClose(15_000);
    expect(stream.events()).toEqual([
      expect.objectContaining({ type: 'snapshot', status: 'findings_review' }),
    ]);
    const ingested = await waitFor('the ingest to be queued', async () => {
      const res = await ingest(failedIngest);
      return res.status === 503 ? null : res;
    });
    expect(ingested.status).toBe(202);
    expect((await view(failedIngest)).corpus).toMatchObject({ status: 'ingesting', error: null });
    const run = await startRun(ready);
    expect(run.status).toBe(202);
    expect(await runsOf(ready)).toBe(1);
    const queue = ctx.services.jobs.queues.find((q) => q.name === 'run')!;
    expect(await queue.getWaitingCount()).toBe(1);
  });
});

describe('Redis paused (connected, not answering)', () => {
  it('answers 503 after the call time limit, changes nothing, and a late job finds no run', async () => {
    const engagement = await makeEngagement(ctx, actors.firmA, { intake: sampleIntake });
    await ctx.services.repos.engagements.update(engagement.id, {
      corpusStatus: 'ingested',
      clientId: engagement.id,
    });
    const before = await view(engagement.id);
    const queue = ctx.services.jobs.queues.find((q) => q.name === 'run')!;
    const waiting = await queue.getWaitingCount();
    redis.pause();
    try {
      expectQueueUnavailable(await startRun(engagement.id), 'run');
      expect(await view(engagement.id)).toEqual(before);
      expect(await runsOf(engagement.id)).toBe(0);
    } finally {
      redis.resume();
    }
    // The command was sent before the time limit, so Redis runs it once it answers again: the job
    // exists, but its run does not (a worker skips it: executor.ts).
    const late = await waitFor('the late job', async () =>
      (await queue.getWaitingCount()) > waiting
        ? (await queue.getWaiting()).find((job) => job.data.engagementId === engagement.id)
        : null,
    );
    expect(await ctx.services.repos.runs.findRun(late.data.runId)).toBeNull();
    expect(await view(engagement.id)).toEqual(before);
  });
});
