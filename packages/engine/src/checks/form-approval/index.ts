// conflict_check on filled-in forms: a request approved by the person who made or sponsored it.
import { defineCheck, quoteRequests } from '../check';
import { selfApprovalIssue, selfApprovalSubject, selfApprovedForms } from './form-approvals';

interface FormApprovalParams {
  document: string;
}

export const formApprovalCheck = defineCheck<FormApprovalParams>({
  id: 'form_approval',
  primitives: ['conflict_check'],
  list: 'docPairs',
  candidates({ analysis, focusBoost }) {
    return selfApprovedForms(analysis).map((form) => ({
      key: selfApprovalSubject(form.document),
      primitive: 'conflict_check',
      label: `self-approval in ${form.document}`,
      documents: [...new Set([form.document, form.rule.document])],
      params: { document: form.document },
      signal: 0.8 + focusBoost(['approval', 'access', 'segregation']),
      severity: 'high',
    }));
  },
  question(params) {
    return {
      text: `Was the request in ${params.document} approved by the person who made it?`,
      query: 'requested by approved by approver name sponsor may not approve their own request',
    };
  },
  verdict(params, { analysis, visible }) {
    const form = selfApprovedForms(analysis).find((f) => f.document === params.document);
    if (!form) return { issues: [] };
    const needed = [form.requester.segment, form.approver.segment, form.rule];
    if (needed.some((s) => !visible.has(s)))
      return {
        issues: [],
        hints: quoteRequests(needed, needed.length),
      };
    return { issues: [selfApprovalIssue(form)] };
  },
});
