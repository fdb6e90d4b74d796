// flow_down_check: register rows above a dual-approval threshold released with one approver.
import { defineCheck, quoteRequests } from '../check';
import { singleApprovalIssue, singleApprovals, singleApprovalSubject } from './dual-approval';

interface DualApprovalParams {
  register: string;
}

export const dualApprovalCheck = defineCheck<DualApprovalParams>({
  id: 'dual_approval',
  primitives: ['flow_down_check'],
  list: 'docPairs',
  candidates({ analysis, focusBoost }) {
    return singleApprovals(analysis).map((found) => ({
      key: singleApprovalSubject(found.register.name),
      primitive: 'flow_down_check',
      label: `single approvals in ${found.register.name}`,
      documents: [found.register.name, found.rule.segment.document],
      params: { register: found.register.name },
      signal: 0.75 + focusBoost(['payment', 'approval', 'signatory', 'fraud']),
      severity: 'high',
    }));
  },
  question(params, { documents }) {
    return {
      text: `Do the items of ${params.register} above the threshold ${documents[1] ?? 'the policy'} sets carry a second approval?`,
      query: 'second approver two signatories threshold or more register approver 2',
    };
  },
  verdict(params, { analysis, visible }) {
    const found = singleApprovals(analysis).find((f) => f.register.name === params.register);
    if (!found) return { issues: [] };
    const needed = [found.rule.segment, found.rows[0]!.segment];
    if (needed.some((s) => !visible.has(s))) return { issues: [], hints: quoteRequests(needed, 2) };
    return { issues: [singleApprovalIssue(found)] };
  },
});
