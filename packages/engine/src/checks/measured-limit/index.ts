// conflict_check on measured acceptance limits: one limit in one unit set at two values.
import { defineCheck, quoteRequests } from '../check';
import { limitConflictIssue, limitConflicts, limitConflictSubject } from './measured-limits';

interface MeasuredLimitParams {
  subject: string;
}

export const measuredLimitCheck = defineCheck<MeasuredLimitParams>({
  id: 'measured_limit',
  primitives: ['conflict_check'],
  list: 'concepts',
  candidates({ analysis }) {
    return limitConflicts(analysis).map((conflict) => ({
      key: limitConflictSubject(conflict),
      primitive: 'conflict_check',
      label: `${conflict.shared.join(' ')} limit in ${conflict.unit}`,
      documents: [conflict.a.segment.document, conflict.b.segment.document],
      params: { subject: limitConflictSubject(conflict) },
      signal: 0.75,
      severity: 'medium',
    }));
  },
  question(params, { label, documents }) {
    return {
      text: `Do ${documents.join(' and ')} set the same ${label}?`,
      query: `${label} limit pass at or below or less maximum`,
    };
  },
  verdict(params, { analysis, visible }) {
    const conflict = limitConflicts(analysis).find((c) => limitConflictSubject(c) === params.subject);
    if (!conflict) return { issues: [] };
    const needed = [conflict.a.segment, conflict.b.segment];
    if (needed.some((s) => !visible.has(s))) return { issues: [], hints: quoteRequests(needed, 2) };
    return { issues: [limitConflictIssue(conflict)] };
  },
});
