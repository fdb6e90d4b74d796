// flow_down_check: a parent policy's obligations missing or weaker in the contract or procedure
// that should carry them (third-party terms, a named procedure a policy says must include X).
import { defineCheck, type Candidate } from '../check';
import {
  childContracts,
  findDirectiveGaps,
  findFlowDownGaps,
  flowDownEvidenceHints,
  flowDownIssues,
  parentPolicies,
} from './flow-down';

interface FlowDownParams {
  parent: string;
  child: string;
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
    ) =>
      out.push({
        key: `flow:${parent}>${child}`,
        primitive: 'flow_down_check',
        label,
        documents: [parent, child],
        params: { parent, child },
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
      pair(parent.name, child.name, 0.9, 'medium', `${parent.name} requirements in ${child.name}`);
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
    const issues = flowDownIssues(analysis, parent, child, visible);
    // Gaps the fixed retrieval query rarely ranks: ask for their statements by their words.
    return { issues, hints: flowDownEvidenceHints(analysis, parent, child, issues) };
  },
});
