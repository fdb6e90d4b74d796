// 2. catalog (each iteration): with a remote provider, discovery first (the model reads the corpus
// and proposes targets, ../discovery.ts); then this iteration's targets, chosen by the model from
// every check's candidates and those proposals (the local analyst ranks by its own signals); a
// failed call falls back to that ranking.
import { catalogTargetsTask, type CatalogTargetsInput } from '../../tasks/catalog-targets';
import { buildCatalog, type CatalogLists } from '../catalog';
import type { RunContext } from '../context';
import { discover } from '../discovery';

export async function catalogStage(run: RunContext): Promise<CatalogLists> {
  await run.startStage('catalog');
  const discovery = run.remote ? await discover(run) : null;
  const request: CatalogTargetsInput = {
    intake: run.input.intake,
    investigated: [...run.state.investigated],
    followups: run.state.followups,
    steering: run.input.steering ?? null,
    iteration: run.iteration,
    priorFindingTitles: run.canonicalOnly().map((f) => f.title),
    analysis: run.analysis,
    proposals: run.state.discovery.proposals,
  };
  const lists = await run.callOr(catalogTargetsTask, request, { step: 'targets' }, () =>
    buildCatalog(run.analysis, request),
  );
  await run.completeStage({
    concepts: lists.concepts.length,
    doc_pairs: lists.docPairs.length,
    required_elements: lists.elements.length,
    currency_rules: lists.currencyRules.length,
    defined_terms: lists.definedTerms.length,
    citations: lists.citations.length,
    ...(discovery ? { discovery_passes: discovery.passes, discovery_proposals: discovery.proposals } : {}),
    ...(run.analysis.checkFailures.length ? { check_failures: run.analysis.checkFailures } : {}),
  });
  return lists;
}
