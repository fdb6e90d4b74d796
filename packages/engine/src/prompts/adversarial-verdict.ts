// adversarial_verdict: a strong-tier challenge of one finding from its evidence only.
import type { AdversarialInput } from '../tasks/adversarial-verdict';
import { JSON_ONLY } from '../tasks/json';
import { strList, unit, type TaskPrompt } from './prompt';

export const adversarialVerdictPrompt: TaskPrompt<AdversarialInput> = {
  task: 'adversarial_verdict',
  version: 1,
  schema: {
    type: 'object',
    properties: {
      stands: { type: 'boolean' },
      revised_confidence: unit,
      caveats: strList,
      recommendation: { type: 'string', enum: ['keep', 'refine', 'flag_for_review', 'reject'] },
    },
    required: ['stands', 'revised_confidence', 'recommendation'],
  },
  render(input) {
    return {
      system: `You are a sceptical audit partner. Try to refute the finding using only its evidence: are the quotes really in conflict, is the scope the same, is the evidence authoritative? ${JSON_ONLY}`,
      user:
        `Finding (${input.primitive}, confidence ${input.confidence}): ${input.title}\n${input.description}\nEvidence:\n` +
        input.evidence
          .map(
            (e) =>
              `- ${e.document}${e.page ? ` p.${e.page}` : ''}: "${e.quote}" (verified: ${e.quote_verified})`,
          )
          .join('\n') +
        '\n\nAnswer {"stands": boolean, "revised_confidence": 0..1, "caveats": [strings], "recommendation": "keep"|"refine"|"flag_for_review"|"reject"}.',
    };
  },
};
