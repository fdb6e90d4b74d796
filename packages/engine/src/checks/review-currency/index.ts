// currency_check on document control: a document past its stated review cycle or next-review
// date, relative to the newest date of the corpus.
import { defineCheck } from '../check';
import { findStaleDocuments, reviewCurrencyIssue } from './review-currency';

interface ReviewParams {
  document: string;
}

export const reviewCurrencyCheck = defineCheck<ReviewParams>({
  id: 'review',
  primitives: ['currency_check'],
  list: 'currencyRules',
  candidates({ analysis }) {
    const stale = new Set(findStaleDocuments(analysis).map((i) => i.subject));
    return analysis.documents
      .filter((doc) => doc.lastReviewed || doc.nextReview || doc.approved)
      .map((doc) => ({
        key: `review:${doc.name}`,
        primitive: 'currency_check',
        label: `review cycle of ${doc.name}`,
        documents: [doc.name],
        params: { document: doc.name },
        signal: stale.has(`review:${doc.name}`) ? 0.85 : 0.05,
        severity: 'medium',
      }));
  },
  question(params) {
    const words = params.document.replace(/\.[a-z0-9]+$/i, '').replace(/[-_.]+/g, ' ');
    return {
      text: `Is ${params.document} past its review cycle relative to the newest date of the corpus?`,
      query: `${words} last reviewed review date approved effective version`,
    };
  },
  verdict(params, { analysis, segments }) {
    const doc = analysis.byName.get(params.document);
    const issue =
      doc && analysis.referenceDate ? reviewCurrencyIssue(doc, analysis.referenceDate, segments) : null;
    return { issues: issue ? [issue] : [] };
  },
});
