// Investigate-further (spec 4.5 with DECISIONS "Findings"): its preconditions, the one-iteration
// mini-run steered at a finding (events on the run stream, findings added with parent_finding_id
// and the next iteration, nothing replaced), its options, and its own budget cap enforced through
// MODEL_PRICING while the engagement still has money left.
import { STAGES } from '@auditsvc/engine';
import { Actors, makeActors, makeEngagement, makeFindings } from '../../../test/helpers/builders';
import { TestContext, createTestContext } from '../../../test/helpers/context';
import { sampleFile, sampleIntake, sampleNames } from '../../../test/helpers/sample-corpus';
import { serve } from '../../../test/helpers/server';
import { TestProcess, startWorkerProcess } from '../../../test/helpers/processes';
import { openSse } from '../../../test/helpers/sse';
import { waitFor } from '../../../test/helpers/wait';
import { runEnded } from '../../../test/helpers/run-ended';

jest.setTimeout(180_000);

type Frame = Record<string, unknown>;
type Finding = Record<string, unknown> & { id: string; is_canonical: boolean; iteration: number };

let ctx: TestContext;
let actors: Actors;
let server: Awaited<ReturnType<typeof serve>>;
let baseUrl: string;
/** The sample corpus, ingested into this engagement, which is also audited by a first run. */
let engagementId: string;
let worker: TestProcess | null = null;

const view = async (id: string) =>
  (await ctx.http().get(`/auditsvc/engagement/${id}`).set(actors.headers.partnerA)).body as Record<
    string,
    unknown
  >;

const settled = (id: string) => runEnded(view, id);

async function findingsOf(id: string): Promise<Finding[]> {
  const res = await ctx
    .http()
    .get(`/auditsvc/engagement/${id}/findings?limit=1000`)
    .set(actors.headers.partnerA);
  expect(res.status).toBe(200);
  return res.body.findings as Finding[];
}

const investigate = (findingId: string, id: string, body: object = {}, headers = actors.headers.partnerA) =>
  ctx
    .http()
    .post(`/auditsvc/finding/${findingId}/investigate-further?engagement_id=${id}`)
    .set(headers)
    .send(body);

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await makeActors(ctx);
  server = await serve(ctx.app);
  baseUrl = server.baseUrl;
  worker = await startWorkerProcess(ctx);
  engagementId = (await makeEngagement(ctx, actors.firmA, { intake: sampleIntake })).id;
  for (const name of sampleNames) {
    const res = await ctx
      .http()
      .post(`/auditsvc/engagement/${engagementId}/corpus/upload`)
      .set(actors.headers.partnerA)
      .attach('file', sampleFile(name), name);
    expect(res.status).toBe(201);
  }
  await ctx.http().post(`/auditsvc/engagement/${engagementId}/corpus/ingest`).set(actors.headers.partnerA);
  await waitFor(
    'the ingest',
    async () => ((await view(engagementId)).corpus as { status: string }).status === 'ingested',
  );
});
afterAll(async () => {
  await worker?.stop();
  await server?.close();
  await ctx.close();
});

describe('preconditions', () => {
  it('answers 422 before any run (no intake, or no client_id recorded)', async () => {
    for (const intake of [undefined, sampleIntake]) {
      const engagement = await makeEngagement(ctx, actors.firmA, intake ? { intake } : {});
      const [finding] = await makeFindings(ctx, engagement, [{}]);
      const res = await investigate(finding!.id, engagement.id);
      expect(res.status).toBe(422);
      expect(res.body.detail[0].msg).toMatch(/prior run/);
    }
  });

  it('answers 403 to associates, 404 for other firms and unknown findings, 423 when frozen', async () => {
    const engagement = await makeEngagement(ctx, actors.firmA, { intake: sampleIntake });
    const [finding] = await makeFindings(ctx, engagement, [{}]);
    expect((await investigate(finding!.id, engagement.id, {}, actors.headers.associateA)).status).toBe(403);
    expect((await investigate(finding!.id, engagement.id, {}, actors.headers.partnerB)).status).toBe(404);
    expect((await investigate('f-0000000000000000', engagement.id)).status).toBe(404);
    expect((await investigate(finding!.id, 'eng-0000000000000000')).status).toBe(404);
    await ctx.services.repos.engagements.update(engagement.id, { isFrozen: true, status: 'delivered' });
    expect((await investigate(finding!.id, engagement.id)).status).toBe(423);
  });

  it('answers 409 while a run is in progress and 422 for a bad body', async () => {
    const engagement = await makeEngagement(ctx, actors.firmA, {
      intake: sampleIntake,
      status: 'running',
    });
    await ctx.services.repos.engagements.update(engagement.id, { clientId: engagementId });
    const [finding] = await makeFindings(ctx, engagement, [{}]);
    expect((await investigate(finding!.id, engagement.id)).status).toBe(409);
    const bad = await investigate(finding!.id, engagement.id, { primitive: 'guess_check', max_questions: 0 });
    expect(bad.status).toBe(422);
    expect((bad.body.detail as { loc: string[] }[]).map((item) => item.loc[1]).sort()).toEqual([
      'max_questions',
      'primitive',
    ]);
  });
});

describe('a mini-run steered at a finding', () => {
  let before: Finding[];
  let parent: Finding;
  let frames: Frame[];
  let answer: Record<string, unknown>;

  beforeAll(async () => {
    expect(
      (
        await ctx
          .http()
          .post(`/auditsvc/engagement/${engagementId}/run`)
          .set(actors.headers.partnerA)
          // A narrow first run (one iteration, two questions) leaves the mini-run something new
          // to find; what it finds again is not stored twice.
          .send({ max_iterations: 1, max_questions_per_iteration: 2 })
      ).status,
    ).toBe(202);
    expect((await settled(engagementId)).status).toBe('findings_review');
    before = await findingsOf(engagementId);
    parent = before.find((f) => f.is_canonical)!;
    // Queued while no worker runs, so the stream sees every frame.
    await worker!.stop();
    worker = null;
    const res = await investigate(parent.id, engagementId);
    answer = res.body as Record<string, unknown>;
    expect(res.status).toBe(200);
    expect((await view(engagementId)).status).toBe('queued');
    const stream = await openSse(
      `${baseUrl}/auditsvc/engagement/${engagementId}/stream`,
      actors.headers.partnerA,
    );
    // Subscribed (its snapshot is out) before the worker can publish the first frame.
    await stream.waitForEvent('snapshot');
    worker = await startWorkerProcess(ctx);
    await stream.closed;
    frames = stream.events().filter((frame) => frame.type !== 'keepalive');
  });

  it('answers 200 with the parent finding and its primitive', () => {
    expect(answer).toEqual({
      ok: true,
      engagement_id: engagementId,
      parent_finding_id: parent.id,
      primitive: parent.primitive,
      status: 'queued',
    });
  });

  it('runs one iteration on the run stream: queued -> running -> findings_review', async () => {
    expect(frames[0]).toMatchObject({ type: 'snapshot', status: 'queued' });
    const stages = frames
      .filter((f) => f.type === 'stage_start')
      .map((f) => `${f.stage as string}:${f.iteration as number}`);
    expect(stages).toEqual([
      'profile:0',
      ...STAGES.slice(1, 7).map((stage) => `${stage}:1`),
      'verify:1',
      'filter:1',
      'report:1',
    ]);
    expect(frames[frames.length - 1]).toMatchObject({
      type: 'run_complete',
      engagement_id: engagementId,
      status: 'findings_review',
      iterations: 1,
    });
    expect(await view(engagementId)).toMatchObject({
      status: 'findings_review',
      is_running: false,
      progress: null,
    });
  });

  it('adds findings with parent_finding_id and the next iteration, replacing none', async () => {
    const after = await findingsOf(engagementId);
    const byId = new Map(after.map((f) => [f.id, f]));
    for (const old of before) expect(byId.get(old.id)).toEqual(old);
    const added = after.filter((f) => !before.some((old) => old.id === f.id));
    expect(added.length).toBeGreaterThan(0);
    // What the mini-run found again is not stored twice: one canonical finding per fingerprint.
    const canonical = await ctx.services.db.prisma.finding.findMany({
      where: { engagementId, isCanonical: true },
      select: { fingerprint: true },
    });
    expect(new Set(canonical.map((row) => row.fingerprint)).size).toBe(canonical.length);
    const nextIteration = Math.max(...before.map((f) => f.iteration)) + 1;
    for (const finding of added) {
      expect(finding).toMatchObject({
        parent_finding_id: parent.id,
        iteration: nextIteration,
        status: 'pending',
      });
    }
    const runs = await ctx.services.db.prisma.run.findMany({
      where: { engagementId },
      orderBy: { createdAt: 'asc' },
    });
    expect(runs.map((run) => [run.kind, run.status])).toEqual([
      ['run', 'completed'],
      ['investigate_further', 'completed'],
    ]);
    expect(runs[1]).toMatchObject({ parentFindingId: parent.id });
    expect(runs[1]!.options).toMatchObject({
      maxIterations: 1,
      maxQuestionsPerIteration: 10,
      budgetCents: 200,
      steering: { text: parent.description, primitive: parent.primitive, maxQuestions: 10 },
    });
    const rows = await ctx.services.db.prisma.finding.findMany({
      where: { engagementId, runId: runs[1]!.id },
    });
    expect(rows.map((row) => row.id).sort()).toEqual(added.map((f) => f.id).sort());
  });

  it('takes steering_text, primitive, max_questions, and a budget capped by what is left', async () => {
    const engagement = (await ctx.services.repos.engagements.findById(engagementId))!;
    const left = engagement.budgetCents - Number(engagement.spentMicrocents) / 1_000_000;
    const res = await investigate(parent.id, engagementId, {
      steering_text: 'Check whether vendor contracts carry the incident notification window.',
      primitive: 'flow_down_check',
      budget_cents: 100_000,
      max_questions: 3,
    });
    expect(res.status).toBe(200);
    expect(res.body.primitive).toBe('flow_down_check');
    // A second one while it is queued or running: 409.
    expect((await investigate(parent.id, engagementId)).status).toBe(409);
    const run = (await ctx.services.db.prisma.run.findFirst({
      where: { engagementId },
      orderBy: { createdAt: 'desc' },
    }))!;
    expect(run.options).toMatchObject({
      maxQuestionsPerIteration: 3,
      steering: {
        text: 'Check whether vendor contracts carry the incident notification window.',
        primitive: 'flow_down_check',
        maxQuestions: 3,
      },
    });
    expect((run.options as { budgetCents: number }).budgetCents).toBeCloseTo(Math.min(100_000, left), 3);
    expect((await settled(engagementId)).status).toBe('findings_review');
  });
});

describe('its own budget', () => {
  it('stops the mini-run at budget_cents though the engagement has more left', async () => {
    // Queued while no worker runs; the priced worker starts once the stream is open.
    await worker?.stop();
    worker = null;
    await ctx.services.repos.engagements.update(engagementId, { budgetCents: 1_000_000 });
    const spentBefore = ((await view(engagementId)).cost as { spent_cents: number }).spent_cents;
    const [parent] = (await findingsOf(engagementId)).filter((f) => f.is_canonical);
    expect((await investigate(parent!.id, engagementId, { budget_cents: 300 })).status).toBe(200);
    const stream = await openSse(
      `${baseUrl}/auditsvc/engagement/${engagementId}/stream`,
      actors.headers.partnerA,
    );
    await stream.waitForEvent('snapshot');
    worker = await startWorkerProcess(ctx, {
      MODEL_PRICING: JSON.stringify({ '*': { input_cents_per_1k: 50, output_cents_per_1k: 50 } }),
    });
    await stream.closed;
    const frames = stream.events();
    expect(frames.filter((f) => f.type === 'aborted')).toEqual([
      expect.objectContaining({ type: 'aborted', reason: 'budget' }),
    ]);
    expect(frames[frames.length - 1]).toMatchObject({ type: 'run_complete', aborted: 'budget' });
    const spentAfter = ((await view(engagementId)).cost as { spent_cents: number }).spent_cents;
    expect(spentAfter - spentBefore).toBeGreaterThan(0);
    expect(spentAfter - spentBefore).toBeLessThanOrEqual(300);
  });
});

describe('a mini-run that fails', () => {
  it('is recorded failed on its run, and leaves the engagement as its completed run left it', async () => {
    // An engagement reviewed after a completed run, whose corpus has since no parsed documents: a
    // mini-run on it fails on each attempt, then for good.
    const empty = await makeEngagement(ctx, actors.firmA);
    const reviewed = await makeEngagement(ctx, actors.firmA, {
      intake: sampleIntake,
      status: 'findings_review',
    });
    const startedAt = new Date(Date.now() - 60_000);
    const completedAt = new Date(Date.now() - 30_000);
    await ctx.services.repos.engagements.update(reviewed.id, { clientId: empty.id, startedAt, completedAt });
    await ctx.services.db.prisma.run.create({
      data: {
        id: `run-${reviewed.id.slice(4)}`,
        engagementId: reviewed.id,
        kind: 'run',
        status: 'completed',
        options: {},
        startedAt,
        completedAt,
      },
    });
    const [parent] = await makeFindings(ctx, (await ctx.services.repos.engagements.findById(reviewed.id))!, [
      {},
      { severity: 'high' },
    ]);
    const viewBefore = await view(reviewed.id);
    const findingsBefore = await findingsOf(reviewed.id);

    expect((await investigate(parent!.id, reviewed.id)).status).toBe(200);
    const stream = await openSse(
      `${baseUrl}/auditsvc/engagement/${reviewed.id}/stream`,
      actors.headers.partnerA,
    );
    await stream.closed;
    const investigation = (await ctx.services.db.prisma.run.findFirst({
      where: { engagementId: reviewed.id, kind: 'investigate_further' },
    }))!;
    expect(investigation).toMatchObject({
      status: 'failed',
      failureReason: expect.stringMatching(/^The investigation/),
    });
    // The engagement is as it was: reviewed, not failed, same dates, same findings.
    const after = await view(reviewed.id);
    expect(after).toMatchObject({
      status: 'findings_review',
      is_running: false,
      failure_reason: null,
      progress: null,
    });
    expect(after.started_at).toBe(viewBefore.started_at);
    expect(after.completed_at).toBe(viewBefore.completed_at);
    expect(await findingsOf(reviewed.id)).toEqual(findingsBefore);
    // Stream clients are told the investigation failed.
    expect(stream.events().at(-1)).toMatchObject({
      type: 'run_failed',
      run_id: investigation.id,
      kind: 'investigate_further',
      error: investigation.failureReason,
    });
  });
});
