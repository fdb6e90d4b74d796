// coverage_check: a required element of an in-scope framework (its checklist in
// analyst/frameworks.ts) that no statement of the corpus satisfies.
import { elementsFor, REQUIRED_ELEMENTS } from '../../analyst/frameworks';
import { defineCheck } from '../check';
import { coverageIssue, findCoverageGaps } from './coverage';

interface ElementParams {
  elementId: string;
}

export const coverageCheck = defineCheck<ElementParams>({
  id: 'coverage',
  primitives: ['coverage_check'],
  list: 'elements',
  candidates({ analysis, intake }) {
    return findCoverageGaps(analysis, elementsFor(intake.frameworks), intake.frameworks).map((issue) => {
      const elementId = issue.subject.replace(/^coverage:/, '');
      return {
        key: `coverage:${elementId}`,
        primitive: 'coverage_check',
        label: issue.title.replace(/^Missing /, ''),
        // An absence concerns the whole corpus: retrieval looks everywhere.
        documents: [],
        params: { elementId },
        signal: 0.8,
        severity: issue.severity,
      };
    });
  },
  question(params, { label }) {
    const element = REQUIRED_ELEMENTS.find((e) => e.id === params.elementId);
    return {
      text: `Does any document provide the ${element?.label ?? label} (${element?.requirement ?? ''})?`,
      query: element?.query ?? label,
    };
  },
  verdict(params, { segments, frameworks }) {
    const element = REQUIRED_ELEMENTS.find((e) => e.id === params.elementId);
    const issue = element ? coverageIssue(element, segments, frameworks) : null;
    return { issues: issue ? [issue] : [] };
  },
});
