// One audit run: profile once, then catalog -> synthesize -> validate -> investigate ->
// consolidate -> deepen per iteration until max_iterations, convergence (no new canonical
// finding) or a halt; then verify, filter, report. Each stage is a module of ./stages. Every
// model call goes through the gateway; when the budget is exhausted (or the run is cancelled) the
// run stops calling the model, keeps its findings and finishes consolidate, filter and report
// deterministically.
import { analyzeCorpus } from '../analyst/corpus-analysis';
import type { ProviderName } from '../gateway/types';
import { Bm25Index } from '../retrieval/bm25';
import type { EngineFinding } from '../types';
import {
  Halt,
  RunContext,
  methodologyOf,
  type HaltReason,
  type RunInput,
  type RunMethodology,
} from './context';
import { catalogStage } from './stages/catalog';
import { consolidateStage, fallbackConsolidateStage } from './stages/consolidate';
import { deepenStage } from './stages/deepen';
import { filterStage } from './stages/filter';
import { investigateStage } from './stages/investigate';
import { profileStage } from './stages/profile';
import { reportStage } from './stages/report';
import { synthesizeStage } from './stages/synthesize';
import { validateStage } from './stages/validate';
import { verifyStage } from './stages/verify';

export type { RunInput, RunMethodology } from './context';

export interface RunResult {
  findings: EngineFinding[];
  aborted: HaltReason | null;
  converged: boolean;
  iterations: number;
  modelCalls: number;
  /** The provider behind the run's gateway (null when the gateway does not say). */
  provider: ProviderName | null;
  /** Documents of the corpus the run examined. */
  documentCount: number;
  /** What the methodology must say beyond the options: what was dropped. */
  methodology: RunMethodology;
}

export async function runAudit(input: RunInput): Promise<RunResult> {
  const analysis = analyzeCorpus(input.snapshot, input.intake);
  const run = new RunContext(input, analysis, new Bm25Index(input.snapshot.chunks));
  let converged = false;
  let iterations = 0;
  try {
    await profileStage(run);
    const maxIterations = input.steering ? 1 : Math.max(1, input.options.maxIterations);
    for (run.iteration = 1; run.iteration <= maxIterations; run.iteration += 1) {
      iterations = run.iteration;
      const converging = await iterate(run);
      if (converging) {
        converged = true;
        await run.emit({ type: 'converged', iteration: run.iteration });
        break;
      }
    }
    run.iteration = iterations;
    await verifyStage(run);
  } catch (error) {
    if (!(error instanceof Halt)) throw error;
    // Budget exhausted or cancelled: keep what was found.
    await fallbackConsolidateStage(run);
  }
  await filterStage(run);
  const findings = await reportStage(run);
  return {
    findings,
    aborted: run.aborted,
    converged,
    iterations: Math.max(1, iterations),
    modelCalls: run.modelCalls,
    provider: input.gateway.provider ?? null,
    documentCount: input.snapshot.documents.length,
    methodology: methodologyOf(run),
  };
}

/** One iteration; true when it added no new canonical finding (the run has converged). */
async function iterate(run: RunContext): Promise<boolean> {
  const lists = await catalogStage(run);
  const questions = await synthesizeStage(run, lists);
  const kept = await validateStage(run, questions);
  await investigateStage(run, kept);
  const added = await consolidateStage(run);
  await deepenStage(run);
  return added === 0;
}
