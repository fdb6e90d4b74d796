// conflict_check: register rows beyond the value a policy's table sets for their category.
import { defineCheck, quoteRequests } from '../check';
import { categoryBreachIssue, categoryBreaches, categoryBreachSubject } from './category-standards';

interface CategoryStandardParams {
  subject: string;
}

export const categoryStandardCheck = defineCheck<CategoryStandardParams>({
  id: 'category_standard',
  primitives: ['conflict_check'],
  list: 'docPairs',
  candidates({ analysis }) {
    return categoryBreaches(analysis).map((breach) => ({
      key: categoryBreachSubject(breach),
      primitive: 'conflict_check',
      label: `"${breach.column}" of ${breach.register} against ${breach.standard.label} per ${breach.standard.key.toLowerCase()}`,
      documents: [breach.register, breach.standard.segment.document],
      params: { subject: categoryBreachSubject(breach) },
      signal: 0.72,
      severity: 'medium',
    }));
  },
  question(params, { label }) {
    return {
      text: `Are the values of ${label} within the standard?`,
      query: `${label} standard limit minimum category`,
    };
  },
  verdict(params, { analysis, visible }) {
    const breach = categoryBreaches(analysis).find((b) => categoryBreachSubject(b) === params.subject);
    if (!breach) return { issues: [] };
    const needed = [
      breach.standard.header,
      breach.standard.segment,
      breach.header,
      ...breach.rows.slice(0, 3).map((r) => r.segment),
    ];
    if (needed.some((s) => !visible.has(s)))
      return { issues: [], hints: quoteRequests(needed, needed.length) };
    return { issues: [categoryBreachIssue(breach)] };
  },
});
