// consistency_check on frequency words with two readings ("bi-annual"), one finding per word and
// document.
import { defineCheck } from '../check';
import { ambiguousFrequencyIssues } from './ambiguous-frequencies';

interface AmbiguousFrequencyParams {
  subject: string;
  document: string;
  /** The statements that use the word, fetched by their own words when retrieval misses them. */
  statements: string[];
}

export const ambiguousFrequencyCheck = defineCheck<AmbiguousFrequencyParams>({
  id: 'ambiguous-frequency',
  primitives: ['consistency_check'],
  list: 'definedTerms',
  candidates({ analysis, focusBoost }) {
    const segments = analysis.documents.flatMap((d) => d.segments);
    return ambiguousFrequencyIssues(analysis.documents, segments).map((issue) => {
      const document = issue.quotes[0]!.document;
      return {
        key: issue.subject,
        primitive: 'consistency_check',
        label: issue.title,
        documents: [document],
        params: {
          subject: issue.subject,
          document,
          statements: issue.quotes.map((q) => q.text.slice(0, 160)),
        },
        signal: 0.6 + focusBoost(['frequency', 'review', 'testing']),
        severity: 'low',
      };
    });
  },
  question(params) {
    return {
      text: `Does ${params.document} state a cycle with a word of two readings (twice a period or every two periods)?`,
      query: params.statements.join(' '),
    };
  },
  verdict(params, { analysis, segments }) {
    const issues = ambiguousFrequencyIssues(analysis.documents, segments).filter(
      (i) => i.subject === params.subject,
    );
    return {
      issues,
      hints: issues.length ? [] : params.statements.map((query) => ({ query, document: params.document })),
    };
  },
});
