// conflict_check on a control: required in a policy, switched off or bypassed elsewhere (a
// setting, a register, a practice described in correspondence).
import { issueDocuments } from '../../analyst/issue';
import { defineCheck, quoteRequests, quotesVisible } from '../check';
import { CONTROLS, controlStateIssue, findControlStateConflicts } from './control-state';

interface ControlParams {
  controlId: string;
}

export const controlStateCheck = defineCheck<ControlParams>({
  id: 'control',
  primitives: ['conflict_check'],
  list: 'concepts',
  candidates({ analysis, focusBoost }) {
    return findControlStateConflicts(analysis).map((issue) => {
      const controlId = issue.subject.replace(/^control:/, '');
      const control = CONTROLS.find((c) => c.id === controlId)!;
      return {
        key: `control:${controlId}`,
        primitive: 'conflict_check',
        label: control.label,
        documents: issueDocuments(issue),
        params: { controlId },
        signal: 0.8 + focusBoost([control.label.split(' ')[0]!]),
        severity: 'high',
      };
    });
  },
  question(params, { label, documents }) {
    const control = CONTROLS.find((c) => c.id === params.controlId);
    return {
      text: `Is ${control?.label ?? label}, which ${documents[0] ?? 'a policy'} requires, switched off or made optional anywhere (${documents.join(', ')})?`,
      query: control?.query ?? label,
    };
  },
  verdict(params, { analysis, segments, visible }) {
    const control = CONTROLS.find((c) => c.id === params.controlId);
    if (!control) return { issues: [] };
    if (control.bypass || control.detect) {
      const issue = controlStateIssue(analysis, control, segments);
      return { issues: issue ? [issue] : [] };
    }
    // A control's on/off state is judged over the whole corpus, as its candidate was: the rule
    // that admits no exception and the clause that waives the control rarely share the wording a
    // search for the control retrieves. The finding quotes only what retrieval reached, and asks
    // for the rest by its own words.
    const issue = controlStateIssue(
      analysis,
      control,
      analysis.documents.flatMap((d) => d.segments),
    );
    if (!issue) return { issues: [] };
    return quotesVisible(issue, visible)
      ? { issues: [issue] }
      : { issues: [], hints: quoteRequests(issue.quotes, 2) };
  },
});
