// Audit runs through real worker and API processes (spec 3.1, 4.3, 6.1 with DECISIONS): the run
// preconditions, the exact run-stream frames (relayed by two API processes), engagement states and
// progress, the stored findings, re-runs that keep reviewer decisions, a budget abort priced
// through MODEL_PRICING, and a worker killed with SIGKILL in the middle of a run.
//
// The sample corpus is ingested once; every other engagement runs on it by naming it as client_id.
// Runs whose every frame is checked are queued while no worker runs, and their streams opened,
// before a worker starts: then no frame can be missed.
import { writeLocalExecutiveSummary } from '@auditsvc/deliverables';
import { STAGES } from '@auditsvc/engine';
import { Actors, makeActors, makeEngagement } from '../../../test/helpers/builders';
import { TestContext, createTestContext } from '../../../test/helpers/context';
import { ingestCorpus } from '../../../test/helpers/ingest';
import { sampleFile, sampleIntake, sampleNames } from '../../../test/helpers/sample-corpus';
import { serve } from '../../../test/helpers/server';
import { TestProcess, startApiProcess, startWorkerProcess } from '../../../test/helpers/processes';
import { SseReader, openSse } from '../../../test/helpers/sse';
import { runEnded } from '../../../test/helpers/run-ended';

jest.setTimeout(180_000);

/** Both workers of the kill test use a short lock, so the survivor takes the job over quickly. */
// Job locks of 8 s: long enough that a busy machine never loses a running job's lock (a lost lock
// restarts the job), short enough that a takeover after a kill comes quickly. The worker that is
// killed holds a 3 s lock, so its job is free soon after it dies.
const WORKER_ENV = { JOB_LOCK_MS: '8000' };
const DOOMED_WORKER_ENV = { JOB_LOCK_MS: '3000' };

type Frame = Record<string, unknown>;
type Finding = Record<string, unknown> & { id: string; is_canonical: boolean; status: string };

let ctx: TestContext;
let actors: Actors;
let server: Awaited<ReturnType<typeof serve>>;
let baseUrl: string;
/** The ingested sample corpus: its engagement id is the client_id every run names. */
let corpusId: string;
let worker: TestProcess | null = null;

async function startWorker(env: Record<string, string> = {}) {
  worker = await startWorkerProcess(ctx, { ...WORKER_ENV, ...env });
  return worker;
}
async function stopWorker() {
  await worker?.stop();
  worker = null;
}

const view = async (id: string) =>
  (await ctx.http().get(`/auditsvc/engagement/${id}`).set(actors.headers.partnerA)).body as Record<
    string,
    unknown
  >;

/** Resolves with the engagement once its run has finished (findings_review or failed). */
const settled = (id: string) => runEnded(view, id);

async function newEngagement(overrides: { intake?: object | null; budgetCents?: number } = {}) {
  const engagement = await makeEngagement(ctx, actors.firmA);
  const intake = overrides.intake === undefined ? sampleIntake : overrides.intake;
  await ctx.services.repos.engagements.update(engagement.id, {
    ...(intake ? { intake } : {}),
    ...(overrides.budgetCents !== undefined ? { budgetCents: overrides.budgetCents } : {}),
  });
  return engagement.id;
}

const startRun = (id: string, body: object = { client_id: corpusId }, headers = actors.headers.partnerA) =>
  ctx.http().post(`/auditsvc/engagement/${id}/run`).set(headers).send(body);

const runStream = (id: string, base = baseUrl) =>
  openSse(`${base}/auditsvc/engagement/${id}/stream`, actors.headers.partnerA);

async function findingsOf(id: string): Promise<Finding[]> {
  const res = await ctx
    .http()
    .get(`/auditsvc/engagement/${id}/findings?limit=1000`)
    .set(actors.headers.partnerA);
  expect(res.status).toBe(200);
  return res.body.findings as Finding[];
}

/** The frames that matter for the sequence: no keepalives (and progress, were it relayed). */
const significant = (frames: Frame[]) =>
  frames.filter((frame) => frame.type !== 'keepalive' && frame.type !== 'progress');

/**
 * Checks the stage frames of spec 6.1 with DECISIONS: profile once, then per iteration catalog to
 * deepen in order, `converged` after the iteration that found nothing new, then verify (when
 * enabled), filter and report. Returns the number of iterations seen.
 */
function expectStageOrder(frames: Frame[], options: { verify: boolean; capped: boolean }) {
  const loop = STAGES.slice(1, 7);
  const rest = frames.filter((f) => f.type !== 'questions_capped' && f.type !== 'converged');
  const seen = rest.map((f) => `${f.type as string}:${f.stage as string}:${f.iteration as number}`);
  const iterations = Math.max(...rest.map((f) => f.iteration as number));
  const want = ['stage_start:profile:0', 'stage_complete:profile:0'];
  for (let i = 1; i <= iterations; i++) {
    for (const stage of loop) want.push(`stage_start:${stage}:${i}`, `stage_complete:${stage}:${i}`);
  }
  for (const stage of options.verify ? ['verify', 'filter', 'report'] : ['filter', 'report']) {
    want.push(`stage_start:${stage}:${iterations}`, `stage_complete:${stage}:${iterations}`);
  }
  expect(seen).toEqual(want);
  // Every stage_complete carries counts.
  const catalog = rest.find((f) => f.type === 'stage_complete' && f.stage === 'catalog')!;
  expect(catalog).toMatchObject({ concepts: expect.any(Number), doc_pairs: expect.any(Number) });
  const capped = frames.filter((f) => f.type === 'questions_capped');
  if (options.capped) {
    expect(capped.length).toBe(iterations);
    const at = frames.indexOf(capped[0]!);
    expect(frames[at - 1]).toMatchObject({ type: 'stage_start', stage: 'synthesize', iteration: 1 });
    expect(capped[0]).toMatchObject({ iteration: 1, kept: 1, total: expect.any(Number) });
    const synthesized = frames.find((f) => f.type === 'stage_complete' && f.stage === 'synthesize')!;
    expect(synthesized.questions).toBe(1);
  } else {
    expect(capped).toEqual([]);
  }
  return iterations;
}

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await makeActors(ctx);
  server = await serve(ctx.app);
  baseUrl = server.baseUrl;
  await startWorker();
  corpusId = (await makeEngagement(ctx, actors.firmA, { clientName: 'Northwind Health' })).id;
  await ingestCorpus(
    ctx,
    corpusId,
    actors.headers.partnerA,
    Object.fromEntries(sampleNames.map((name) => [name, sampleFile(name)])),
  );
  await stopWorker();
});
afterAll(async () => {
  await stopWorker();
  await server?.close();
  await ctx.close();
});

describe('POST run: preconditions', () => {
  it('refuses associates (403) and other firms (404)', async () => {
    const id = await newEngagement();
    expect((await startRun(id, {}, actors.headers.associateA)).status).toBe(403);
    const foreign = await startRun(id, {}, actors.headers.partnerB);
    expect(foreign.status).toBe(404);
    expect((await view(id)).status).toBe('created');
  });

  it('refuses a frozen engagement with 423', async () => {
    const frozen = await makeEngagement(ctx, actors.firmA, {
      status: 'delivered',
      isFrozen: true,
      intake: sampleIntake,
    });
    const res = await startRun(frozen.id);
    expect(res.status).toBe(423);
    expect(res.body.detail).toEqual(expect.any(String));
  });

  it('refuses a run while one is queued or running (409)', async () => {
    for (const status of ['queued', 'running']) {
      const busy = await makeEngagement(ctx, actors.firmA, { status, intake: sampleIntake });
      expect((await startRun(busy.id)).status).toBe(409);
    }
  });

  it('needs an intake and an ingested corpus (422)', async () => {
    const noIntake = await newEngagement({ intake: null });
    const res = await startRun(noIntake);
    expect(res.status).toBe(422);
    expect(res.body.detail[0].msg).toMatch(/intake/);

    const noCorpus = await newEngagement();
    const bare = await startRun(noCorpus, {});
    expect(bare.status).toBe(422);
    expect(bare.body.detail[0].loc).toEqual(['body', 'client_id']);
    // client_id must name an ingested corpus the caller may see.
    for (const clientId of ['eng-0000000000000000', noCorpus]) {
      const wrong = await startRun(noCorpus, { client_id: clientId });
      expect(wrong.status).toBe(422);
      expect(wrong.body.detail[0].loc).toEqual(['body', 'client_id']);
    }
    const foreignFirm = await ctx.services.engagements.create(
      { kind: 'admin_token' },
      { firm_id: actors.firmB.id, client_name: 'Beta', intake: sampleIntake },
    );
    const crossFirm = await ctx
      .http()
      .post(`/auditsvc/engagement/${foreignFirm.id}/run`)
      .set(actors.headers.partnerB)
      .send({ client_id: corpusId });
    expect(crossFirm.status).toBe(422);
    // Not even an admin may audit one firm's engagement with another firm's documents.
    const byAdmin = await ctx
      .http()
      .post(`/auditsvc/engagement/${foreignFirm.id}/run`)
      .set(actors.headers.adminToken)
      .send({ client_id: corpusId });
    expect(byAdmin.status).toBe(422);
    expect((await view(noCorpus)).status).toBe('created');
  });

  it('validates the run body (422 per violated field)', async () => {
    const id = await newEngagement();
    const bad = await startRun(id, {
      client_id: corpusId,
      max_iterations: 11,
      max_followup_rounds: -1,
      enable_adversarial_verification: 'yes',
      adversarial_severity_threshold: 'extreme',
      max_questions_per_iteration: 0,
    });
    expect(bad.status).toBe(422);
    const fields = (bad.body.detail as { loc: string[] }[]).map((item) => item.loc[1]).sort();
    expect(fields).toEqual(
      [
        'adversarial_severity_threshold',
        'enable_adversarial_verification',
        'max_followup_rounds',
        'max_iterations',
        'max_questions_per_iteration',
      ].sort(),
    );
  });

  it('lets exactly one of two parallel starts win (202 and 409), with one Run row', async () => {
    const id = await newEngagement();
    const results = await Promise.all([startRun(id), startRun(id)]);
    expect(results.map((res) => res.status).sort()).toEqual([202, 409]);
    const winner = results.find((res) => res.status === 202)!;
    expect(winner.body).toEqual({ ok: true, engagement_id: id, status: 'queued' });
    const queued = await view(id);
    expect(queued).toMatchObject({
      status: 'queued',
      is_running: false,
      progress: null,
      client_id: corpusId,
    });
    const runs = await ctx.services.db.prisma.run.findMany({ where: { engagementId: id } });
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ kind: 'run', status: 'queued', jobId: `run-${runs[0]!.id}` });
    expect(runs[0]!.options).toEqual({
      maxIterations: 3,
      maxFollowupRounds: 2,
      enableAdversarialVerification: true,
      adversarialSeverityThreshold: 'medium',
      maxQuestionsPerIteration: null,
    });
  });
});

describe('a run, end to end', () => {
  let mainId: string;
  let cappedId: string;
  let mainFrames: Frame[];
  let relayedFrames: Frame[][];
  let cappedFrames: Frame[];
  let queuedView: Record<string, unknown>;
  const runningViews: Record<string, unknown>[] = [];
  let apis: Awaited<ReturnType<typeof startApiProcess>>[] = [];

  beforeAll(async () => {
    mainId = await newEngagement();
    cappedId = await newEngagement();
    apis = await Promise.all([startApiProcess(ctx), startApiProcess(ctx)]);
    // The main run is started through API process 1; its stream is read from the in-process API
    // and from API process 2, which relay the same worker events.
    const started = await fetch(`${apis[0]!.baseUrl}/auditsvc/engagement/${mainId}/run`, {
      method: 'POST',
      headers: { ...actors.headers.partnerA, 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: corpusId }),
    });
    expect(started.status).toBe(202);
    expect(
      (await startRun(cappedId, { client_id: corpusId, max_questions_per_iteration: 1, max_iterations: 2 }))
        .status,
    ).toBe(202);
    queuedView = await view(mainId);
    const streams: SseReader[] = [
      await runStream(mainId),
      await runStream(mainId, apis[1]!.baseUrl),
      await runStream(cappedId),
    ];
    // openSse resolves on the response headers; the stream subscribes just after. Wait for the
    // snapshots, so every stream is subscribed before a worker can publish anything.
    for (const stream of streams) await stream.waitForEvent('snapshot');
    await startWorker();
    let done = false;
    const allClosed = Promise.all(streams.map((stream) => stream.closed)).then(() => (done = true));
    while (!done) {
      const current = await view(mainId);
      if (current.status === 'running') runningViews.push(current);
      await Promise.race([allClosed, new Promise((resolve) => setTimeout(resolve, 30))]);
    }
    mainFrames = streams[0]!.events();
    relayedFrames = [streams[1]!.events()];
    cappedFrames = streams[2]!.events();
  });
  afterAll(async () => {
    await Promise.all(apis.map((api) => api.stop()));
  });

  it('is queued after POST run', () => {
    expect(queuedView).toMatchObject({
      status: 'queued',
      is_running: false,
      progress: null,
      started_at: null,
    });
  });

  it('streams a snapshot, every stage in order, converged, and closes on run_complete', async () => {
    expect(mainFrames[0]).toMatchObject({
      type: 'snapshot',
      engagement_id: mainId,
      status: 'queued',
      is_running: false,
      progress: null,
    });
    const frames = significant(mainFrames.slice(1));
    const last = frames[frames.length - 1]!;
    const iterations = expectStageOrder(frames.slice(0, -1), { verify: true, capped: false });
    // The local analyst finds everything in the first iteration; the second finds nothing new.
    expect(iterations).toBe(2);
    const converged = frames.filter((f) => f.type === 'converged');
    expect(converged).toEqual([{ type: 'converged', iteration: 2 }]);
    expect(frames.indexOf(converged[0]!)).toBe(
      frames.findIndex((f) => f.type === 'stage_complete' && f.stage === 'deepen' && f.iteration === 2) + 1,
    );
    const final = await view(mainId);
    expect(last).toEqual({
      type: 'run_complete',
      engagement_id: mainId,
      run_id: expect.stringMatching(/^run-/),
      status: 'findings_review',
      findings: final.findings,
      aborted: null,
      converged: true,
      iterations: 2,
      cost: final.cost,
    });
    expect(frames.filter((f) => f.type === 'aborted' || f.type === 'run_failed')).toEqual([]);
  });

  it('relays the same frames through a second API process', () => {
    const mine = significant(mainFrames.slice(1));
    for (const frames of relayedFrames) {
      expect(frames[0]).toMatchObject({ type: 'snapshot', engagement_id: mainId });
      expect(significant(frames.slice(1))).toEqual(mine);
    }
  });

  it('caps the questions with max_questions_per_iteration (questions_capped)', () => {
    const frames = significant(cappedFrames.slice(1));
    expect(frames[frames.length - 1]).toMatchObject({ type: 'run_complete', status: 'findings_review' });
    expectStageOrder(frames.slice(0, -1), { verify: true, capped: true });
  });

  it('shows running and progress while the run runs, findings_review after', async () => {
    expect(runningViews.length).toBeGreaterThan(0);
    for (const running of runningViews) {
      expect(running).toMatchObject({ is_running: true, started_at: expect.any(String), completed_at: null });
      expect(running.progress).toEqual({
        stage: expect.any(String),
        iteration: expect.any(Number),
        questions_done: expect.any(Number),
        questions_total: expect.any(Number),
      });
      expect(STAGES).toContain((running.progress as { stage: string }).stage);
    }
    const final = await view(mainId);
    expect(final).toMatchObject({
      status: 'findings_review',
      is_running: false,
      progress: null,
      failure_reason: null,
      client_id: corpusId,
      completed_at: expect.any(String),
    });
    expect(Date.parse(final.completed_at as string)).toBeGreaterThanOrEqual(
      Date.parse(final.started_at as string),
    );
    const runs = await ctx.services.db.prisma.run.findMany({ where: { engagementId: mainId } });
    expect(runs).toEqual([
      expect.objectContaining({
        status: 'completed',
        startedAt: expect.any(Date),
        completedAt: expect.any(Date),
      }),
    ]);
  });

  it('stores canonical and raw findings with every field, evidence quoted verbatim', async () => {
    const findings = await findingsOf(mainId);
    const canonical = findings.filter((f) => f.is_canonical);
    const raw = findings.filter((f) => !f.is_canonical);
    expect(canonical.length).toBeGreaterThanOrEqual(10);
    expect(raw.length).toBeGreaterThan(0);
    const summary = (await view(mainId)).findings as { total: number; pending: number };
    expect(summary).toMatchObject({ total: canonical.length, pending: canonical.length });

    const rows = await ctx.services.db.prisma.finding.findMany({ where: { engagementId: mainId } });
    const byId = new Map(rows.map((row) => [row.id, row]));
    const run = (await ctx.services.db.prisma.run.findFirst({ where: { engagementId: mainId } }))!;
    for (const row of rows) {
      expect(row).toMatchObject({
        firmId: actors.firmA.id,
        runId: run.id,
        status: 'pending',
        reviewerTouched: false,
        parentFindingId: null,
        fingerprint: expect.stringMatching(/^[0-9a-f]+$/),
      });
      expect(row.id).toMatch(/^f-[0-9a-f]{16}$/);
      expect(row.severityRank).toBe({ critical: 4, high: 3, medium: 2, low: 1 }[row.severity]);
    }
    // Each raw finding points at the canonical finding that lists it, and nothing else does.
    const swallowed = new Set(canonical.flatMap((f) => f.merged_finding_ids as string[]));
    expect(swallowed).toEqual(new Set(raw.map((f) => f.id)));
    for (const finding of canonical) {
      for (const id of finding.merged_finding_ids as string[]) {
        expect(byId.get(id)).toMatchObject({ isCanonical: false, canonicalFindingId: finding.id });
      }
      expect(byId.get(finding.id)!.canonicalFindingId).toBeNull();
      expect(finding).toMatchObject({
        title: expect.any(String),
        description: expect.any(String),
        root_cause: expect.any(String),
        remediation_scope: expect.any(String),
        remediation_effort_hours: expect.any(Number),
        filter_status: expect.stringMatching(/^(definite|likely|speculative|rejected)$/),
        iteration: expect.any(Number),
        frameworks: expect.any(Array),
      });
      expect(finding.confidence).toBeGreaterThanOrEqual(0);
      expect(finding.confidence).toBeLessThanOrEqual(1);
      expect(finding.corroboration_score).toBeGreaterThanOrEqual(0);
      expect(finding.corroboration_score).toBeLessThanOrEqual(1);
    }
    for (const finding of raw) expect(finding.filter_status).toBeNull();
    // Adversarial verification ran on medium and above.
    const challenged = canonical.filter((f) => f.adversarial !== null);
    expect(challenged.length).toBeGreaterThan(0);
    for (const finding of challenged) {
      expect(finding.adversarial).toEqual({
        stands: expect.any(Boolean),
        recommendation: expect.any(String),
        caveats: expect.any(Array),
      });
    }
    // Evidence quotes are verbatim passages of the ingested documents, cited by stored chunk id.
    const { files, chunks } = await ctx.services.repos.corpus.loadCorpus(corpusId);
    const texts = new Map(files.map((file) => [file.filename, file.text!]));
    const chunkIds = new Set(chunks.map((chunk) => chunk.id));
    let verified = 0;
    for (const finding of canonical) {
      for (const item of finding.evidence as {
        document: string;
        chunk_id: string | null;
        quote: string;
        quote_verified: boolean;
      }[]) {
        expect(texts.has(item.document)).toBe(true);
        if (item.chunk_id !== null) expect(chunkIds.has(item.chunk_id)).toBe(true);
        if (item.quote_verified) {
          expect(texts.get(item.document)).toContain(item.quote);
          verified += 1;
        }
      }
    }
    expect(verified).toBeGreaterThan(canonical.length);
  });
});

describe('the polished deliverable', () => {
  it("writes the executive summary with a model call on the engagement's budget", async () => {
    // The worker started in 'a run, end to end' is still running.
    const id = await newEngagement();
    expect((await startRun(id)).status).toBe(202);
    expect((await settled(id)).status).toBe('findings_review');
    const log = async () =>
      (await ctx.http().get(`/auditsvc/engagement/${id}/audit-log?format=json`).set(actors.headers.partnerA))
        .body as { events: { metadata: { stage: string; step: string } }[] };
    const callsBefore = (await log()).events.length;
    expect(callsBefore).toBeGreaterThan(0);
    expect(
      (await ctx.http().post(`/auditsvc/engagement/${id}/deliver`).set(actors.headers.partnerA)).status,
    ).toBe(200);
    const after = (await log()).events;
    expect(after.slice(callsBefore).map((event) => event.metadata)).toEqual([
      expect.objectContaining({ stage: 'report', step: 'executive_summary' }),
    ]);
    const polished = await ctx
      .http()
      .get(`/auditsvc/engagement/${id}/deliverable?format=json`)
      .set(actors.headers.partnerA);
    expect(polished.body.is_polished).toBe(true);
    expect(polished.body.executive_summary).toBe(writeLocalExecutiveSummary(polished.body));
    expect(polished.body.executive_summary).toMatch(/critical/);
  });
});

describe('re-run', () => {
  it("replaces pending findings, keeps reviewers' decisions, adds no duplicate by fingerprint", async () => {
    const id = await newEngagement();
    expect((await startRun(id)).status).toBe(202);
    expect((await settled(id)).status).toBe('findings_review');
    const first = await findingsOf(id);
    const canonical = first.filter((f) => f.is_canonical);
    const [toAccept, toEdit, toReject] = canonical;
    const act = (finding: Finding, action: string, body: object) =>
      ctx
        .http()
        .post(`/auditsvc/finding/${finding.id}/${action}?engagement_id=${id}`)
        .set(actors.headers.partnerA)
        .send(body);
    expect((await act(toAccept!, 'accept', { auditor_notes: 'Confirmed with the client.' })).status).toBe(
      200,
    );
    expect((await act(toEdit!, 'edit', { severity: 'low', root_cause: 'Reviewed root cause.' })).status).toBe(
      200,
    );
    expect((await act(toReject!, 'reject', { auditor_notes: 'Out of scope.' })).status).toBe(200);
    const touchedIds = [toAccept!.id, toEdit!.id, toReject!.id];
    const touchedBefore = (await findingsOf(id)).filter((f) => touchedIds.includes(f.id));
    const fingerprintsBefore = await ctx.services.db.prisma.finding.findMany({
      where: { engagementId: id, isCanonical: true },
      select: { fingerprint: true },
    });

    // The corpus is bound now: a re-run needs no client_id.
    expect((await startRun(id, {})).status).toBe(202);
    expect((await settled(id)).status).toBe('findings_review');

    const after = await findingsOf(id);
    const touchedAfter = after.filter((f) => touchedIds.includes(f.id));
    expect(touchedAfter.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      touchedBefore.sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect(touchedAfter.map((f) => f.status).sort()).toEqual(['accepted', 'refined', 'rejected']);
    // Every untouched finding of the first run is gone; the new ones belong to the second run.
    const firstIds = new Set(first.map((f) => f.id));
    const survivors = after.filter((f) => firstIds.has(f.id));
    expect(survivors.map((f) => f.id).sort()).toEqual([...touchedIds].sort());
    const runs = await ctx.services.db.prisma.run.findMany({
      where: { engagementId: id },
      orderBy: { createdAt: 'asc' },
    });
    expect(runs.map((run) => run.status)).toEqual(['completed', 'completed']);
    const rows = await ctx.services.db.prisma.finding.findMany({ where: { engagementId: id } });
    for (const row of rows.filter((r) => !touchedIds.includes(r.id))) expect(row.runId).toBe(runs[1]!.id);
    // The same defects again, each once: no canonical fingerprint twice, none lost.
    const canonicalRows = rows.filter((row) => row.isCanonical);
    const fingerprints = canonicalRows.map((row) => row.fingerprint);
    expect(new Set(fingerprints).size).toBe(fingerprints.length);
    expect(new Set(fingerprints)).toEqual(new Set(fingerprintsBefore.map((row) => row.fingerprint)));
  });
});

describe('budget', () => {
  it('aborts with reason budget under MODEL_PRICING, completes, and never overspends', async () => {
    await stopWorker();
    // Queued while no worker runs, and the stream open, before the priced worker starts: a 1-cent
    // run aborts at its first model call, and a running worker could finish it before the stream
    // subscribed (the stream would then miss the aborted frame).
    const id = await newEngagement({ budgetCents: 1 });
    expect((await startRun(id)).status).toBe(202);
    const stream = await runStream(id);
    await stream.waitForEvent('snapshot');
    await startWorker({
      MODEL_PRICING: JSON.stringify({ '*': { input_cents_per_1k: 50, output_cents_per_1k: 50 } }),
    });
    await stream.closed;
    const frames = significant(stream.events());
    expect(frames[0]!.type).toBe('snapshot');
    const aborted = frames.filter((f) => f.type === 'aborted');
    expect(aborted).toEqual([
      { type: 'aborted', reason: 'budget', stage: expect.any(String), iteration: expect.any(Number) },
    ]);
    const last = frames[frames.length - 1]!;
    const final = await view(id);
    expect(last).toMatchObject({ type: 'run_complete', aborted: 'budget', status: 'findings_review' });
    expect(last.findings).toEqual(final.findings);
    // After the abort the run still filters and reports what it has.
    const afterAbort = frames.slice(frames.indexOf(aborted[0]!));
    expect(afterAbort.filter((f) => f.type === 'stage_start').map((f) => f.stage)).toEqual([
      'consolidate',
      'filter',
      'report',
    ]);
    const cost = final.cost as { spent_cents: number; budget_cents: number };
    expect(cost.budget_cents).toBe(1);
    expect(cost.spent_cents).toBeLessThanOrEqual(1);
    expect(final).toMatchObject({ status: 'findings_review', is_running: false });
    expect((final.findings as { total: number }).total).toBe(
      (await findingsOf(id)).filter((f) => f.is_canonical).length,
    );

    // A budget that runs out in the investigate stage: what was found before the abort is kept.
    const partial = await newEngagement({ budgetCents: 2000 });
    expect((await startRun(partial)).status).toBe(202);
    const stopped = await settled(partial);
    expect(stopped.status).toBe('findings_review');
    const spent = stopped.cost as { spent_cents: number };
    expect(spent.spent_cents).toBeGreaterThan(1000);
    expect(spent.spent_cents).toBeLessThanOrEqual(2000);
    const kept = await findingsOf(partial);
    expect(kept.length).toBeGreaterThan(0);
    expect((stopped.findings as { total: number }).total).toBe(kept.filter((f) => f.is_canonical).length);
    await stopWorker();
  });
});

describe('a worker stopped with SIGTERM during a run', () => {
  it('puts the run back on the queue; the next worker runs it to the end', async () => {
    await stopWorker();
    const id = await newEngagement();
    expect((await startRun(id)).status).toBe(202);
    const stream = await runStream(id);
    await stream.waitForEvent('snapshot');
    const stopping = await startWorkerProcess(ctx, WORKER_ENV);
    await stream.waitForEvent('stage_start');
    expect(await stopping.stop()).toBe(0);
    expect(stopping.output()).toContain('run_requeued');
    const requeued = await view(id);
    expect(requeued).toMatchObject({ status: 'queued', is_running: false, progress: null });
    const [run] = await ctx.services.db.prisma.run.findMany({ where: { engagementId: id } });
    expect(run!.status).toBe('queued');
    await startWorker();
    await stream.closed;
    const frames = significant(stream.events());
    expect(frames.filter((f) => f.type === 'aborted')).toEqual([
      expect.objectContaining({ type: 'aborted', reason: 'cancelled' }),
    ]);
    // The stream stayed open while the run waited, and saw it start over and complete.
    const restart = frames.findIndex((f, i) => i > 1 && f.type === 'stage_start' && f.stage === 'profile');
    expect(restart).toBeGreaterThan(frames.findIndex((f) => f.type === 'aborted'));
    expect(frames[frames.length - 1]).toMatchObject({ type: 'run_complete', aborted: null });
    expect((await view(id)).status).toBe('findings_review');
  });
});

describe('a worker killed during a run', () => {
  it('is taken over by another worker: the run completes (or fails), never stays running, spends within budget', async () => {
    await stopWorker();
    // Priced, so the killed attempt spends and holds reservations; a budget the run cannot reach.
    const priced = {
      MODEL_PRICING: JSON.stringify({ '*': { input_cents_per_1k: 1, output_cents_per_1k: 1 } }),
    };
    const budgetCents = 100_000;
    const id = await newEngagement({ budgetCents });
    expect((await startRun(id)).status).toBe(202);
    const stream = await runStream(id);
    await stream.waitForEvent('snapshot');
    const doomed = await startWorkerProcess(ctx, { ...DOOMED_WORKER_ENV, ...priced });
    await stream.waitForEvent('stage_start');
    await doomed.kill();
    expect((await view(id)).status).toBe('running');
    await startWorker(priced);
    const final = await runEnded(view, id, 60_000);
    expect(final.is_running).toBe(false);
    expect(final.progress).toBeNull();
    // What the killed attempt had reserved is released, and the spend of both stays in the budget.
    const spend = (await ctx.services.repos.engagements.findById(id))!;
    expect(spend.reservedMicrocents).toBe(0n);
    expect(spend.spentMicrocents).toBeLessThanOrEqual(BigInt(budgetCents) * 1_000_000n);
    const runs = await ctx.services.db.prisma.run.findMany({ where: { engagementId: id } });
    expect(runs).toHaveLength(1);
    if (final.status === 'findings_review') {
      expect(runs[0]!.status).toBe('completed');
      expect(spend.spentMicrocents).toBeGreaterThan(0n);
      const rows = await ctx.services.db.prisma.finding.findMany({ where: { engagementId: id } });
      expect(rows.length).toBeGreaterThan(0);
      // Written once, by the attempt that completed.
      const fingerprints = rows.filter((row) => row.isCanonical).map((row) => row.fingerprint);
      expect(new Set(fingerprints).size).toBe(fingerprints.length);
    } else {
      expect(runs[0]!.status).toBe('failed');
      expect(final.failure_reason).toEqual(expect.any(String));
    }
    await stream.closed;
    const frames = significant(stream.events());
    expect(['run_complete', 'run_failed']).toContain(frames[frames.length - 1]!.type);
  });
});
