// conflict_check on forms and registers: work carried out before the approval a rule asks for first.
import { defineCheck, quoteRequests } from '../check';
import { approvalOrderBreaches, approvalOrderIssue, approvalOrderSubject } from './approval-order';

interface ApprovalOrderParams {
  document: string;
}

export const approvalOrderCheck = defineCheck<ApprovalOrderParams>({
  id: 'approval_order',
  primitives: ['conflict_check'],
  list: 'docPairs',
  candidates({ analysis, focusBoost }) {
    return approvalOrderBreaches(analysis).map((breach) => ({
      key: approvalOrderSubject(breach.document),
      primitive: 'conflict_check',
      label: `work before approval in ${breach.document}`,
      documents: [...new Set([breach.document, breach.rule.document])],
      params: { document: breach.document },
      signal: 0.8 + focusBoost(['change', 'approval', 'payment', 'access']),
      severity: 'high',
    }));
  },
  question(params) {
    return {
      text: `Was the work recorded in ${params.document} carried out before it was approved?`,
      query: 'date approved date implemented approval before implementation CAB approval prior approval',
    };
  },
  verdict(params, { analysis, visible }) {
    const breach = approvalOrderBreaches(analysis).find((b) => b.document === params.document);
    if (!breach) return { issues: [] };
    const needed = [breach.rule, ...breach.evidence.slice(0, 3)];
    if (needed.some((s) => !visible.has(s)))
      return { issues: [], hints: quoteRequests(needed, needed.length) };
    return { issues: [approvalOrderIssue(breach)] };
  },
});
