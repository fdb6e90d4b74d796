// flow_down_check: approvals below the authority a policy sets for their amount, in a register's
// rows (authority-matrix.ts) or in an e-mail that approves a sum (correspondence.ts).
import { defineCheck, quoteRequests } from '../check';
import { underApprovalIssue, underApprovals, underApprovalSubject } from './authority-matrix';
import { mailOverreachIssue, mailOverreaches, mailOverreachSubject } from './correspondence';

interface AuthorityParams {
  /** The register, or the e-mail when `mail` is set. */
  register: string;
  mail?: boolean;
}

export const authorityMatrixCheck = defineCheck<AuthorityParams>({
  id: 'authority_matrix',
  primitives: ['flow_down_check'],
  list: 'docPairs',
  candidates({ analysis, focusBoost }) {
    const registers = [...new Set(underApprovals(analysis).map((u) => u.register.name))];
    const boost = focusBoost(['approval', 'authority', 'outsourcing', 'procurement']);
    const fromRegisters = registers.map((register) => {
      const found = underApprovals(analysis).filter((u) => u.register.name === register);
      return {
        key: underApprovalSubject(register),
        primitive: 'flow_down_check' as const,
        label: `approvals in ${register} against the approval matrix of ${found[0]!.matrix.document}`,
        documents: [register, found[0]!.matrix.document],
        params: { register },
        signal: 0.75 + boost,
        severity: 'high' as const,
      };
    });
    const fromMail = mailOverreaches(analysis).map((found) => ({
      key: mailOverreachSubject(found.document.name),
      primitive: 'flow_down_check' as const,
      label: `the amount approved in ${found.document.name} against the approval limits of ${found.limit.segment.document}`,
      documents: [found.document.name, found.limit.segment.document],
      params: { register: found.document.name, mail: true },
      signal: 0.75 + boost,
      severity: 'high' as const,
    }));
    return [...fromRegisters, ...fromMail];
  },
  question(params, { documents }) {
    if (params.mail)
      return {
        text: `Was the amount approved in ${params.register} within the approval limit of its sender under ${documents[1] ?? 'the policy'}?`,
        query: 'approved amount exceeds requires approval of above limit authority',
      };
    return {
      text: `Were the arrangements of ${params.register} approved at the level the approval matrix of ${documents[1] ?? 'the policy'} requires for their amounts?`,
      query: 'approving authority annual contract value approval matrix up to above committee board',
    };
  },
  verdict(params, { analysis, visible }) {
    if (params.mail) {
      const found = mailOverreaches(analysis).find((m) => m.document.name === params.register);
      if (!found) return { issues: [] };
      const needed = [found.limit.segment, found.grant, found.amountSegment];
      if (needed.some((s) => !visible.has(s))) return { issues: [], hints: quoteRequests(needed, 3) };
      return { issues: [mailOverreachIssue(found)] };
    }
    const found = underApprovals(analysis).filter((u) => u.register.name === params.register);
    const seen = found.filter((u) => visible.has(u.row) && visible.has(u.required.segment));
    if (seen.length > 0) return { issues: [underApprovalIssue(seen)] };
    const needed = found.flatMap((u) => [u.required.segment, u.row]);
    return { issues: [], hints: quoteRequests(needed, 4) };
  },
});
