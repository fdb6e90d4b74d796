// consistency_check on roles: the role titles the documents name, compared across the set (one
// post under two titles, a combined post beside separate ones, a team abbreviation cut short, a
// designated role given to two different posts, a post the policy's roles table lacks given one of
// its duties).
import { issueDocuments } from '../../analyst/issue';
import { defineCheck, quotesVisible } from '../check';
import { absentPostIssues } from './absent-posts';
import { roleIssues } from './roles';
import { localRoleIssues } from './local-roles';
import { untabledRoleIssues } from './untabled-roles';

interface RoleParams {
  subject: string;
  /** The statements the corpus-wide pass quoted: fetched by their own words when retrieval misses them. */
  evidence: Array<{ query: string; document: string }>;
}

export const roleInventoryCheck = defineCheck<RoleParams>({
  id: 'role',
  primitives: ['consistency_check'],
  list: 'definedTerms',
  candidates({ analysis, focusBoost }) {
    const all = analysis.documents.flatMap((d) => d.segments);
    return [
      ...roleIssues(all),
      ...absentPostIssues(analysis),
      ...untabledRoleIssues(analysis),
      ...localRoleIssues(analysis),
    ].map((issue) => ({
      key: issue.subject,
      primitive: 'consistency_check',
      label: issue.title,
      documents: issueDocuments(issue),
      params: {
        subject: issue.subject,
        evidence: issue.quotes.map((q) => ({ query: q.text.slice(0, 160), document: q.document })),
      },
      signal: 0.7 + focusBoost(['roles', 'responsibilities', 'accountability']),
      severity: issue.severity,
    }));
  },
  question(params, { label, documents }) {
    return {
      text: `Are roles named consistently in ${documents.join(', ')}? (${label})`,
      query: params.evidence.map((e) => e.query.slice(0, 80)).join(' '),
    };
  },
  verdict(params, { analysis, visible }) {
    // Whether a title is used elsewhere is a question about the whole set; the finding quotes
    // only what retrieval reached, and asks for the rest by its own words.
    const all = analysis.documents.flatMap((d) => d.segments);
    const issues = [
      ...roleIssues(all, params.subject),
      ...absentPostIssues(analysis, params.subject),
      ...untabledRoleIssues(analysis, params.subject),
      ...localRoleIssues(analysis, params.subject),
    ].filter((issue) => quotesVisible(issue, visible));
    return { issues, hints: issues.length === 0 ? params.evidence : [] };
  },
});
