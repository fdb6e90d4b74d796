// consistency_check: a number written in words and in figures with two values.
import { defineCheck, quoteRequests } from '../check';
import { corpusMismatches, mismatchIssue } from './figure-words';

interface FigureWordsParams {
  document: string;
}

export const figureWordsCheck = defineCheck<FigureWordsParams>({
  id: 'figure_words',
  primitives: ['consistency_check'],
  list: 'elements',
  candidates({ analysis }) {
    const documents = [...new Set(corpusMismatches(analysis).map((m) => m.segment.document))];
    return documents.map((document) => ({
      key: `figure-words:${document}`,
      primitive: 'consistency_check',
      label: `numbers in words and figures in ${document}`,
      documents: [document],
      params: { document },
      signal: 0.7,
      severity: 'medium',
    }));
  },
  question(params) {
    return {
      text: `Do the numbers ${params.document} writes in words agree with their figures?`,
      query: 'amount in words and figures limit days rupees dollars only',
    };
  },
  verdict(params, { analysis, visible }) {
    const all = corpusMismatches(analysis).filter((m) => m.segment.document === params.document);
    const seen = all.filter((m) => visible.has(m.segment));
    if (seen.length > 0) return { issues: [mismatchIssue(params.document, seen)] };
    return {
      issues: [],
      hints: quoteRequests(
        all.map((m) => m.segment),
        2,
      ),
    };
  },
});
