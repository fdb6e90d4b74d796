// flow_down_check: a procedure's step that tells staff to do what a policy forbids ("Write the
// card details on the booking sheet" against "Card details must never be written down").
import { defineCheck, quoteRequests } from '../check';
import {
  forbiddenInstructionIssue,
  forbiddenInstructions,
  forbiddenInstructionSubject,
} from './prohibited-practices';

interface ProhibitedPracticeParams {
  subject: string;
}

export const prohibitedPracticeCheck = defineCheck<ProhibitedPracticeParams>({
  id: 'prohibited_practice',
  primitives: ['flow_down_check'],
  list: 'docPairs',
  candidates({ analysis }) {
    return forbiddenInstructions(analysis).map((found) => ({
      key: forbiddenInstructionSubject(found),
      primitive: 'flow_down_check',
      label: `${found.prohibition.object} in ${found.instruction.document}`,
      documents: [found.prohibition.segment.document, found.instruction.document],
      params: { subject: forbiddenInstructionSubject(found) },
      signal: 0.75,
      severity: 'high',
    }));
  },
  question(params, { label }) {
    return {
      text: `Does a procedure tell staff to do with ${label} what a policy forbids?`,
      query: label,
    };
  },
  verdict(params, { analysis, visible }) {
    const found = forbiddenInstructions(analysis).find(
      (f) => forbiddenInstructionSubject(f) === params.subject,
    );
    if (!found) return { issues: [] };
    const needed = [found.prohibition.segment, found.instruction];
    if (needed.some((s) => !visible.has(s)))
      return { issues: [], hints: quoteRequests(needed, needed.length) };
    return { issues: [forbiddenInstructionIssue(found)] };
  },
});
