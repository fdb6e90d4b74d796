// conflict_check: one table in two documents (same column names, same row key) with different
// time values in one cell.
import { defineCheck, quoteRequests } from '../check';
import { copiedCellConflicts, copiedCellIssue, copiedCellSubject } from './copied-tables';

interface CopiedTableParams {
  subject: string;
}

export const copiedTableCheck = defineCheck<CopiedTableParams>({
  id: 'copied_table',
  primitives: ['conflict_check'],
  list: 'docPairs',
  candidates({ analysis }) {
    return copiedCellConflicts(analysis).map((c) => ({
      key: copiedCellSubject(c),
      primitive: 'conflict_check',
      label: `${c.column} for ${c.key}`,
      documents: [c.a.segment.document, c.b.segment.document],
      params: { subject: copiedCellSubject(c) },
      signal: 0.7,
      severity: 'medium',
    }));
  },
  question(params, { label }) {
    return {
      text: `Do the two copies of the table agree on the ${label}?`,
      query: label,
    };
  },
  verdict(params, { analysis, visible }) {
    const found = copiedCellConflicts(analysis).find((c) => copiedCellSubject(c) === params.subject);
    if (!found) return { issues: [] };
    const needed = [found.a.segment, found.b.segment];
    if (needed.some((s) => !visible.has(s)))
      return { issues: [], hints: quoteRequests(needed, needed.length) };
    return { issues: [copiedCellIssue(found)] };
  },
});
