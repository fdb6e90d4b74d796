// flow_down_check: register rows approved below the authority a policy's approval matrix sets.
import { defineCheck, quoteRequests } from '../check';
import { underApprovalIssue, underApprovals, underApprovalSubject } from './authority-matrix';

interface AuthorityParams {
  register: string;
}

export const authorityMatrixCheck = defineCheck<AuthorityParams>({
  id: 'authority_matrix',
  primitives: ['flow_down_check'],
  list: 'docPairs',
  candidates({ analysis, focusBoost }) {
    const registers = [...new Set(underApprovals(analysis).map((u) => u.register.name))];
    return registers.map((register) => {
      const found = underApprovals(analysis).filter((u) => u.register.name === register);
      return {
        key: underApprovalSubject(register),
        primitive: 'flow_down_check',
        label: `approvals in ${register} against the approval matrix of ${found[0]!.matrix.document}`,
        documents: [register, found[0]!.matrix.document],
        params: { register },
        signal: 0.75 + focusBoost(['approval', 'authority', 'outsourcing', 'procurement']),
        severity: 'high',
      };
    });
  },
  question(params, { documents }) {
    return {
      text: `Were the arrangements of ${params.register} approved at the level the approval matrix of ${documents[1] ?? 'the policy'} requires for their amounts?`,
      query: 'approving authority annual contract value approval matrix up to above committee board',
    };
  },
  verdict(params, { analysis, visible }) {
    const found = underApprovals(analysis).filter((u) => u.register.name === params.register);
    const seen = found.filter((u) => visible.has(u.row) && visible.has(u.required.segment));
    if (seen.length > 0) return { issues: [underApprovalIssue(seen)] };
    const needed = found.flatMap((u) => [u.required.segment, u.row]);
    return { issues: [], hints: quoteRequests(needed, 4) };
  },
});
