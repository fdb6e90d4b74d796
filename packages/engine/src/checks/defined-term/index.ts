// consistency_check on vocabulary: a term defined two ways, classification labels outside the
// scheme, retired terms still in use.
import { issueDocuments } from '../../analyst/issue';
import { defineCheck } from '../check';
import { definedTermIssues } from './defined-terms';

interface TermParams {
  term: string;
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
        label: `definition of "${term}"`,
        documents: issueDocuments(issue),
        params: { term },
        signal: 0.8,
        severity: 'medium',
      };
    });
  },
  question(params, { documents }) {
    return {
      text: `Is "${params.term}" defined the same way in ${documents.join(' and ')}?`,
      query: `${params.term} means defined`,
    };
  },
  verdict(params, { segments }) {
    return { issues: definedTermIssues(segments, params.term) };
  },
});
