// 10. report: the findings in report order (canonical first, then by severity and confidence).
import { SEVERITY_RANK, type EngineFinding } from '../../types';
import { methodologyOf, type RunContext } from '../context';

export async function reportStage(run: RunContext): Promise<EngineFinding[]> {
  await run.startStage('report');
  const canonical = run.canonicalOnly();
  await run.completeStage({
    findings: canonical.length,
    raw_findings: run.state.canonical.length - canonical.length,
    model_calls: run.modelCalls,
    ...methodologyOf(run),
  });
  return [...run.state.canonical].sort(
    (a, b) =>
      Number(b.isCanonical) - Number(a.isCanonical) ||
      SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] ||
      b.confidence - a.confidence,
  );
}
