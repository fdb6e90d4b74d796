// conflict_check between a policy and an evidence record: the record (a log, a register, minutes)
// does not show the activity as often as the policy requires.
import { conceptById } from '../../analyst/concepts';
import { defineCheck, quoteRequests, type Candidate } from '../check';
import { findRecordGaps, recordGapIssue, recordsFor, tierRuleFor } from './record-gaps';

interface RecordParams {
  conceptId: string;
  scope: string | null;
  policyDocument: string;
  recordDocument: string;
}

export const recordFrequencyCheck = defineCheck<RecordParams>({
  id: 'record',
  primitives: ['conflict_check'],
  list: 'docPairs',
  candidates({ analysis, focusBoost }) {
    const roles = new Map(analysis.documents.map((d) => [d.name, d.role]));
    const gapKeys = new Set(findRecordGaps(analysis, analysis.facts).map((g) => g.subject));
    const out: Array<Candidate<RecordParams>> = [];
    const seen = new Set<string>();
    for (const fact of analysis.facts) {
      const role = roles.get(fact.segment.document) ?? 'other';
      if (fact.quantity.kind !== 'period' || role === 'evidence' || role === 'contract') continue;
      for (const record of recordsFor(analysis, fact)) {
        const key = `record:${fact.concept.id}:${record.name}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({
          key,
          primitive: 'conflict_check',
          label: `${fact.concept.label}: ${fact.segment.document} vs ${record.name}`,
          documents: [fact.segment.document, record.name],
          params: {
            conceptId: fact.concept.id,
            scope: fact.scope,
            policyDocument: fact.segment.document,
            recordDocument: record.name,
          },
          signal: (gapKeys.has(key) ? 0.85 : 0.2) + focusBoost(fact.concept.focus),
          severity: 'high',
        });
      }
    }
    return out;
  },
  question(params, { label }) {
    const concept = conceptById(params.conceptId);
    return {
      text: `Does ${params.recordDocument} show the ${concept?.label ?? label} that ${params.policyDocument} requires?`,
      query: concept?.query ?? label,
    };
  },
  verdict(params, { analysis, facts, visible }) {
    const record = analysis.byName.get(params.recordDocument);
    if (!record) return { issues: [] };
    const policyFacts = facts.filter(
      (f) =>
        f.concept.id === params.conceptId &&
        f.segment.document === params.policyDocument &&
        f.quantity.kind === 'period',
    );
    for (const fact of policyFacts) {
      const issue = recordGapIssue(analysis, fact, record, visible);
      if (issue) return { issues: [issue] };
    }
    // A tier table's row for a category of the record's rows binds them wherever it stands; its
    // row and the late register rows are asked for by their own words when the search missed them.
    const tierRules = analysis.facts.filter(
      (f) => f.concept.id === params.conceptId && f.quantity.kind === 'period' && tierRuleFor(f, record),
    );
    for (const fact of tierRules) {
      const issue = recordGapIssue(analysis, fact, record, visible);
      if (issue && visible.has(fact.segment)) return { issues: [issue] };
      const whole = recordGapIssue(analysis, fact, record);
      if (whole) return { issues: [], hints: quoteRequests(whole.quotes, 4) };
    }
    return { issues: [] };
  },
});
