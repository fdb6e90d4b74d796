// 7. deepen: patterns across canonical findings, one-tier escalations where three or more share a
// root cause, and follow-up targets for the next iteration: those the deepening task proposes
// from the open targets, and those the checks of this iteration's productive questions name.
import { checkById } from '../../checks/registry';
import { SEVERITY_RANK } from '../../types';
import { deepeningTask } from '../../tasks/deepening';
import { CATALOG_LIST_NAMES, buildCatalog } from '../catalog';
import type { RunContext } from '../context';
import { evidenceDocuments } from '../findings';
import type { CatalogTarget } from '../model';

export async function deepenStage(run: RunContext): Promise<void> {
  await run.startStage('deepen');
  const { state } = run;
  const lists = buildCatalog(run.analysis, {
    intake: run.input.intake,
    investigated: [...state.investigated],
    followups: [],
    steering: null,
    proposals: state.discovery.proposals,
  });
  const open = CATALOG_LIST_NAMES.flatMap((name) => lists[name]);
  const canonical = run.canonicalOnly();
  const deep = await run.callOr(
    deepeningTask,
    {
      findings: canonical.map((f) => ({
        key: f.key,
        title: f.title,
        primitive: f.primitive,
        severity: f.severity,
        documents: evidenceDocuments(f),
        rootCause: f.rootCause,
      })),
      openTargets: open.map((t) => ({ key: t.key, label: t.label, documents: t.target.documents })),
    },
    { step: 'patterns' },
    () => null,
  );
  for (const e of deep?.escalations ?? []) {
    const f = state.canonical.find((c) => c.key === e.key);
    if (f && SEVERITY_RANK[e.severity] === SEVERITY_RANK[f.severity] + 1) f.severity = e.severity;
  }
  state.followups = [...new Set([...(deep?.followups ?? []), ...checkFollowUps(run, open)])];
  await run.completeStage({
    patterns: deep?.patterns.length ?? 0,
    escalations: deep?.escalations.length ?? 0,
    followups: state.followups.length,
  });
}

/** Open targets that the checks of this iteration's productive questions ask to look at next. */
function checkFollowUps(run: RunContext, open: CatalogTarget[]): string[] {
  const openKeys = new Set(open.map((t) => t.key));
  return run.state.productive
    .filter((q) => q.iteration === run.iteration)
    .flatMap((q) => checkById(q.target.check).followUps?.(q.target.params, open) ?? [])
    .filter((key) => openKeys.has(key));
}
