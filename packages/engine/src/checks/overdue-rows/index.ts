// conflict_check on registers: rows still in force whose last review is older than the review
// cycle a policy or procedure states for what the register lists.
import { defineCheck, quoteRequests } from '../check';
import { overdueIssue, overdueRegisters, overdueSubject } from './overdue-rows';

interface OverdueParams {
  record: string;
}

export const overdueRowsCheck = defineCheck<OverdueParams>({
  id: 'overdue_rows',
  primitives: ['conflict_check'],
  list: 'docPairs',
  candidates({ analysis, focusBoost }) {
    return overdueRegisters(analysis).map((found) => ({
      key: overdueSubject(found.record.name),
      primitive: 'conflict_check',
      label: `overdue reviews in ${found.record.name}`,
      documents: [found.record.name, found.rule.segment.document],
      params: { record: found.record.name },
      signal: 0.7 + focusBoost(['review', 'register', 'due diligence']),
      severity: 'medium',
    }));
  },
  question(params) {
    return {
      text: `Are the entries of ${params.record} reviewed as often as the policies require?`,
      query: 'reviewed at least once every months last review next review due register',
    };
  },
  verdict(params, { analysis, visible }) {
    const found = overdueRegisters(analysis).find((f) => f.record.name === params.record);
    if (!found) return { issues: [] };
    const needed = [found.rule.segment, found.header];
    if (needed.some((s) => !visible.has(s)))
      return {
        issues: [],
        hints: quoteRequests(needed, needed.length),
      };
    return { issues: [overdueIssue(found, analysis.auditDate)] };
  },
});
