// conflict_check on definitions: one term defined in two documents with different thresholds.
import { defineCheck } from '../check';
import {
  definitionConflictIssue,
  definitionConflicts,
  definitionConflictSubject,
} from './definition-thresholds';

interface DefinitionParams {
  subject: string;
}

export const definitionThresholdCheck = defineCheck<DefinitionParams>({
  id: 'definition_threshold',
  primitives: ['conflict_check'],
  list: 'concepts',
  candidates({ analysis }) {
    return definitionConflicts(analysis).map((conflict) => ({
      key: definitionConflictSubject(conflict),
      primitive: 'conflict_check',
      label: `threshold in the definition of "${conflict.a.term}"`,
      documents: [conflict.a.segment.document, conflict.b.segment.document],
      params: { subject: definitionConflictSubject(conflict) },
      signal: 0.8,
      severity: 'medium',
    }));
  },
  question(params, { documents }) {
    const term = params.subject.replace(/^definition-threshold:/, '');
    return {
      text: `Do ${documents.join(' and ')} define "${term}" with the same threshold?`,
      query: `${term} means defined as more than minutes hours days`,
    };
  },
  verdict(params, { analysis, visible }) {
    const conflict = definitionConflicts(analysis).find(
      (c) => definitionConflictSubject(c) === params.subject,
    );
    if (!conflict) return { issues: [] };
    if (!visible.has(conflict.a.segment) || !visible.has(conflict.b.segment))
      return {
        issues: [],
        hints: [conflict.a, conflict.b].map((d) => ({
          query: d.segment.text.slice(0, 200),
          document: d.segment.document,
        })),
      };
    return { issues: [definitionConflictIssue(conflict)] };
  },
});
