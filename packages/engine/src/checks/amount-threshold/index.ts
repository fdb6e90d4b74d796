// conflict_check: one approval rule's money threshold stated at different amounts in two documents.
import { defineCheck, quoteRequests } from '../check';
import { thresholdConflicts, thresholdIssue, thresholdSubject } from './amount-thresholds';

interface ThresholdParams {
  subject: string;
}

export const amountThresholdCheck = defineCheck<ThresholdParams>({
  id: 'amount_threshold',
  primitives: ['conflict_check'],
  list: 'docPairs',
  candidates({ analysis, focusBoost }) {
    return thresholdConflicts(analysis).map((conflict) => ({
      key: thresholdSubject(conflict),
      primitive: 'conflict_check',
      label: `approval threshold ${conflict.a.amount.phrase} vs ${conflict.b.amount.phrase}`,
      documents: [conflict.a.segment.document, conflict.b.segment.document],
      params: { subject: thresholdSubject(conflict) },
      signal: 0.75 + focusBoost(['approval', 'payment', 'authorisation', 'authorization']),
      severity: 'high',
    }));
  },
  question(params, { documents }) {
    return {
      text: `Do ${documents.join(' and ')} set the same amount for the approval threshold?`,
      query: 'approval threshold limit authorisation exceeding above amount',
    };
  },
  verdict(params, { analysis, visible }) {
    const conflict = thresholdConflicts(analysis).find((c) => thresholdSubject(c) === params.subject);
    if (!conflict) return { issues: [] };
    const needed = [conflict.a.segment, conflict.b.segment];
    if (needed.some((s) => !visible.has(s)))
      return { issues: [], hints: quoteRequests(needed, needed.length) };
    return { issues: [thresholdIssue(conflict)] };
  },
});
