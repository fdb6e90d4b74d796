// consistency_check: register codes outside the closed list a procedure defines ("Only the
// following codes are used").
import { defineCheck, quoteRequests } from '../check';
import { offListIssue, offListSubject, offListValues } from './enumerated-codes';

interface EnumeratedCodeParams {
  subject: string;
}

export const enumeratedCodeCheck = defineCheck<EnumeratedCodeParams>({
  id: 'enumerated_code',
  primitives: ['consistency_check'],
  list: 'docPairs',
  candidates({ analysis }) {
    return offListValues(analysis).map((found) => ({
      key: offListSubject(found),
      primitive: 'consistency_check',
      label: `${found.list.noun} codes in ${found.register.name}`,
      documents: [found.register.name, found.list.rule.document],
      params: { subject: offListSubject(found) },
      signal: 0.7,
      severity: 'medium',
    }));
  },
  question(params, { label }) {
    return {
      text: `Are the ${label} among the codes the procedure allows?`,
      query: `${label} only the following codes`,
    };
  },
  verdict(params, { analysis, visible }) {
    const found = offListValues(analysis).find((f) => offListSubject(f) === params.subject);
    if (!found) return { issues: [] };
    const needed = [found.list.rule, ...found.rows.slice(0, 3).map((r) => r.segment)];
    if (needed.some((s) => !visible.has(s)))
      return { issues: [], hints: quoteRequests(needed, needed.length) };
    return { issues: [offListIssue(found)] };
  },
});
