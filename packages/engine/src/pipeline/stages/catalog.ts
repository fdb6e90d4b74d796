// 2. catalog (each iteration): this iteration's targets, chosen by the model from every check's
// candidates (the local analyst ranks by its own signals); a failed call falls back to that
// ranking.
import { catalogTargetsTask, type CatalogTargetsInput } from '../../tasks/catalog-targets';
import { buildCatalog, type CatalogLists } from '../catalog';
import type { RunContext } from '../context';

export async function catalogStage(run: RunContext): Promise<CatalogLists> {
  await run.startStage('catalog');
  const request: CatalogTargetsInput = {
    intake: run.input.intake,
    investigated: [...run.state.investigated],
    followups: run.state.followups,
    steering: run.input.steering ?? null,
    iteration: run.iteration,
    priorFindingTitles: run.canonicalOnly().map((f) => f.title),
    analysis: run.analysis,
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
    ...(run.analysis.checkFailures.length ? { check_failures: run.analysis.checkFailures } : {}),
  });
  return lists;
}
