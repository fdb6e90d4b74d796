// Drill: Redis stopped in the middle of a run and started again, under real API and worker
// processes on a Redis of the test's own (append-only file on, as deployed). While Redis is down
// the API answers 503 with Retry-After where it needs the queues (run, ingest, stream opening) and
// 200 where it does not (engagement, findings, healthz); readyz answers 503 naming Redis; the open
// run stream ends with a final frame. Once Redis is back, without restarting either process, the
// run finishes (never stays `running`), its job leaves the queue, and new work runs.
import supertest from 'supertest';
import { Actors, makeActors, makeEngagement } from '../../../../test/helpers/builders';
import { TestContext, createTestContext } from '../../../../test/helpers/context';
import { TestProcess, startApiProcess, startWorkerProcess } from '../../../../test/helpers/processes';
import { OwnRedis, createOwnRedis } from '../../../../test/helpers/redis-server';
import { sampleFile, sampleIntake } from '../../../../test/helpers/sample-corpus';
import { openSse } from '../../../../test/helpers/sse';
import { waitFor } from '../../../../test/helpers/wait';
import { runEnded } from '../../../../test/helpers/run-ended';

jest.setTimeout(120_000);

/** Four Markdown policies of the sample corpus: quick to ingest, enough for a run with findings. */
const TEXT_FILES = [
  'Information-Security-Policy.md',
  'Risk-Management-Policy.md',
  'Incident-Response-Plan.md',
  'Vendor-Management-Policy.md',
];

let redis: OwnRedis;
let ctx: TestContext;
let actors: Actors;
let api: Awaited<ReturnType<typeof startApiProcess>>;
let worker: TestProcess;
/** The engagement whose corpus is ingested and which is run during the outage. */
let runId: string;

const http = () => supertest(api.baseUrl);
const view = async (id: string) => {
  const res = await http().get(`/auditsvc/engagement/${id}`).set(actors.headers.partnerA);
  expect(res.status).toBe(200);
  return res.body as Record<string, unknown>;
};
const settled = (id: string) => runEnded(view, id);

function expectUnavailable(res: supertest.Response, queue?: string) {
  expect(res.status).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.body).toMatchObject({ dependency: 'redis', ...(queue ? { queue } : {}) });
}

beforeAll(async () => {
  redis = await createOwnRedis();
  ctx = await createTestContext({ REDIS_URL: redis.url });
  actors = await makeActors(ctx);
  runId = (await makeEngagement(ctx, actors.firmA, { intake: sampleIntake })).id;
  // The corpus is uploaded and its ingest queued through the in-process app (same database, Redis
  // and queues) while the processes start; the worker takes the job once it is up.
  const queueIngest = async () => {
    for (const name of TEXT_FILES) {
      const res = await ctx
        .http()
        .post(`/auditsvc/engagement/${runId}/corpus/upload`)
        .set(actors.headers.partnerA)
        .attach('file', sampleFile(name), name);
      expect(res.status).toBe(201);
    }
    const res = await ctx
      .http()
      .post(`/auditsvc/engagement/${runId}/corpus/ingest`)
      .set(actors.headers.partnerA);
    expect(res.status).toBe(202);
  };
  [api, worker] = await Promise.all([
    startApiProcess(ctx),
    startWorkerProcess(ctx, { JOB_LOCK_MS: '15000' }),
    queueIngest(),
  ]);
  await waitFor('the ingest to end', async () => {
    const status = ((await view(runId)).corpus as { status: string }).status;
    if (status === 'ingest_failed') throw new Error('the ingest failed');
    return status === 'ingested';
  });
});
afterAll(async () => {
  await worker?.stop();
  await api?.stop();
  await ctx?.close();
  await redis?.dispose();
});

it('answers 503 where it needs Redis and 200 where it does not; the run ends cleanly once Redis is back', async () => {
  // Another engagement ready to run on the same corpus, and one with a file waiting for its ingest.
  const other = (await makeEngagement(ctx, actors.firmA, { intake: sampleIntake })).id;
  const uploaded = (await makeEngagement(ctx, actors.firmA)).id;
  const upload = await http()
    .post(`/auditsvc/engagement/${uploaded}/corpus/upload`)
    .set(actors.headers.partnerA)
    .attach('file', sampleFile(TEXT_FILES[0]!), TEXT_FILES[0]!);
  expect(upload.status).toBe(201);
  const otherBefore = await view(other);
  const uploadedBefore = await view(uploaded);

  expect(
    (await http().post(`/auditsvc/engagement/${runId}/run`).set(actors.headers.partnerA).send({})).status,
  ).toBe(202);
  const stream = await openSse(`${api.baseUrl}/auditsvc/engagement/${runId}/stream`, actors.headers.partnerA);
  expect(stream.status).toBe(200);
  await waitFor('the run to start', async () => (await view(runId)).status === 'running');

  await redis.stop();
  // The open stream ends with a final frame: interrupted (or the run's end, had it come first).
  await stream.waitForClose(15_000);
  const frames = stream.events();
  expect(frames[0]).toMatchObject({ type: 'snapshot' });
  expect(['stream_interrupted', 'run_complete', 'run_failed']).toContain(frames.at(-1)!.type);
  await waitFor('readyz to see Redis down', async () => (await http().get('/readyz')).status === 503);
  const readyz = await http().get('/readyz');
  expect(readyz.headers['retry-after']).toBe('5');
  expect(readyz.body).toMatchObject({ ok: false, database: 'ok', redis: 'unavailable' });

  // 503 with Retry-After where a queue or the event relay is needed; nothing changed.
  expectUnavailable(
    await http()
      .post(`/auditsvc/engagement/${other}/run`)
      .set(actors.headers.partnerA)
      .send({ client_id: runId }),
    'run',
  );
  expectUnavailable(
    await http().post(`/auditsvc/engagement/${uploaded}/corpus/ingest`).set(actors.headers.partnerA),
    'ingest',
  );
  expectUnavailable(
    await http().post('/auditsvc/findings/portfolio-clusters/recompute').set(actors.headers.partnerA),
    'portfolio-recompute',
  );
  for (const path of ['stream', 'corpus/stream']) {
    expectUnavailable(await http().get(`/auditsvc/engagement/${runId}/${path}`).set(actors.headers.partnerA));
  }
  expect(await view(other)).toEqual(otherBefore);
  expect(await view(uploaded)).toEqual(uploadedBefore);
  expect(await ctx.services.db.prisma.run.count({ where: { engagementId: other } })).toBe(0);
  // 200 where Redis is not needed.
  expect((await http().get('/healthz')).status).toBe(200);
  expect((await view(runId)).status).toMatch(/^(running|findings_review)$/);
  expect(
    (await http().get(`/auditsvc/engagement/${runId}/findings`).set(actors.headers.partnerA)).status,
  ).toBe(200);

  // Redis stays down until the worker has tried to publish a run event into the outage: the run
  // is still going on (or has just finished) without Redis.
  await waitFor('the worker to miss Redis', async () => worker.output().includes('progress_unpublished'));
  await redis.start();
  await waitFor('readyz to see Redis back', async () => (await http().get('/readyz')).status === 200);
  // The worker carried the run on through the outage (its progress events were dropped, not its
  // work) and finished it: stored findings, the run completed, its job done.
  const ended = await settled(runId);
  expect(ended).toMatchObject({ status: 'findings_review', is_running: false, failure_reason: null });
  expect((ended.findings as { total: number }).total).toBeGreaterThan(0);
  const [run] = await ctx.services.db.prisma.run.findMany({ where: { engagementId: runId } });
  expect(run).toMatchObject({ status: 'completed' });
  const queue = ctx.services.jobs.queues.find((q) => q.name === 'run')!;
  await waitFor('the job to complete', async () => (await queue.getJobState(run!.jobId!)) === 'completed');

  // Streams open again (a snapshot, then the end: nothing runs), and new work runs, on the same
  // processes.
  const again = await openSse(`${api.baseUrl}/auditsvc/engagement/${runId}/stream`, actors.headers.partnerA);
  expect(again.status).toBe(200);
  await again.waitForClose(15_000);
  expect(again.events()).toEqual([expect.objectContaining({ type: 'snapshot', status: 'findings_review' })]);
  const queued = await waitFor('the queue to take a run', async () => {
    const res = await http()
      .post(`/auditsvc/engagement/${other}/run`)
      .set(actors.headers.partnerA)
      .send({ client_id: runId });
    return res.status === 503 ? null : res;
  });
  expect(queued.status).toBe(202);
  expect(await settled(other)).toMatchObject({ status: 'findings_review' });
  expect(api.child.exitCode).toBeNull();
  expect(worker.child.exitCode).toBeNull();
  expect(api.output()).not.toContain('unhandled_error');
});
