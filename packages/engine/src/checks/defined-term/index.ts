// consistency_check on vocabulary: a term defined two ways, classification labels outside the
// scheme, retired terms still in use.
import { issueDocuments } from '../../analyst/issue';
import { defineCheck } from '../check';
import { definedTermIssues } from './defined-terms';

interface TermParams {
  term: string;
  /** The statements the corpus-wide pass quoted: fetched by their own words when retrieval misses them. */
  evidence?: Array<{ query: string; document: string }>;
}

/** The two terms of a "shared:a|b" key (two terms given one definition), else null. */
function sharedTerms(term: string): [string, string] | null {
  const m = /^shared:([^|]+)\|(.+)$/.exec(term);
  return m ? [m[1]!, m[2]!] : null;
}

function labelOf(term: string): string {
  const shared = sharedTerms(term);
  return shared ? `one definition for "${shared[0]}" and "${shared[1]}"` : `definition of "${term}"`;
}

export const definedTermCheck = defineCheck<TermParams>({
  id: 'term',
  primitives: ['consistency_check'],
  list: 'definedTerms',
  candidates({ analysis }) {
    const all = analysis.documents.flatMap((d) => d.segments);
    return definedTermIssues(all).map((issue) => {
      const term = issue.subject.replace(/^term:/, '');
      return {
        key: `term:${term}`,
        primitive: 'consistency_check',
        // Definitions are labelled by their term; other vocabulary issues by what they found.
        label: /^(?:classification|retired):/.test(term) ? issue.title : labelOf(term),
        documents: issueDocuments(issue),
        params: {
          term,
          evidence: issue.quotes
            .slice(0, 4)
            .map((q) => ({ query: q.text.slice(0, 160), document: q.document })),
        },
        signal: 0.8,
        severity: 'medium',
      };
    });
  },
  question(params, { documents }) {
    const shared = sharedTerms(params.term);
    if (shared)
      return {
        text: `Do "${shared[0]}" and "${shared[1]}" have one and the same definition in ${documents.join(' and ')}?`,
        query: `${shared[0]} ${shared[1]} means defined`,
      };
    return {
      text: `Is "${params.term}" defined the same way in ${documents.join(' and ')}?`,
      query: `${params.term} means defined`,
    };
  },
  verdict(params, { segments }) {
    const issues = definedTermIssues(segments, params.term);
    return { issues, hints: issues.length === 0 ? (params.evidence ?? []) : [] };
  },
});
