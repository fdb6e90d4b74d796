// flow_down_check: an exception granted in correspondence by someone the policy does not let
// approve exceptions.
import { defineCheck, quoteRequests } from '../check';
import {
  unauthorisedApprovalIssue,
  unauthorisedApprovals,
  unauthorisedApprovalSubject,
} from './exception-approvers';

interface ExceptionApproverParams {
  document: string;
}

export const exceptionApproverCheck = defineCheck<ExceptionApproverParams>({
  id: 'exception_approver',
  primitives: ['flow_down_check'],
  list: 'docPairs',
  candidates({ analysis, focusBoost }) {
    return unauthorisedApprovals(analysis).map((found) => ({
      key: unauthorisedApprovalSubject(found.document.name),
      primitive: 'flow_down_check',
      label: `exception approved in ${found.document.name}`,
      documents: [found.document.name, found.rule.segment.document],
      params: { document: found.document.name },
      signal: 0.75 + focusBoost(['exception', 'approval', 'waiver']),
      severity: 'high',
    }));
  },
  question(params, { documents }) {
    return {
      text: `Was the exception granted in ${params.document} approved by whom ${documents[1] ?? 'the policy'} requires?`,
      query: 'exception approved by approve the exception waiver regards',
    };
  },
  verdict(params, { analysis, visible }) {
    const found = unauthorisedApprovals(analysis).find((u) => u.document.name === params.document);
    if (!found) return { issues: [] };
    const needed = [found.rule.segment, found.grant];
    if (needed.some((s) => !visible.has(s))) return { issues: [], hints: quoteRequests(needed, 2) };
    return { issues: [unauthorisedApprovalIssue(found)] };
  },
});
