// conflict_check: register rows below the minimum a rule sets per person or item and period
// ("a minimum of thirty-five (35) hours of CPD in each CPD year").
import { defineCheck, quoteRequests } from '../check';
import { rowsBelowIssue, rowsBelowMinimum, rowsBelowSubject } from './row-minimums';

interface RowMinimumParams {
  subject: string;
}

export const rowMinimumCheck = defineCheck<RowMinimumParams>({
  id: 'row_minimum',
  primitives: ['conflict_check'],
  list: 'docPairs',
  candidates({ analysis }) {
    return rowsBelowMinimum(analysis).map((found) => ({
      key: rowsBelowSubject(found),
      primitive: 'conflict_check',
      label: `${found.column} in ${found.register.name}`,
      documents: [found.register.name, found.minimum.rule.document],
      params: { subject: rowsBelowSubject(found) },
      signal: 0.72,
      severity: 'medium',
    }));
  },
  question(params, { label }) {
    return {
      text: `Does every entry of ${label} meet the minimum the rule sets?`,
      query: `${label} minimum of`,
    };
  },
  verdict(params, { analysis, visible }) {
    const found = rowsBelowMinimum(analysis).find((f) => rowsBelowSubject(f) === params.subject);
    if (!found) return { issues: [] };
    const needed = [found.minimum.rule, found.header, ...found.rows.slice(0, 3).map((r) => r.segment)];
    if (needed.some((s) => !visible.has(s)))
      return { issues: [], hints: quoteRequests(needed, needed.length) };
    return { issues: [rowsBelowIssue(found)] };
  },
});
