// One audit run: profile once, then catalog -> synthesize -> validate -> investigate ->
// consolidate -> deepen per iteration until max_iterations, convergence (no new canonical
// finding) or a halt; then verify, filter, report. Every model call goes through the gateway;
// when the budget is exhausted (or the run is cancelled) the run stops calling the model, keeps
// its findings and finishes consolidate, filter and report deterministically.
import type { Primitive } from '@auditsvc/core';
import type { CorpusChunk, CorpusSnapshot } from '../corpus';
import { BudgetExhaustedError, type CallMeta, type ModelGateway, type ModelTask } from '../gateway/types';
import { analyzeCorpus } from '../analyst/corpus-analysis';
import type { CatalogLists } from '../analyst/catalog';
import { Bm25Index } from '../retrieval/bm25';
import { adversarialVerdictTask } from '../tasks/adversarial-verdict';
import { catalogTargetsTask } from '../tasks/catalog-targets';
import { clusterLabelsTask } from '../tasks/cluster-labels';
import { consolidationTask, type ConsolidationGroup } from '../tasks/consolidation';
import { deepeningTask } from '../tasks/deepening';
import { domainInferenceTask } from '../tasks/domain-inference';
import { questionVerdictTask } from '../tasks/question-verdict';
import {
  SEVERITY_RANK,
  type EngineFinding,
  type Intake,
  type RunEvent,
  type RunOptions,
  type StageName,
} from '../types';
import { canonicalize, classify, rawFindingFrom } from './findings';
import type { Question, RawFinding } from './model';
import { clusterDocuments } from './profile';
import { synthesizeQuestions, validateQuestions } from './questions';

export interface RunInput {
  snapshot: CorpusSnapshot;
  intake: Intake;
  archetype: string;
  options: RunOptions;
  gateway: ModelGateway;
  emit(event: RunEvent): void | Promise<void>;
  steering?: { text: string; primitive: Primitive; maxQuestions: number | null };
  isCancelled?(): boolean;
}

export interface RunResult {
  findings: EngineFinding[];
  aborted: 'budget' | 'cancelled' | null;
  converged: boolean;
  iterations: number;
  modelCalls: number;
}

/** Thrown inside the run when it must stop calling the model. */
class Halt extends Error {
  constructor(readonly reason: 'budget' | 'cancelled') {
    super(reason);
  }
}

const RETRIEVE_TOP = 6;
const RETRIEVE_PER_DOCUMENT = 2;
const FOLLOWUP_TOP = 3;

export async function runAudit(input: RunInput): Promise<RunResult> {
  const { snapshot, intake, options, gateway } = input;
  let modelCalls = 0;
  let aborted: 'budget' | 'cancelled' | null = null;
  let stage: StageName = 'profile';
  let iteration = 0;
  const emit = async (event: RunEvent) => {
    await input.emit(event);
  };

  const halt = async (reason: 'budget' | 'cancelled'): Promise<never> => {
    if (!aborted) {
      aborted = reason;
      await emit({ type: 'aborted', reason, stage, iteration });
    }
    throw new Halt(reason);
  };
  const call = async <I, O>(
    task: ModelTask<I, O>,
    taskInput: I,
    meta: Omit<CallMeta, 'stage'>,
  ): Promise<O> => {
    if (aborted) throw new Halt(aborted);
    if (input.isCancelled?.()) await halt('cancelled');
    try {
      const result = await gateway.call(task, taskInput, { stage, ...meta });
      modelCalls += 1;
      return result;
    } catch (error) {
      if (error instanceof BudgetExhaustedError) await halt('budget');
      throw error;
    }
  };
  const start = async (name: StageName) => {
    stage = name;
    await emit({ type: 'stage_start', stage: name, iteration });
  };
  const complete = async (counts: Record<string, unknown>) => {
    await emit({ type: 'stage_complete', stage, iteration, ...counts });
  };

  const index = new Bm25Index(snapshot.chunks);
  const analysis = analyzeCorpus(snapshot, intake);
  const raws: RawFinding[] = [];
  let canonical: EngineFinding[] = [];
  let converged = false;
  let iterationsRun = 0;
  const investigated = new Set<string>();
  let lastGroups: ConsolidationGroup[] = [];

  try {
    // 1. profile
    await start('profile');
    const { clusters, corpusTerms } = clusterDocuments(analysis);
    const labels: string[] = [];
    for (const [i, cluster] of clusters.entries()) {
      try {
        labels.push(await call(clusterLabelsTask, cluster, { step: `cluster_${i + 1}` }));
      } catch (error) {
        if (error instanceof Halt) throw error;
        labels.push(cluster.terms.slice(0, 3).join(' / '));
      }
    }
    let domain = intake.domain;
    try {
      const inferred = await call(
        domainInferenceTask,
        {
          titles: analysis.documents.map((d) => d.title),
          terms: corpusTerms,
          text: analysis.documents.map((d) => d.text.slice(0, 4000)).join('\n'),
        },
        { step: 'domain' },
      );
      domain = intake.domain || inferred.domain;
    } catch (error) {
      if (error instanceof Halt) throw error;
    }
    await complete({
      documents: analysis.documents.length,
      chunks: snapshot.chunks.length,
      clusters: labels.length,
      citations: analysis.citations.length,
      domain,
    });

    let followups: string[] = [];
    const maxIterations = input.steering ? 1 : Math.max(1, options.maxIterations);
    for (iteration = 1; iteration <= maxIterations; iteration += 1) {
      iterationsRun = iteration;
      const before = new Set(canonical.filter((f) => f.isCanonical).map((f) => f.fingerprint));

      // 2. catalog
      await start('catalog');
      let lists: CatalogLists;
      try {
        lists = await call(
          catalogTargetsTask,
          {
            intake,
            investigated: [...investigated],
            followups,
            steering: input.steering ?? null,
            iteration,
            priorFindingTitles: canonical.filter((f) => f.isCanonical).map((f) => f.title),
            analysis,
          },
          { step: 'targets' },
        );
      } catch (error) {
        if (error instanceof Halt) throw error;
        lists = catalogTargetsTask.local({
          intake,
          investigated: [...investigated],
          followups,
          steering: input.steering ?? null,
          iteration,
          priorFindingTitles: [],
          analysis,
        }) as CatalogLists;
      }
      await complete({
        concepts: lists.concepts.length,
        doc_pairs: lists.docPairs.length,
        required_elements: lists.elements.length,
        currency_rules: lists.currencyRules.length,
        defined_terms: lists.definedTerms.length,
        citations: lists.citations.length,
      });

      // 3. synthesize
      await start('synthesize');
      let questions = synthesizeQuestions(lists, iteration, input.archetype);
      const cap = input.steering
        ? (input.steering.maxQuestions ?? options.maxQuestionsPerIteration)
        : options.maxQuestionsPerIteration;
      if (cap !== null && cap >= 0 && questions.length > cap) {
        await emit({ type: 'questions_capped', iteration, total: questions.length, kept: cap });
        questions = questions.slice(0, cap);
      }
      await complete({ questions: questions.length });

      // 4. validate
      await start('validate');
      const validation = validateQuestions(questions, index);
      await complete({ questions: validation.kept.length, dropped: validation.dropped.length });

      // 5. investigate
      await start('investigate');
      const found = await investigate(validation.kept);
      await complete({ questions: validation.kept.length, findings: found });

      // 6. consolidate
      await start('consolidate');
      canonical = canonicalize(raws, await consolidateGroups());
      const canonicalNow = canonical.filter((f) => f.isCanonical);
      const added = canonicalNow.filter((f) => !before.has(f.fingerprint)).length;
      await complete({
        raw_findings: raws.length,
        canonical_findings: canonicalNow.length,
        new_canonical: added,
      });

      // 7. deepen
      await start('deepen');
      const open = Object.values(
        catalogTargetsTask.local({
          intake,
          investigated: [...investigated],
          followups: [],
          steering: null,
          iteration,
          priorFindingTitles: [],
          analysis,
        }) as CatalogLists,
      )
        .flat()
        .map((t) => ({
          key: t.key,
          label: t.label,
          documents: 'documents' in t.target ? (t.target.documents as string[]) : [],
        }));
      try {
        const deep = await call(
          deepeningTask,
          {
            findings: canonicalNow.map((f) => ({
              key: f.key,
              title: f.title,
              primitive: f.primitive,
              severity: f.severity,
              documents: [...new Set(f.evidence.map((e) => e.document))],
              rootCause: f.rootCause,
            })),
            openTargets: open,
          },
          { step: 'patterns' },
        );
        for (const e of deep.escalations) {
          const f = canonical.find((c) => c.key === e.key);
          if (f && SEVERITY_RANK[e.severity] === SEVERITY_RANK[f.severity] + 1) f.severity = e.severity;
        }
        followups = deep.followups;
        await complete({
          patterns: deep.patterns.length,
          escalations: deep.escalations.length,
          followups: deep.followups.length,
        });
      } catch (error) {
        if (error instanceof Halt) throw error;
        followups = [];
        await complete({ patterns: 0, escalations: 0, followups: 0 });
      }

      if (added === 0) {
        converged = true;
        await emit({ type: 'converged', iteration });
        break;
      }
    }
    iteration = iterationsRun;

    // 8. verify
    if (options.enableAdversarialVerification) {
      await start('verify');
      const threshold = SEVERITY_RANK[options.adversarialSeverityThreshold];
      let challenged = 0;
      for (const finding of canonical.filter(
        (f) => f.isCanonical && SEVERITY_RANK[f.severity] >= threshold,
      )) {
        try {
          const verdict = await call(
            adversarialVerdictTask,
            {
              title: finding.title,
              description: finding.description,
              primitive: finding.primitive,
              confidence: finding.confidence,
              evidence: finding.evidence,
            },
            { step: 'challenge', questionId: finding.key },
          );
          finding.adversarial = {
            stands: verdict.stands,
            recommendation: verdict.recommendation,
            caveats: verdict.caveats,
          };
          finding.confidence = verdict.revisedConfidence;
          challenged += 1;
        } catch (error) {
          if (error instanceof Halt) throw error;
        }
      }
      await complete({
        challenged,
        rejected: canonical.filter((f) => f.adversarial?.recommendation === 'reject').length,
      });
    }
  } catch (error) {
    if (!(error instanceof Halt)) throw error;
    // Budget exhausted or cancelled: keep what was found. Groups an earlier consolidation made
    // stand; every raw finding since becomes its own canonical (no model call, no merge).
    iteration = Math.max(iteration, 1);
    await start('consolidate');
    const covered = new Set(lastGroups.flatMap((g) => g.keys));
    if (canonical.length === 0 || !raws.every((r) => covered.has(r.key)))
      canonical = canonicalize(raws, [
        ...lastGroups,
        ...raws.filter((r) => !covered.has(r.key)).map((r) => ({ keys: [r.key], primitive: r.primitive })),
      ]);
    await complete({
      raw_findings: raws.length,
      canonical_findings: canonical.filter((f) => f.isCanonical).length,
      new_canonical: 0,
      fallback: true,
    });
  }

  // 9. filter
  await start('filter');
  for (const finding of canonical) finding.filterStatus = finding.isCanonical ? classify(finding) : null;
  const counts = { definite: 0, likely: 0, speculative: 0, rejected: 0 };
  for (const f of canonical) if (f.filterStatus) counts[f.filterStatus] += 1;
  await complete(counts);

  // 10. report
  await start('report');
  const canonicalOnly = canonical.filter((f) => f.isCanonical);
  await complete({
    findings: canonicalOnly.length,
    raw_findings: canonical.length - canonicalOnly.length,
    model_calls: modelCalls,
  });

  canonical.sort(
    (a, b) =>
      Number(b.isCanonical) - Number(a.isCanonical) ||
      SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] ||
      b.confidence - a.confidence,
  );
  return { findings: canonical, aborted, converged, iterations: Math.max(1, iterationsRun), modelCalls };

  async function consolidateGroups(): Promise<ConsolidationGroup[]> {
    const singletons = raws.map((r) => ({ keys: [r.key], primitive: r.primitive }));
    if (raws.length === 0) return singletons;
    try {
      lastGroups = await call(
        consolidationTask,
        {
          findings: raws.map((r) => ({
            key: r.key,
            primitive: r.primitive,
            title: r.title,
            description: r.description,
            aspects: r.aspects,
            documents: [...new Set(r.evidence.map((e) => e.document))],
            severity: r.severity,
            confidence: r.confidence,
          })),
        },
        { step: 'group' },
      );
      return lastGroups;
    } catch (error) {
      if (error instanceof Halt) throw error;
      return singletons;
    }
  }

  async function investigate(questions: Question[]): Promise<number> {
    let done = 0;
    let found = 0;
    const frameworks = intake.frameworks;
    for (const question of questions) {
      if (input.isCancelled?.()) await halt('cancelled');
      investigated.add(question.targetKey);
      const chunks = new Map<string, CorpusChunk>();
      for (const hit of index.search(question.query, { k: RETRIEVE_TOP }))
        chunks.set(hit.chunk.id, hit.chunk);
      for (const document of question.documents)
        for (const hit of index.search(question.query, { k: RETRIEVE_PER_DOCUMENT, documents: [document] }))
          chunks.set(hit.chunk.id, hit.chunk);
      for (let round = 0; round <= options.maxFollowupRounds; round += 1) {
        let verdict;
        try {
          verdict = await call(
            questionVerdictTask,
            {
              question,
              chunks: [...chunks.values()],
              round,
              canAsk: round < options.maxFollowupRounds,
              frameworks,
              analysis,
            },
            { step: round === 0 ? 'verdict' : `followup_${round}`, questionId: question.id },
          );
        } catch (error) {
          if (error instanceof Halt) throw error;
          break; // the provider failed on this question: move on
        }
        if (verdict.verdict === 'need_more_evidence' && round < options.maxFollowupRounds) {
          let added = 0;
          for (const request of verdict.evidenceRequests.slice(0, 5)) {
            const documents =
              request.document && snapshot.documents.some((d) => d.name === request.document)
                ? [request.document]
                : undefined;
            for (const hit of index.search(request.query, { k: FOLLOWUP_TOP, documents })) {
              if (!chunks.has(hit.chunk.id)) added += 1;
              chunks.set(hit.chunk.id, hit.chunk);
            }
          }
          if (added === 0) {
            // Nothing new to show: ask for a final answer with what there is.
            round = options.maxFollowupRounds - 1;
          }
          continue;
        }
        if (verdict.verdict === 'issue') {
          for (const draft of verdict.findings) {
            if (raws.some((r) => r.subject === draft.subject)) continue;
            raws.push(
              rawFindingFrom(
                draft,
                [...chunks.values()],
                `rf-${iteration}-${raws.length + 1}`,
                question.id,
                iteration,
              ),
            );
            found += 1;
          }
        }
        break;
      }
      done += 1;
      await emit({
        type: 'progress',
        stage: 'investigate',
        iteration,
        questions_done: done,
        questions_total: questions.length,
      });
    }
    return found;
  }
}
