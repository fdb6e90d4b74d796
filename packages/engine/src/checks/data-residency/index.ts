// flow_down_check on where data may be kept: a contract that lets the other party keep, replicate
// or reach data in a country other than the one a policy or procedure requires (residency.ts).
import type { CorpusAnalysis } from '../../analyst/corpus-analysis';
import { defineCheck, quoteRequests } from '../check';
import { residencyBreaches, residencyIssue, residencySubject, type ResidencyBreach } from './residency';

interface ResidencyParams {
  /** The contract whose terms let the data go elsewhere: one target per contract. */
  contract: string;
}

const breachesCache = new WeakMap<CorpusAnalysis, ResidencyBreach[]>();

/** Read once per corpus: every target's verdict asks for them again. */
function breaches(analysis: CorpusAnalysis): ResidencyBreach[] {
  let found = breachesCache.get(analysis);
  if (!found) {
    found = residencyBreaches(analysis);
    breachesCache.set(analysis, found);
  }
  return found;
}

export const dataResidencyCheck = defineCheck<ResidencyParams>({
  id: 'data_residency',
  primitives: ['flow_down_check'],
  list: 'docPairs',
  candidates({ analysis, focusBoost }) {
    return breaches(analysis).map((breach) => ({
      key: residencySubject(breach.permission.document),
      primitive: 'flow_down_check',
      label: `data location in ${breach.permission.document}`,
      documents: [breach.rule.segment.document, breach.permission.document],
      params: { contract: breach.permission.document },
      signal: 0.8 + focusBoost(['residency', 'location', 'hosting', 'outsourcing', 'cloud', 'transfer']),
      severity: 'high',
    }));
  },
  question(params) {
    return {
      text: `Does ${params.contract} let the provider keep or reach the data outside the country the policy requires?`,
      query: 'data hosted stored processed replicated located in country outside data centre region',
    };
  },
  verdict(params, { analysis, visible }) {
    const breach = breaches(analysis).find((b) => b.permission.document === params.contract);
    if (!breach) return { issues: [] };
    if (!visible.has(breach.permission) || !visible.has(breach.rule.segment))
      return { issues: [], hints: quoteRequests([breach.permission, breach.rule.segment], 2) };
    return { issues: [residencyIssue(breach)] };
  },
});
