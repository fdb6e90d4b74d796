// adversarial_verdict: a strong-tier challenge of one finding. It looks for reasons the finding
// does not stand: unverified quotes, one-sided evidence, evidence that is informal (an e-mail),
// scopes that may legitimately differ.
import type { ModelTask } from '../gateway/types';
import { adversarialVerdictPrompt } from '../prompts/adversarial-verdict';
import { promptOf } from '../prompts/prompt';
import type { EvidenceItem } from '../types';
import { asEnum, asNumber, asObject, asStringArray } from './json';

export interface AdversarialInput {
  title: string;
  description: string;
  primitive: string;
  confidence: number;
  evidence: EvidenceItem[];
}

export interface AdversarialVerdict {
  stands: boolean;
  revisedConfidence: number;
  caveats: string[];
  recommendation: 'keep' | 'refine' | 'flag_for_review' | 'reject';
}

const INFORMAL = /\.(eml|mbox|png|jpe?g|tiff)$/i;

export const adversarialVerdictTask: ModelTask<AdversarialInput, AdversarialVerdict> = {
  name: 'adversarial_verdict',
  tier: 'strong',
  maxOutputTokens: 600,
  ...promptOf(adversarialVerdictPrompt),
  parse(json) {
    const o = asObject(json, 'adversarial');
    if (typeof o.stands !== 'boolean') throw new Error('stands: expected a boolean');
    return {
      stands: o.stands,
      revisedConfidence: asNumber(o.revised_confidence, 'revised_confidence', 0, 1),
      caveats: o.caveats === undefined ? [] : asStringArray(o.caveats, 'caveats').slice(0, 10),
      recommendation: asEnum(
        o.recommendation,
        ['keep', 'refine', 'flag_for_review', 'reject'] as const,
        'recommendation',
      ),
    };
  },
  local(input) {
    const verified = input.evidence.filter((e) => e.quote_verified);
    const documents = new Set(verified.map((e) => e.document));
    const caveats: string[] = [];
    let confidence = input.confidence;
    if (verified.length < input.evidence.length) {
      caveats.push(
        `${input.evidence.length - verified.length} of ${input.evidence.length} quotes could not be verified in the retrieved text.`,
      );
      confidence -= 0.1;
    }
    const informal = [...documents].filter((d) => INFORMAL.test(d));
    if (informal.length)
      caveats.push(
        `Part of the evidence is informal or scanned (${informal.join(', ')}); confirm it reflects current practice.`,
      );
    const needsTwoSides =
      input.primitive === 'conflict_check' ||
      input.primitive === 'consistency_check' ||
      input.primitive === 'flow_down_check';
    if (needsTwoSides && documents.size < 2) {
      caveats.push('The evidence shows only one side of the comparison.');
      confidence -= 0.25;
    }
    if (input.primitive === 'coverage_check')
      caveats.push('An absence is shown by search of the corpus; documents outside the corpus may cover it.');
    const stands = verified.length > 0 && confidence >= 0.5;
    const recommendation = !stands
      ? verified.length === 0
        ? 'reject'
        : 'flag_for_review'
      : confidence >= 0.8
        ? 'keep'
        : 'refine';
    return { stands, revisedConfidence: Math.max(0, Math.min(1, confidence)), caveats, recommendation };
  },
};
