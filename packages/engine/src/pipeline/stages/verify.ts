// 8. verify (adversarial, optional): one strong-model challenge per canonical finding at or above
// the severity threshold; the verdict revises its confidence and may recommend rejecting it.
import { SEVERITY_RANK } from '../../types';
import { adversarialVerdictTask } from '../../tasks/adversarial-verdict';
import type { RunContext } from '../context';

export async function verifyStage(run: RunContext): Promise<void> {
  const { options } = run.input;
  if (!options.enableAdversarialVerification) return;
  await run.startStage('verify');
  const threshold = SEVERITY_RANK[options.adversarialSeverityThreshold];
  let challenged = 0;
  for (const finding of run.canonicalOnly().filter((f) => SEVERITY_RANK[f.severity] >= threshold)) {
    const verdict = await run.callOr(
      adversarialVerdictTask,
      {
        title: finding.title,
        description: finding.description,
        primitive: finding.primitive,
        confidence: finding.confidence,
        evidence: finding.evidence,
      },
      { step: 'challenge', questionId: finding.key },
      () => null,
    );
    if (!verdict) continue;
    finding.adversarial = {
      stands: verdict.stands,
      recommendation: verdict.recommendation,
      caveats: verdict.caveats,
    };
    finding.confidence = verdict.revisedConfidence;
    challenged += 1;
  }
  await run.completeStage({
    challenged,
    rejected: run.state.canonical.filter((f) => f.adversarial?.recommendation === 'reject').length,
  });
}
