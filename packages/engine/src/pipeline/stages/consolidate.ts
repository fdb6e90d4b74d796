// 6. consolidate: group raw findings by root cause into canonical findings. A failed model call
// leaves each raw finding its own canonical (no merge, no boost). After a halt, the groups of the
// last consolidation stand and every raw finding since becomes its own canonical, without a call.
import { consolidationTask, type ConsolidationGroup } from '../../tasks/consolidation';
import type { RunContext } from '../context';
import { canonicalize, evidenceDocuments } from '../findings';
import type { RawFinding } from '../model';

/** Returns the number of canonical findings this iteration added. */
export async function consolidateStage(run: RunContext): Promise<number> {
  await run.startStage('consolidate');
  const { state } = run;
  const before = new Set(run.canonicalOnly().map((f) => f.fingerprint));
  state.canonical = canonicalize(state.raws, await consolidationGroups(run));
  const now = run.canonicalOnly();
  const added = now.filter((f) => !before.has(f.fingerprint)).length;
  await run.completeStage({
    raw_findings: state.raws.length,
    canonical_findings: now.length,
    new_canonical: added,
  });
  return added;
}

const singleton = (r: RawFinding): ConsolidationGroup => ({ keys: [r.key], primitive: r.primitive });

async function consolidationGroups(run: RunContext): Promise<ConsolidationGroup[]> {
  const { raws } = run.state;
  if (raws.length === 0) return [];
  const groups = await run.callOr(
    consolidationTask,
    {
      findings: raws.map((r) => ({
        key: r.key,
        primitive: r.primitive,
        title: r.title,
        description: r.description,
        aspects: r.aspects,
        documents: evidenceDocuments(r),
        severity: r.severity,
        confidence: r.confidence,
      })),
    },
    { step: 'group' },
    () => null,
  );
  if (!groups) return raws.map(singleton);
  run.state.lastGroups = groups;
  return groups;
}

/** Consolidation without the model, after a halt: earlier groups stand, the rest stay single. */
export async function fallbackConsolidateStage(run: RunContext): Promise<void> {
  run.iteration = Math.max(run.iteration, 1);
  await run.startStage('consolidate');
  const { state } = run;
  const covered = new Set(state.lastGroups.flatMap((g) => g.keys));
  if (state.canonical.length === 0 || !state.raws.every((r) => covered.has(r.key)))
    state.canonical = canonicalize(state.raws, [
      ...state.lastGroups,
      ...state.raws.filter((r) => !covered.has(r.key)).map(singleton),
    ]);
  await run.completeStage({
    raw_findings: state.raws.length,
    canonical_findings: run.canonicalOnly().length,
    new_canonical: 0,
    fallback: true,
  });
}
