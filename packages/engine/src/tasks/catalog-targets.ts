// catalog_targets: choose and rank this iteration's targets from the analyst's candidate lists,
// given the intake, prior findings and follow-ups. The local analyst ranks by its own signals.
import type { ModelTask } from '../gateway/types';
import { catalogTargetsPrompt } from '../prompts/catalog-targets';
import { promptOf } from '../prompts/prompt';
import {
  buildCatalog,
  CATALOG_CAPS,
  CATALOG_LIST_NAMES,
  type CatalogLists,
  type CatalogRequest,
} from '../pipeline/catalog';
import type { CorpusAnalysis } from '../analyst/corpus-analysis';
import type { CatalogTarget } from '../pipeline/model';
import { asArray, asObject, asString } from './json';

export interface CatalogTargetsInput extends CatalogRequest {
  iteration: number;
  priorFindingTitles: string[];
  analysis: CorpusAnalysis;
}

const LIST_NAMES = CATALOG_LIST_NAMES;

export const catalogTargetsTask: ModelTask<CatalogTargetsInput, CatalogLists> = {
  name: 'catalog_targets',
  tier: 'mid',
  maxOutputTokens: 2500,
  ...promptOf(catalogTargetsPrompt),
  parse(json, input) {
    const o = asObject(json, 'catalog');
    const candidates = buildCatalog(input.analysis, input);
    const out = {} as CatalogLists;
    for (const name of LIST_NAMES) {
      const byKey = new Map<string, CatalogTarget>(candidates[name].map((t) => [t.key, t]));
      const keys =
        o[name] === undefined ? [] : asArray(o[name], name).map((k, i) => asString(k, `${name}[${i}]`, 500));
      out[name] = keys
        .map((k) => byKey.get(k))
        .filter((t): t is CatalogTarget => t !== undefined)
        .slice(0, CATALOG_CAPS[name]);
    }
    return out;
  },
  local(input) {
    return buildCatalog(input.analysis, input);
  },
};
