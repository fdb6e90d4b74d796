// consistency_check: one kind of data put at two levels of the classification scheme.
import { defineCheck, quoteRequests } from '../check';
import { classificationConflicts, classificationIssue, classificationSubject } from './data-classifications';

interface ClassificationParams {
  subject: string;
}

export const dataClassificationCheck = defineCheck<ClassificationParams>({
  id: 'data_classification',
  primitives: ['consistency_check'],
  list: 'definedTerms',
  candidates({ analysis, focusBoost }) {
    return classificationConflicts(analysis).map((conflict) => ({
      key: classificationSubject(conflict),
      primitive: 'consistency_check',
      label: `classification of ${conflict.kind}`,
      documents: [conflict.a.segment.document, conflict.b.segment.document],
      params: { subject: classificationSubject(conflict) },
      signal: 0.7 + focusBoost(['classification', 'cardholder', 'data']),
      severity: 'medium',
    }));
  },
  question(params, { label, documents }) {
    return {
      text: `Do ${documents.join(' and ')} put the same level on the ${label.replace('classification of ', '')}?`,
      query: `${label} classified as level restricted confidential`,
    };
  },
  verdict(params, { analysis, visible }) {
    const conflict = classificationConflicts(analysis).find(
      (c) => classificationSubject(c) === params.subject,
    );
    if (!conflict) return { issues: [] };
    const needed = [conflict.a.segment, conflict.b.segment];
    if (needed.some((s) => !visible.has(s))) return { issues: [], hints: quoteRequests(needed, 2) };
    return { issues: [classificationIssue(conflict)] };
  },
});
