// 9. filter: classify canonical findings definite | likely | speculative | rejected.
import type { RunContext } from '../context';
import { classify } from '../findings';

export async function filterStage(run: RunContext): Promise<void> {
  await run.startStage('filter');
  const counts = { definite: 0, likely: 0, speculative: 0, rejected: 0 };
  for (const finding of run.state.canonical) {
    finding.filterStatus = finding.isCanonical ? classify(finding) : null;
    if (finding.filterStatus) counts[finding.filterStatus] += 1;
  }
  await run.completeStage(counts);
}
