// Fault drills (issue 14): a worker process killed with SIGKILL, or stopped with SIGTERM, while
// jobs of several queues are inside model calls. Ingest and full runs killed outright are drilled
// in ingest.test.ts and runs.test.ts; an ingest and a run stopped with SIGTERM at a safe point too.
//
// The workers send their model calls to a loopback server that a drill scripts: it bills answers
// the gateway cannot use and holds requests open, so the kill or the stop lands inside a model
// call, with spend charged and a reservation taken, every time. What must hold: each job is taken
// over (or fails with a reason), nothing stays `running`, every model call is charged once and the
// budget holds over all attempts, a stopping worker hands its jobs back and exits within its grace
// period.
import fs from 'node:fs';
import path from 'node:path';
import type { Job } from 'bullmq';
import { centsToMicrocents } from '@auditsvc/core';
import { PORTFOLIO_CAP_CENTS } from '@auditsvc/services';
import { Actors, makeActors, makeEngagement, makeFindings } from '../../../../test/helpers/builders';
import { TestContext, createTestContext } from '../../../../test/helpers/context';
import { TestProcess, startWorkerProcess as startWorker } from '../../../../test/helpers/processes';
import { sampleFile, sampleIntake } from '../../../../test/helpers/sample-corpus';
import {
  ScriptedAnswer,
  ScriptedModelServer,
  startScriptedModelServer,
} from '../../../../test/helpers/scripted-model';
import { waitFor } from '../../../../test/helpers/wait';
import { runEnded } from '../../../../test/helpers/run-ended';

jest.setTimeout(180_000);

const PRICING = { '*': { input_cents_per_1k: 10, output_cents_per_1k: 10 } };
/** Billed above any reservation, so each such answer is charged its reservation's worst case. */
const BILLED_UNUSABLE: ScriptedAnswer = { kind: 'unusable', promptTokens: 2000, completionTokens: 1000 };
// Job locks as in runs.test.ts: 8 s for a worker that lives (a busy machine never loses a live
// job's lock), 3 s for one that is killed (its jobs are free soon after it dies).
const LIVE_LOCK = { JOB_LOCK_MS: '8000' };
const DOOMED_LOCK = { JOB_LOCK_MS: '3000' };
const LOCAL_ENV = { ...LIVE_LOCK, MODEL_PRICING: JSON.stringify(PRICING) };
const CORPUS = [
  'Access-Onboarding-and-Termination-Policy.md',
  'Encryption-Policy.md',
  'Information-Security-Policy.md',
  'Log-Management-Policy.md',
];

let ctx: TestContext;
let actors: Actors;
let model: ScriptedModelServer;
/** The worker that takes jobs over. */
let survivor: TestProcess | null = null;
/** The engagement whose corpus (a few of the sample's policies) is ingested, and investigated. */
let corpusId: string;

/** Every worker a drill starts, killed at the end if a failed drill left it running. */
const started: TestProcess[] = [];
async function startWorkerProcess(env: Record<string, string>) {
  const worker = await startWorker(ctx, env);
  started.push(worker);
  return worker;
}

const loopbackEnv = (extra: Record<string, string>) => ({ ...model.env(PRICING), ...extra });

async function stopSurvivor() {
  await survivor?.stop();
  survivor = null;
}

const view = async (id: string) =>
  (await ctx.http().get(`/auditsvc/engagement/${id}`).set(actors.headers.partnerA)).body as Record<
    string,
    unknown
  >;

/** The engagement once its run is over (findings_review or failed). */
const settled = (id: string) => runEnded(view, id, 120_000);

async function spend(id: string) {
  const row = (await ctx.services.repos.engagements.findById(id))!;
  return { spent: Number(row.spentMicrocents), reserved: Number(row.reservedMicrocents) };
}

/** Every llm_call the audit log holds for the engagement, in micro-cents. */
function auditedMicrocents(id: string): number[] {
  const dir = path.join(ctx.dataDir, 'audit-log', id);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .flatMap((shard) => fs.readFileSync(path.join(dir, shard), 'utf8').split('\n').filter(Boolean))
    .map((line) => JSON.parse(line) as { event: string; cost_cents: number })
    .filter((event) => event.event === 'llm_call')
    .map((event) => Number(centsToMicrocents(event.cost_cents)));
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** A portfolio clustering prompt, answered with one theme of every finding it lists. */
function clusteringAnswer(prompt: string): ScriptedAnswer | null {
  if (!prompt.includes('Columns: id | engagement')) return null;
  const ids = [...prompt.matchAll(/^(f-[0-9a-f]+) \|/gm)].map((match) => match[1]);
  const clusters = [
    {
      theme: 'Password rotation conflicts',
      prevalence_summary: 'Policies rotate passwords on conflicting schedules.',
      member_finding_ids: ids,
      representative_quotes: ['rotated every 90 days'],
      suggested_standard_remediation: 'Adopt one password standard.',
      confidence: 0.8,
    },
  ];
  return { kind: 'answer', content: JSON.stringify({ clusters }), promptTokens: 500, completionTokens: 200 };
}

async function investigate(engagementId: string, budgetCents: number) {
  const engagement = (await ctx.services.repos.engagements.findById(engagementId))!;
  const [parent] = await makeFindings(ctx, engagement, [{ primitive: 'conflict_check' }]);
  const res = await ctx
    .http()
    .post(`/auditsvc/finding/${parent!.id}/investigate-further?engagement_id=${engagementId}`)
    .set(actors.headers.partnerA)
    .send({ budget_cents: budgetCents });
  expect(res.status).toBe(200);
}

/** The recompute request, sent now; it waits for the worker's answer. */
function recompute() {
  return ctx
    .http()
    .post('/auditsvc/findings/portfolio-clusters/recompute')
    .set(actors.headers.partnerA)
    .then((response) => response);
}

async function investigationRuns(engagementId: string) {
  return ctx.services.db.prisma.run.findMany({
    where: { engagementId, kind: 'investigate_further' },
    orderBy: { createdAt: 'asc' },
  });
}

/** The queue's jobs in a state, by BullMQ's Queue of the API process. */
async function jobsIn(queue: string, state: 'waiting' | 'active' | 'failed'): Promise<Job[]> {
  return ctx.services.jobs.queues.find((q) => q.name === queue)!.getJobs([state]);
}

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await makeActors(ctx);
  model = await startScriptedModelServer();
  corpusId = (await makeEngagement(ctx, actors.firmA, { intake: sampleIntake })).id;
  await ctx.services.repos.engagements.update(corpusId, { budgetCents: 1_000_000 });
  for (const name of CORPUS) {
    const res = await ctx
      .http()
      .post(`/auditsvc/engagement/${corpusId}/corpus/upload`)
      .set(actors.headers.partnerA)
      .attach('file', sampleFile(name), name);
    expect(res.status).toBe(201);
  }
  // Findings of a second engagement, so that a portfolio recompute has themes to look for.
  await makeFindings(ctx, await makeEngagement(ctx, actors.firmA), [{}, { severity: 'high' }]);
});
afterAll(async () => {
  await stopSurvivor();
  await Promise.all(started.map((worker) => worker.kill()));
  await model?.close();
  await ctx?.close();
});

describe('a worker killed with SIGKILL inside model calls', () => {
  it('loses its investigate-further and its portfolio recompute to another worker: each completes, spend counted once, within budget', async () => {
    const doomed = await startWorkerProcess(loopbackEnv(DOOMED_LOCK));
    // The doomed worker ingests the corpus first (no model calls in an ingest).
    await ctx.http().post(`/auditsvc/engagement/${corpusId}/corpus/ingest`).set(actors.headers.partnerA);
    await waitFor('the ingest', async () => {
      const corpus = (await view(corpusId)).corpus as { status: string };
      if (corpus.status === 'ingest_failed') throw new Error('ingest failed');
      return corpus.status === 'ingested';
    });

    // 1. A portfolio recompute, held in its model call.
    model.script(() => ({ kind: 'hold' }));
    const recomputed = recompute();
    await model.waitUntilHolding(1);

    // 2. An investigate-further: six answers billed and unusable (three model calls failed after
    // their retry), then a call held.
    const budgetCents = 50;
    const before = await spend(corpusId);
    const auditedBefore = auditedMicrocents(corpusId).length;
    const first = model.received();
    model.script((n) => (n - first <= 6 ? BILLED_UNUSABLE : { kind: 'hold' }));
    await investigate(corpusId, budgetCents);
    await model.waitUntilHolding(2);
    const atKill = await spend(corpusId);
    // What the doomed attempt holds: spend charged, a reservation for the call in flight.
    expect(atKill.spent).toBeGreaterThan(before.spent);
    expect(atKill.reserved).toBeGreaterThan(0);

    // The survivor is billed for every answer too (the clustering excepted, which it answers): a
    // mini-run that started its budget afresh would spend all of it again.
    model.script((_n, prompt) => clusteringAnswer(prompt) ?? BILLED_UNUSABLE);
    survivor = await startWorkerProcess(loopbackEnv(LIVE_LOCK));
    await doomed.kill();
    expect((await view(corpusId)).status).toBe('running');

    // The investigation: taken over and finished, never left running.
    const final = await settled(corpusId);
    const [run] = await investigationRuns(corpusId);
    expect(final).toMatchObject({ status: 'findings_review', is_running: false, progress: null });
    expect(run!.status).toBe('completed');
    const after = await spend(corpusId);
    const spentByMiniRun = after.spent - before.spent;
    expect(after.reserved).toBe(0);
    // Its budget holds over both attempts (the attempt that took over did spend)...
    expect(after.spent).toBeGreaterThan(atKill.spent);
    expect(spentByMiniRun).toBeLessThanOrEqual(Number(centsToMicrocents(budgetCents)));
    // ...and every call settled is charged once: the spend is exactly what the audit log lists.
    expect(sum(auditedMicrocents(corpusId).slice(auditedBefore))).toBe(spentByMiniRun);

    // The recompute: the request that waited gets the answer of the worker that took over, stored
    // once (no earlier snapshot behind it), its cost within the recompute's cap.
    const response = await recomputed;
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ cached: false, result: { succeeded: true } });
    expect(response.body.result.cost_cents).toBeGreaterThan(0);
    expect(response.body.result.cost_cents).toBeLessThanOrEqual(PORTFOLIO_CAP_CENTS);
    const diff = await ctx
      .http()
      .get('/auditsvc/findings/portfolio-clusters/diff')
      .set(actors.headers.partnerA);
    expect(diff.body).toMatchObject({ has_current: true, has_previous: false });
    expect(diff.body.current_generated_at).toBe(response.body.result.generated_at);
  });
});

describe('a worker stopped with SIGTERM while its jobs sit in model calls', () => {
  it('hands a run, an investigation and a recompute back to the queue, exits within its grace period; another worker completes them', async () => {
    await stopSurvivor();
    const runId = (await makeEngagement(ctx, actors.firmA, { intake: sampleIntake })).id;
    model.script(() => ({ kind: 'hold' }));
    const held = model.holding();
    const stopping = await startWorkerProcess(loopbackEnv({ SHUTDOWN_GRACE_MS: '2000' }));
    const started = await ctx
      .http()
      .post(`/auditsvc/engagement/${runId}/run`)
      .set(actors.headers.partnerA)
      .send({ client_id: corpusId, max_iterations: 1 });
    expect(started.status).toBe(202);
    await investigate(corpusId, 50);
    const recomputed = recompute();
    await model.waitUntilHolding(held + 3);

    // Stopped with a harness grace far above the worker's own: a worker that overran its grace
    // period would be killed (exit code null), not exit 0.
    expect(await stopping.stop(30_000)).toBe(0);
    const logged = stopping
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(
      logged
        .filter((line) => line.message === 'job_handed_back')
        .map((line) => line.queue)
        .sort(),
    ).toEqual(['investigate-further', 'portfolio-recompute', 'run']);
    expect(logged.find((line) => line.message === 'worker_stopped')).toMatchObject({ handed_back: 3 });
    // Back in the queues, waiting, no attempt used, nothing failed.
    for (const queue of ['run', 'investigate-further', 'portfolio-recompute']) {
      const waiting = await jobsIn(queue, 'waiting');
      expect({ queue, attempts: waiting.map((job) => job.attemptsMade) }).toEqual({ queue, attempts: [0] });
      expect(await jobsIn(queue, 'failed')).toEqual([]);
    }

    survivor = await startWorkerProcess(LOCAL_ENV);
    expect(await settled(runId)).toMatchObject({ status: 'findings_review', is_running: false });
    expect(await settled(corpusId)).toMatchObject({ status: 'findings_review', is_running: false });
    expect((await investigationRuns(corpusId)).at(-1)!.status).toBe('completed');
    expect((await recomputed).status).toBe(200);
    for (const id of [runId, corpusId]) expect((await spend(id)).reserved).toBe(0);
  });
});
