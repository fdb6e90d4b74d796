// Drill (issue 14): Redis restarted WITHOUT its data, as this machine's own Redis runs (no
// snapshots, no append-only file), under real worker processes on a Redis of the test's own.
// Every job is lost with it, the active ones too, while the database still says queued, running or
// ingesting. What must hold:
// - a worker still running a run whose job was lost finishes it, and it runs once: the queue sweep
//   sees the worker's lease and queues no second copy;
// - a run whose worker died during the outage, and work queued while no worker ran (a run and an
//   ingest), and a run the API could neither queue (Redis silent) nor undo (the database locked),
//   are queued again by the sweep (on reconnect, at an API's start, at a worker's start) and
//   complete;
// - a portfolio recompute whose request waits on its job answers 503 with Retry-After as soon as
//   Redis goes away (the job's end would be an event lost in the outage: it used to wait out its
//   two-minute limit, then answer 502).
// The database does not matter to this drill (the sweep reads it through the same repositories on
// both), so it runs on SQLite only.
import { sqliteFilePath } from '@auditsvc/db';
import { Actors, makeActors, makeEngagement, makeFindings } from '../../../../test/helpers/builders';
import { TestContext, createTestContext } from '../../../../test/helpers/context';
import {
  TestProcess,
  startApiProcess,
  startWorkerProcess as startWorker,
} from '../../../../test/helpers/processes';
import { OwnRedis, createOwnRedis } from '../../../../test/helpers/redis-server';
import { sampleIntake, uploadSampleFiles } from '../../../../test/helpers/sample-corpus';
import {
  ScriptedAnswer,
  ScriptedModelServer,
  startScriptedModelServer,
} from '../../../../test/helpers/scripted-model';
import { lockHolder } from '../../../../test/helpers/sqlite-lock';
import { waitFor } from '../../../../test/helpers/wait';
import { runEnded } from '../../../../test/helpers/run-ended';

jest.setTimeout(120_000);

const PRICING = { '*': { input_cents_per_1k: 1, output_cents_per_1k: 1 } };
/** A cheap answer the run cannot use: the run goes on without it, quickly. */
const UNUSABLE: ScriptedAnswer = { kind: 'unusable', promptTokens: 100, completionTokens: 50 };
const CORPUS = ['Information-Security-Policy.md', 'Encryption-Policy.md'];

const skip = process.env.TEST_DATABASE === 'postgresql' ? 'the database does not matter here' : null;

let redis: OwnRedis;
let ctx: TestContext;
let actors: Actors;
let model: ScriptedModelServer;
/** The engagement whose ingested corpus every run reads. */
let corpusId: string;
const started: TestProcess[] = [];

/** A worker on the drill's Redis and model server; short job locks keep the sweep's wait short. */
async function startWorkerProcess() {
  const worker = await startWorker(ctx, {
    ...model.env(PRICING),
    JOB_LOCK_MS: '3000',
    LOG_LEVEL: 'debug',
  });
  started.push(worker);
  return worker;
}

const view = async (id: string) =>
  (await ctx.http().get(`/auditsvc/engagement/${id}`).set(actors.headers.partnerA)).body as Record<
    string,
    unknown
  >;
const settled = (id: string) => runEnded(view, id);
const ingested = (id: string) =>
  waitFor(`the ingest of ${id}`, async () => {
    const corpus = (await view(id)).corpus as { status: string };
    if (corpus.status === 'ingest_failed') throw new Error('the ingest failed');
    return corpus.status === 'ingested';
  });

const upload = (engagementId: string, names: string[]) =>
  uploadSampleFiles(ctx, engagementId, actors.headers.partnerA, names);

/** Starts a one-iteration run of `engagementId` on the drill's corpus; returns its Run row. */
async function startRun(engagementId: string) {
  const res = await ctx
    .http()
    .post(`/auditsvc/engagement/${engagementId}/run`)
    .set(actors.headers.partnerA)
    .send({ client_id: corpusId, max_iterations: 1 });
  expect(res.status).toBe(202);
  const [run] = await ctx.services.db.prisma.run.findMany({ where: { engagementId } });
  return run!;
}

const queue = (name: string) => ctx.services.jobs.queues.find((q) => q.name === name)!;

/** Stops Redis and starts it again, empty; `meanwhile` runs while it is down. */
async function restartEmpty(meanwhile: () => Promise<void> = async () => undefined) {
  await redis.stop();
  await meanwhile();
  await redis.start();
  await waitFor('the API to see Redis back', async () => (await ctx.http().get('/readyz')).status === 200);
}

/** How many sweeps the worker logged (since its output's offset `from`). */
const sweeps = (worker: TestProcess, from = 0) =>
  worker
    .output()
    .slice(from)
    .match(/"message":"queue_sw(ept|eep_repaired)"/g)?.length ?? 0;

beforeAll(async () => {
  if (skip) return;
  redis = await createOwnRedis({ persistent: false });
  ctx = await createTestContext({ REDIS_URL: redis.url });
  actors = await makeActors(ctx);
  model = await startScriptedModelServer();
  corpusId = (await makeEngagement(ctx, actors.firmA, { intake: sampleIntake })).id;
  await upload(corpusId, CORPUS);
});
afterAll(async () => {
  await Promise.all(started.map((worker) => worker.kill()));
  await model?.close();
  await ctx?.close();
  await redis?.dispose();
});

(skip ? describe.skip : describe)('Redis restarted without its data', () => {
  it('lets the worker that still runs a lost run finish it, once', async () => {
    const worker = await startWorkerProcess();
    await ctx.http().post(`/auditsvc/engagement/${corpusId}/corpus/ingest`).set(actors.headers.partnerA);
    await ingested(corpusId);

    model.script(() => ({ kind: 'hold' }));
    const engagementId = (await makeEngagement(ctx, actors.firmA, { intake: sampleIntake })).id;
    const run = await startRun(engagementId);
    await model.waitUntilHolding(1);
    const received = model.received();
    // The sweep at the worker's start is over: the next one is the sweep after the restart.
    await waitFor('the sweep at start', async () => sweeps(worker) > 0);

    const afterRestart = worker.output().length;
    await restartEmpty();
    // The job is gone; the database still says running.
    expect(await queue('run').getJobState(run.jobId!)).toBe('unknown');
    expect((await view(engagementId)).status).toBe('running');
    // A sweep after the restart found the run leased by its worker: no second copy was queued.
    await waitFor('a sweep after the restart', async () => sweeps(worker, afterRestart) > 0);
    expect(worker.output()).not.toContain('queue_sweep_repaired');
    expect(await queue('run').getJobState(run.jobId!)).toBe('unknown');
    expect(model.received()).toBe(received);

    model.script(() => UNUSABLE);
    model.release();
    expect(await settled(engagementId)).toMatchObject({ status: 'findings_review', is_running: false });
    const stored = await ctx.services.db.prisma.run.findUniqueOrThrow({ where: { id: run.id } });
    expect(stored.status).toBe('completed');
    await worker.stop();
  });

  it('queues again a run whose worker died in the outage, work queued while no worker ran, and a run the API could neither queue nor undo', async () => {
    // A run held in a model call by a worker that dies while Redis is down, with a second worker
    // alive throughout: its sweep, after it reconnects, queues the run again and runs it.
    model.script(() => ({ kind: 'hold' }));
    const doomed = await startWorkerProcess();
    const orphanedId = (await makeEngagement(ctx, actors.firmA, { intake: sampleIntake })).id;
    const orphaned = await startRun(orphanedId);
    await model.waitUntilHolding(1);
    const survivor = await startWorkerProcess();
    model.script(() => UNUSABLE);
    await restartEmpty(() => doomed.kill());
    expect(await queue('run').getJobState(orphaned.jobId!)).toBe('unknown');
    expect(await settled(orphanedId)).toMatchObject({ status: 'findings_review', is_running: false });
    await survivor.waitFor('queue_sweep_repaired', 10_000);
    expect(await ctx.services.db.prisma.run.findUniqueOrThrow({ where: { id: orphaned.id } })).toMatchObject({
      status: 'completed',
    });
    await survivor.stop();

    // No worker runs: a run and an ingest are queued, and Redis forgets them.
    const queuedId = (await makeEngagement(ctx, actors.firmA, { intake: sampleIntake })).id;
    const queuedRun = await startRun(queuedId);
    const ingestId = (await makeEngagement(ctx, actors.firmA)).id;
    await upload(ingestId, CORPUS.slice(0, 1));
    const ingest = await ctx
      .http()
      .post(`/auditsvc/engagement/${ingestId}/corpus/ingest`)
      .set(actors.headers.partnerA);
    expect(ingest.status).toBe(202);

    // Redis and the database unavailable together: Redis does not answer the enqueue (paused), and
    // the database is locked before the API can undo the run it recorded. The client gets a 503;
    // the run stays queued, with no job behind it until a sweep queues it.
    const strandedId = (await makeEngagement(ctx, actors.firmA, { intake: sampleIntake })).id;
    redis.pause();
    const starting = ctx
      .http()
      .post(`/auditsvc/engagement/${strandedId}/run`)
      .set(actors.headers.partnerA)
      .send({ client_id: corpusId, max_iterations: 1 })
      .then((response) => response);
    const strandedRun = await waitFor('the run recorded', () =>
      ctx.services.db.prisma.run.findFirst({ where: { engagementId: strandedId } }),
    );
    const holder = lockHolder(sqliteFilePath(ctx.database.url));
    try {
      await holder.locked();
      expect((await starting).status).toBe(503);
    } finally {
      await holder.release();
    }
    await restartEmpty();
    // The run's record is still queued; whether its job exists depends on whether the API's Redis
    // client sent the enqueue again to the restarted Redis (it retries a command once). If it did
    // not, only the sweep queues the run.
    expect((await view(strandedId)).status).toBe('queued');
    expect(['unknown', 'waiting']).toContain(await queue('run').getJobState(strandedRun.jobId!));
    expect(await queue('run').getJobState(queuedRun.jobId!)).toBe('unknown');
    expect(await queue('ingest').getJobs(['waiting', 'active', 'delayed'])).toEqual([]);
    expect((await view(queuedId)).status).toBe('queued');
    expect(((await view(ingestId)).corpus as { status: string }).status).toBe('ingesting');

    // An API process starting meanwhile sweeps at its start: the runs are queued again (no worker
    // yet to take them); the next worker's sweep at start queues whatever is still missing.
    const api = await startApiProcess(ctx, { JOB_LOCK_MS: '3000' });
    started.push(api);
    for (const run of [queuedRun, strandedRun]) {
      await waitFor(
        'the API to queue the run again',
        async () => (await queue('run').getJobState(run.jobId!)) === 'waiting',
      );
    }
    // The sweep logs once it has queued everything: the line may reach us after the jobs do.
    await api.waitFor('queue_sweep_repaired', 10_000);
    const next = await startWorkerProcess();
    await ingested(ingestId);
    for (const id of [queuedId, strandedId]) {
      expect(await settled(id)).toMatchObject({ status: 'findings_review', is_running: false });
    }
    await next.stop();
  });

  it('answers a portfolio recompute waiting on its job 503 with Retry-After when Redis goes away', async () => {
    await makeFindings(ctx, await makeEngagement(ctx, actors.firmA), [{}, { severity: 'high' }]);
    const worker = await startWorkerProcess();
    model.script(() => ({ kind: 'hold' }));
    const held = model.holding();
    const recomputed = ctx
      .http()
      .post('/auditsvc/findings/portfolio-clusters/recompute')
      .set(actors.headers.partnerA)
      .then((response) => response);
    await model.waitUntilHolding(held + 1);
    await redis.stop();
    const response = await recomputed;
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.body).toMatchObject({ dependency: 'redis', queue: 'portfolio-recompute' });
    await redis.start();
    await worker.kill();
  });
});
