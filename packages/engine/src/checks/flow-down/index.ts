// flow_down_check: a parent policy's obligations missing or weaker in the contract or procedure
// that should carry them (third-party terms, a named procedure a policy says must include X).
import { defineCheck, quoteRequests, type Candidate } from '../check';
import {
  childContracts,
  directiveIssues,
  findDirectiveGaps,
  findFlowDownGaps,
  flowDownEvidenceHints,
  flowDownIssues,
  parentPolicies,
} from './flow-down';

interface FlowDownParams {
  parent: string;
  child: string;
  /** A procedure or plan a policy says must include something: judged on those directives only (it binds no third party). */
  directiveOnly?: boolean;
}

export const flowDownCheck = defineCheck<FlowDownParams>({
  id: 'flow_down',
  primitives: ['flow_down_check'],
  list: 'docPairs',
  candidates({ analysis, focusBoost }) {
    const out: Array<Candidate<FlowDownParams>> = [];
    const pair = (
      parent: string,
      child: string,
      signal: number,
      severity: 'high' | 'medium',
      label: string,
      directiveOnly = false,
    ) =>
      out.push({
        key: `flow:${parent}>${child}`,
        primitive: 'flow_down_check',
        label,
        documents: [parent, child],
        params: directiveOnly ? { parent, child, directiveOnly } : { parent, child },
        signal,
        severity,
      });
    const gaps = findFlowDownGaps(analysis);
    const contracts = childContracts(analysis);
    const policies = parentPolicies(analysis);
    for (const child of contracts)
      for (const parent of policies) {
        const hit = gaps.some(
          (i) =>
            i.subject.startsWith(`flow:${child.name}:`) && i.quotes.some((q) => q.document === parent.name),
        );
        pair(
          parent.name,
          child.name,
          (hit ? 0.9 : 0.1) + focusBoost(['vendor', 'contract']),
          'high',
          `${parent.name} obligations in ${child.name}`,
        );
      }
    // Policies that require a named procedure or standard to include something it lacks.
    const seen = new Set(out.map((c) => c.key));
    for (const { parent, child } of findDirectiveGaps(analysis)) {
      if (contracts.includes(child) && policies.includes(parent)) continue;
      if (seen.has(`flow:${parent.name}>${child.name}`)) continue;
      seen.add(`flow:${parent.name}>${child.name}`);
      pair(
        parent.name,
        child.name,
        0.9,
        'medium',
        `${parent.name} requirements in ${child.name}`,
        !contracts.includes(child),
      );
    }
    return out;
  },
  question(params) {
    return {
      text: `Does ${params.child} carry the third-party obligations of ${params.parent} (notification windows, required agreements), at least as strictly?`,
      query: 'vendors must notify incident within hours business associate agreement provider',
    };
  },
  verdict(params, { analysis, visible }) {
    const parent = analysis.byName.get(params.parent);
    const child = analysis.byName.get(params.child);
    if (!parent || !child) return { issues: [] };
    if (params.directiveOnly) {
      const issues = directiveIssues(analysis, parent, child, (s) => !visible || visible.has(s));
      // The directive the retrieval did not rank: ask for it and the child's nearest statement.
      const hints = issues.length
        ? []
        : quoteRequests(
            directiveIssues(analysis, parent, child).flatMap((i) => i.quotes),
            3,
          );
      return { issues, hints };
    }
    const issues = flowDownIssues(analysis, parent, child, visible);
    // Gaps the fixed retrieval query rarely ranks: ask for their statements by their words.
    return { issues, hints: flowDownEvidenceHints(analysis, parent, child, issues) };
  },
});
