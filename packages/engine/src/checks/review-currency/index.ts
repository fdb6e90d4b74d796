// currency_check on document control: a document past its stated review cycle or next-review
// date, relative to the newest date of the corpus; and, one finding for the set, documents not
// reviewed or revised within their cycle as of the audit date (stale-set.ts).
import { defineCheck, type Candidate } from '../check';
import { findStaleDocuments, reviewCurrencyIssue } from './review-currency';
import { DECLARED_STATUS_SUBJECT, declaredStatusIssue, declaredStatuses } from './declared-status';
import { STALE_SET_SUBJECT, staleOnAuditDate, staleSetIssue } from './stale-set';

/**
 * One document's review; or (document null) a finding for the set: its staleness on the audit
 * date, or (declared) documents that call themselves legacy or under review.
 */
interface ReviewParams {
  document: string | null;
  declared?: boolean;
}

export const reviewCurrencyCheck = defineCheck<ReviewParams>({
  id: 'review',
  primitives: ['currency_check'],
  list: 'currencyRules',
  candidates({ analysis }) {
    const stale = new Set(findStaleDocuments(analysis).map((i) => i.subject));
    const set = staleSetIssue(analysis, staleOnAuditDate(analysis));
    const setCandidate: Array<Candidate<ReviewParams>> = set
      ? [
          {
            key: STALE_SET_SUBJECT,
            primitive: 'currency_check',
            label: 'documents not reviewed within their cycle at the audit date',
            documents: [...new Set(set.quotes.map((q) => q.document))],
            params: { document: null },
            signal: 0.8,
            severity: set.severity,
          },
        ]
      : [];
    const declared = declaredStatusIssue(declaredStatuses(analysis));
    if (declared)
      setCandidate.push({
        key: DECLARED_STATUS_SUBJECT,
        primitive: 'currency_check',
        label: 'documents that declare themselves legacy or under review',
        documents: [...new Set(declared.quotes.map((q) => q.document))],
        params: { document: null, declared: true },
        signal: 0.8,
        severity: declared.severity,
      });
    return setCandidate.concat(
      analysis.documents
        .filter((doc) => doc.lastReviewed || doc.nextReview || doc.approved)
        .map((doc) => ({
          key: `review:${doc.name}`,
          primitive: 'currency_check',
          label: `review cycle of ${doc.name}`,
          documents: [doc.name],
          params: { document: doc.name },
          signal: stale.has(`review:${doc.name}`) ? 0.85 : 0.05,
          severity: 'medium',
        })),
    );
  },
  question(params) {
    if (params.declared)
      return {
        text: 'Which documents state that they are legacy, superseded or under review while still in force?',
        query: 'this document is legacy under review withdrawn superseded no longer maintained',
      };
    if (params.document === null)
      return {
        text: 'Which policies and procedures have not been reviewed or revised within their review cycle as of the audit date?',
        query: 'last reviewed revision history approved date review cycle annually',
      };
    const words = params.document.replace(/\.[a-z0-9]+$/i, '').replace(/[-_.]+/g, ' ');
    return {
      text: `Is ${params.document} past its review cycle relative to the newest date of the corpus?`,
      query: `${words} last reviewed review date approved effective version`,
    };
  },
  verdict(params, { analysis, segments }) {
    // Set findings are read from every document's head and control fields, not from what was retrieved.
    if (params.declared) {
      const issue = declaredStatusIssue(declaredStatuses(analysis));
      return { issues: issue ? [issue] : [] };
    }
    if (params.document === null) {
      const issue = staleSetIssue(analysis, staleOnAuditDate(analysis));
      return { issues: issue ? [issue] : [] };
    }
    const doc = analysis.byName.get(params.document);
    const issue =
      doc && analysis.referenceDate ? reviewCurrencyIssue(doc, analysis.referenceDate, segments) : null;
    return { issues: issue ? [issue] : [] };
  },
});
