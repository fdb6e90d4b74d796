// conflict_check on issued records: a permit, pass or authorisation valid for longer than a rule allows.
import { defineCheck } from '../check';
import { validityIssue, validityOverruns, validitySubject } from './validity-terms';

interface ValidityParams {
  document: string;
}

export const validityTermCheck = defineCheck<ValidityParams>({
  id: 'validity_term',
  primitives: ['conflict_check'],
  list: 'docPairs',
  candidates({ analysis, focusBoost }) {
    return validityOverruns(analysis).map(({ cap, span }) => ({
      key: validitySubject(span.document.name),
      primitive: 'conflict_check',
      label: `${span.noun} validity in ${span.document.name}`,
      documents: [cap.segment.document, span.document.name],
      params: { document: span.document.name },
      signal: 0.8 + focusBoost(['permit', 'pass', span.noun]),
      severity: 'medium',
    }));
  },
  question(params) {
    return {
      text: `Is ${params.document} valid for longer than the rule allows?`,
      query: 'valid from to validity shall not exceed hours shift permit pass maximum',
    };
  },
  verdict(params, { analysis, visible }) {
    const found = validityOverruns(analysis).find((o) => o.span.document.name === params.document);
    if (!found) return { issues: [] };
    if (!visible.has(found.span.segment) || !visible.has(found.cap.segment))
      return {
        issues: [],
        hints: [
          { query: found.span.segment.text.slice(0, 200), document: found.span.document.name },
          { query: found.cap.segment.text.slice(0, 200), document: found.cap.segment.document },
        ],
      };
    return { issues: [validityIssue(found)] };
  },
});
