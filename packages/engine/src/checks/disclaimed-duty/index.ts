// flow_down_check: a contract clause that relieves the other party of a duty a policy requires.
import { defineCheck, quoteRequests } from '../check';
import { disclaimedDuties, disclaimedIssue, disclaimedSubject } from './disclaimed-duties';

interface DisclaimedParams {
  subject: string;
}

export const disclaimedDutyCheck = defineCheck<DisclaimedParams>({
  id: 'disclaimed_duty',
  primitives: ['flow_down_check'],
  list: 'docPairs',
  candidates({ analysis, focusBoost }) {
    return disclaimedDuties(analysis).map((found) => ({
      key: disclaimedSubject(found),
      primitive: 'flow_down_check',
      label: `duty disclaimed in ${found.disclaimer.document}`,
      documents: [found.duty.document, found.disclaimer.document],
      params: { subject: disclaimedSubject(found) },
      signal: 0.7 + focusBoost(['contract', 'third party', 'vendor', 'supplier']),
      severity: 'high',
    }));
  },
  question(params, { documents }) {
    return {
      text: `Does ${documents[1] ?? 'the contract'} relieve the provider of a duty ${documents[0] ?? 'the policy'} requires?`,
      query: 'no obligation to shall not be responsible for verify record inspect',
    };
  },
  verdict(params, { analysis, visible }) {
    const found = disclaimedDuties(analysis).find((f) => disclaimedSubject(f) === params.subject);
    if (!found) return { issues: [] };
    const needed = [found.duty, found.disclaimer];
    if (needed.some((s) => !visible.has(s)))
      return { issues: [], hints: quoteRequests(needed, needed.length) };
    return { issues: [disclaimedIssue(found)] };
  },
});
