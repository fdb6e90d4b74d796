// coverage_check: a matter a procedure leaves out of its scope that another document relies on a
// written process for, with no other document covering it.
import { defineCheck, quoteRequests } from '../check';
import { excludedScopeIssue, excludedScopeSubject, excludedScopes } from './excluded-scopes';

interface ExcludedScopeParams {
  subject: string;
}

export const excludedScopeCheck = defineCheck<ExcludedScopeParams>({
  id: 'excluded_scope',
  primitives: ['coverage_check'],
  list: 'docPairs',
  candidates({ analysis }) {
    return excludedScopes(analysis).map((found) => ({
      key: excludedScopeSubject(found),
      primitive: 'coverage_check',
      label: `${found.matter} (outside the scope of ${found.procedure.name})`,
      documents: [found.relying.name, found.procedure.name],
      params: { subject: excludedScopeSubject(found) },
      signal: 0.7,
      severity: 'high',
    }));
  },
  question(params, { label }) {
    return { text: `Which document covers ${label}?`, query: `${label} outside the scope procedure` };
  },
  verdict(params, { analysis, visible }) {
    const found = excludedScopes(analysis).find((f) => excludedScopeSubject(f) === params.subject);
    if (!found) return { issues: [] };
    const needed = [...found.statements, found.exclusion];
    if (needed.some((s) => !visible.has(s)))
      return { issues: [], hints: quoteRequests(needed, needed.length) };
    return { issues: [excludedScopeIssue(found)] };
  },
});
