// conflict_check: register rows of a kind a normative rule prohibits ("Shared" accounts).
import { defineCheck, quoteRequests } from '../check';
import { forbiddenOf, prohibitedRows, prohibitedRowsIssue, prohibitedRowsSubject } from './prohibited-values';

interface ProhibitedValueParams {
  subject: string;
}

export const prohibitedValueCheck = defineCheck<ProhibitedValueParams>({
  id: 'prohibited_value',
  primitives: ['conflict_check'],
  list: 'docPairs',
  candidates({ analysis }) {
    return prohibitedRows(analysis).map((found) => ({
      key: prohibitedRowsSubject(found),
      primitive: 'conflict_check',
      label: `${forbiddenOf(found.kind)} in ${found.register.name}`,
      documents: [found.register.name, found.kind.rule.document],
      params: { subject: prohibitedRowsSubject(found) },
      signal: 0.75,
      severity: 'high',
    }));
  },
  question(params, { label }) {
    return {
      text: `Does the register hold ${label}, which a rule prohibits?`,
      query: `${label} prohibited not permitted`,
    };
  },
  verdict(params, { analysis, visible }) {
    const found = prohibitedRows(analysis).find((f) => prohibitedRowsSubject(f) === params.subject);
    if (!found) return { issues: [] };
    const needed = [found.kind.rule, found.header, ...found.rows.slice(0, 3).map((r) => r.segment)];
    if (needed.some((s) => !visible.has(s)))
      return { issues: [], hints: quoteRequests(needed, needed.length) };
    return { issues: [prohibitedRowsIssue(found)] };
  },
});
