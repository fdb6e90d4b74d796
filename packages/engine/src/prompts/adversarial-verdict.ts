// adversarial_verdict: a strong-tier challenge of one finding from its evidence only.
import type { AdversarialInput } from '../tasks/adversarial-verdict';
import { JSON_ONLY } from '../tasks/json';
import { fenceText, UNTRUSTED_RULE } from './untrusted';
import { strList, unit, type TaskPrompt } from './prompt';

export const adversarialVerdictPrompt: TaskPrompt<AdversarialInput> = {
  task: 'adversarial_verdict',
  // 2: the evidence quotes fenced as client data.
  version: 2,
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
      system: `You are a sceptical audit partner. Try to refute the finding using only its evidence: are the quotes really in conflict, is the scope the same, is the evidence authoritative? ${UNTRUSTED_RULE} ${JSON_ONLY}`,
      user:
        `Finding (${input.primitive}, confidence ${input.confidence}): ${input.title}\n${input.description}\nEvidence:\n` +
        input.evidence
          .map(
            (e) =>
              `- ${e.page ? `p.${e.page}, ` : ''}verified: ${e.quote_verified}\n${fenceText(e.document, e.quote)}`,
          )
          .join('\n') +
        '\n\nAnswer {"stands": boolean, "revised_confidence": 0..1, "caveats": [strings], "recommendation": "keep"|"refine"|"flag_for_review"|"reject"}.',
    };
  },
};
