// conflict_check on measured acceptance limits: one limit in one unit set at two values.
import { defineCheck, quoteRequests } from '../check';
import { limitConflictIssue, limitConflicts, limitConflictSubject } from './measured-limits';
import { readingBreachIssue, readingBreaches, readingBreachSubject } from './readings';

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

interface MeasuredReadingParams {
  subject: string;
}

// conflict_check on a record's readings against the limit a rule sets for what they measure.
export const measuredReadingCheck = defineCheck<MeasuredReadingParams>({
  id: 'measured_reading',
  primitives: ['conflict_check'],
  list: 'concepts',
  candidates({ analysis }) {
    return readingBreaches(analysis).map((breach) => ({
      key: readingBreachSubject(breach),
      primitive: 'conflict_check',
      label: `${breach.measure} reading against ${breach.limit.phrase}`,
      documents: [breach.document, breach.limit.segment.document],
      params: { subject: readingBreachSubject(breach) },
      signal: 0.78,
      severity: 'high',
    }));
  },
  question(params, { label, documents }) {
    return {
      text: `Does ${documents[0]} record a ${label} that ${documents[1]} does not accept?`,
      query: `${label} limit reading test`,
    };
  },
  verdict(params, { analysis, visible }) {
    const breach = readingBreaches(analysis).find((b) => readingBreachSubject(b) === params.subject);
    if (!breach) return { issues: [] };
    const needed = [breach.limit.segment, breach.header, breach.row];
    if (needed.some((s) => !visible.has(s))) return { issues: [], hints: quoteRequests(needed, 3) };
    return { issues: [readingBreachIssue(breach)] };
  },
});
