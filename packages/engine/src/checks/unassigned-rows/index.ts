// coverage_check: rows of a policy's or procedure's table left without the owner or frequency the
// table gives every other row.
import { defineCheck, quoteRequests } from '../check';
import { unassignedIssue, unassignedSubject, unassignedTables } from './unassigned-rows';

interface UnassignedParams {
  document: string;
}

export const unassignedRowsCheck = defineCheck<UnassignedParams>({
  id: 'unassigned_rows',
  primitives: ['coverage_check'],
  list: 'docPairs',
  candidates({ analysis, focusBoost }) {
    return unassignedTables(analysis).map((table) => ({
      key: unassignedSubject(table.document),
      primitive: 'coverage_check',
      label: `items without an owner or frequency in ${table.document}`,
      documents: [table.document],
      params: { document: table.document },
      signal: 0.65 + focusBoost(['control', 'owner', 'responsibility']),
      severity: 'medium',
    }));
  },
  question(params) {
    return {
      text: `Does every item of the tables in ${params.document} have an owner and a frequency?`,
      query: 'control owner frequency responsible table',
    };
  },
  verdict(params, { analysis, visible }) {
    const table = unassignedTables(analysis).find((t) => t.document === params.document);
    if (!table) return { issues: [] };
    const needed = [table.header, ...table.rows.map((r) => r.segment)];
    if (needed.some((s) => !visible.has(s)))
      return { issues: [], hints: quoteRequests(needed, needed.length) };
    return { issues: [unassignedIssue(table)] };
  },
});
