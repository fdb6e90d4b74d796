// The run pipeline: stage order and counts, the question cap, convergence, and the budget abort
// (a real ModelGateway that answers with the local analyst and refuses after N calls).
import { BudgetExhaustedError, type ModelGateway, type ModelTask } from '../src/gateway/types';
import { runAudit, STAGES, DEFAULT_RUN_OPTIONS, type RunEvent, type RunOptions } from '../src';
import { INTAKE, PLANTED, snapshotOf } from './helpers/synthetic-corpus';

/** Answers with the offline analyst; refuses every call after `limit` like an exhausted budget. */
function localGateway(limit = Infinity): ModelGateway & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async call<I, O>(task: ModelTask<I, O>, input: I): Promise<O> {
      if (calls.length >= limit) throw new BudgetExhaustedError();
      calls.push(task.name);
      return task.local(input);
    },
  };
}

async function run(
  options: Partial<RunOptions> = {},
  gateway = localGateway(),
  extra: Partial<Parameters<typeof runAudit>[0]> = {},
) {
  const events: RunEvent[] = [];
  const result = await runAudit({
    snapshot: await snapshotOf(PLANTED),
    intake: INTAKE,
    archetype: 'remediation_pipeline',
    options: { ...DEFAULT_RUN_OPTIONS, ...options },
    gateway,
    emit: (event) => {
      events.push(event);
    },
    ...extra,
  });
  return { events, result, gateway };
}

const stageOrder = (events: RunEvent[]) =>
  events.filter((e) => e.type === 'stage_start').map((e) => (e as { stage: string }).stage);

describe('runAudit', () => {
  test('runs the stages in order, loops catalog..deepen, converges and reports canonical findings', async () => {
    const { events, result } = await run();
    const order = stageOrder(events);
    expect(order.slice(0, 7)).toEqual([
      'profile',
      'catalog',
      'synthesize',
      'validate',
      'investigate',
      'consolidate',
      'deepen',
    ]);
    expect(order.slice(-3)).toEqual(['verify', 'filter', 'report']);
    // Every stage appears, in STAGES order within an iteration.
    expect(new Set(order)).toEqual(new Set(STAGES));
    for (const start of events.filter((e) => e.type === 'stage_start')) {
      const index = events.indexOf(start);
      expect(
        events.slice(index + 1).find((e) => e.type === 'stage_complete' || e.type === 'stage_start'),
      ).toMatchObject({ type: 'stage_complete', stage: (start as { stage: string }).stage });
    }
    const catalog = events.find((e) => e.type === 'stage_complete' && e.stage === 'catalog')!;
    expect(catalog).toMatchObject({ concepts: expect.any(Number), doc_pairs: expect.any(Number) });
    // The second iteration finds nothing new: converged, and the loop stops before max_iterations.
    expect(result.converged).toBe(true);
    expect(events.filter((e) => e.type === 'converged')).toEqual([{ type: 'converged', iteration: 2 }]);
    expect(result.iterations).toBe(2);
    expect(result.aborted).toBeNull();
    const canonical = result.findings.filter((f) => f.isCanonical);
    expect(canonical.length).toBeGreaterThanOrEqual(5);
    expect(
      canonical.every((f) => f.filterStatus !== null && f.evidence.length > 0 && f.fingerprint.length === 32),
    ).toBe(true);
    expect(result.findings.filter((f) => !f.isCanonical).every((f) => f.filterStatus === null)).toBe(true);
    expect(new Set(canonical.map((f) => f.primitive))).toEqual(
      new Set([
        'conflict_check',
        'currency_check',
        'citation_integrity_check',
        'coverage_check',
        'flow_down_check',
      ]),
    );
    // Canonical findings at or above the threshold were challenged.
    expect(canonical.filter((f) => f.severity !== 'low').every((f) => f.adversarial !== null)).toBe(true);
    expect(result.modelCalls).toBeGreaterThan(10);
    const progress = events.filter((e) => e.type === 'progress');
    expect(progress[progress.length - 1]).toMatchObject({ stage: 'investigate' });
  });

  test('caps the questions of an iteration and says so', async () => {
    const { events, result } = await run({
      maxQuestionsPerIteration: 2,
      maxIterations: 1,
      enableAdversarialVerification: false,
    });
    const capped = events.find((e) => e.type === 'questions_capped');
    expect(capped).toMatchObject({ type: 'questions_capped', iteration: 1, kept: 2 });
    expect((capped as { total: number }).total).toBeGreaterThan(2);
    expect(events.find((e) => e.type === 'stage_complete' && e.stage === 'synthesize')).toMatchObject({
      questions: 2,
    });
    expect(stageOrder(events)).not.toContain('verify');
    expect(result.findings.filter((f) => f.isCanonical).length).toBeLessThanOrEqual(4);
  });

  test('on budget exhaustion: aborted once, no further model calls, findings kept, deterministic consolidate/filter/report', async () => {
    const full = await run();
    const fullCalls = full.gateway.calls.length;
    // Enough calls for the profile and catalog and a few questions, not for the whole run.
    const clusterCalls = full.gateway.calls.filter((c) => c === 'cluster_labels').length;
    const limit = clusterCalls + 2 + 6;
    const gateway = localGateway(limit);
    const { events, result } = await run({}, gateway);
    expect(fullCalls).toBeGreaterThan(limit);
    expect(gateway.calls).toHaveLength(limit);
    expect(result.modelCalls).toBe(limit);
    expect(result.aborted).toBe('budget');
    const aborted = events.filter((e) => e.type === 'aborted');
    expect(aborted).toEqual([{ type: 'aborted', reason: 'budget', stage: 'investigate', iteration: 1 }]);
    const after = stageOrder(events.slice(events.indexOf(aborted[0]!)));
    expect(after).toEqual(['consolidate', 'filter', 'report']);
    const canonical = result.findings.filter((f) => f.isCanonical);
    expect(canonical.length).toBeGreaterThan(0);
    // Fallback: no merging, every raw finding is its own canonical.
    expect(result.findings.every((f) => f.isCanonical && f.mergedKeys.length === 0)).toBe(true);
    expect(canonical.every((f) => f.filterStatus !== null)).toBe(true);
  });

  test('a budget exhausted during verify keeps the consolidated groups and the verdicts already made', async () => {
    const full = await run();
    const firstChallenge = full.gateway.calls.indexOf('adversarial_verdict');
    expect(firstChallenge).toBeGreaterThan(0);
    const { events, result } = await run({}, localGateway(firstChallenge + 1));
    expect(events.find((e) => e.type === 'aborted')).toMatchObject({ reason: 'budget', stage: 'verify' });
    expect(result.findings.some((f) => f.isCanonical && f.mergedKeys.length > 0)).toBe(true);
    expect(result.findings.filter((f) => f.adversarial !== null)).toHaveLength(1);
    expect(stageOrder(events).slice(-3)).toEqual(['consolidate', 'filter', 'report']);
  });

  test('a budget exhausted at the first call still completes with no findings', async () => {
    const gateway = localGateway(0);
    const { events, result } = await run({}, gateway);
    expect(result.aborted).toBe('budget');
    expect(result.findings).toEqual([]);
    expect(events.find((e) => e.type === 'aborted')).toMatchObject({ stage: 'profile' });
    expect(stageOrder(events).slice(-3)).toEqual(['consolidate', 'filter', 'report']);
  });

  test('cancellation stops the run with aborted cancelled', async () => {
    let calls = 0;
    const gateway = localGateway();
    const { events, result } = await run({}, gateway, { isCancelled: () => ++calls > 30 });
    expect(result.aborted).toBe('cancelled');
    expect(events.filter((e) => e.type === 'aborted')).toHaveLength(1);
    expect(stageOrder(events).slice(-3)).toEqual(['consolidate', 'filter', 'report']);
  });

  test('investigate-further: one iteration steered to a primitive, capped by max questions', async () => {
    const { events, result } = await run({}, localGateway(), {
      steering: { text: 'supplier contract obligations', primitive: 'flow_down_check', maxQuestions: 1 },
    });
    expect(events.filter((e) => e.type === 'stage_start' && e.stage === 'catalog')).toHaveLength(1);
    expect(events.find((e) => e.type === 'stage_complete' && e.stage === 'synthesize')).toMatchObject({
      questions: 1,
    });
    expect(result.iterations).toBe(1);
    // The one question may find more than one shortfall of a contract; each is its own finding.
    const primitives = result.findings.filter((f) => f.isCanonical).map((f) => f.primitive);
    expect(primitives.length).toBeGreaterThan(0);
    expect(new Set(primitives)).toEqual(new Set(['flow_down_check']));
  });
});
