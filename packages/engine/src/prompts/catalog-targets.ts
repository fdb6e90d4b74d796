// catalog_targets: choose and rank this iteration's targets from the candidate lists (the local
// checks' candidates and, with a remote provider, the targets discovery proposed).
import { CATALOG_CAPS, CATALOG_LIST_NAMES, buildCatalog } from '../pipeline/catalog';
import type { CatalogTargetsInput } from '../tasks/catalog-targets';
import { JSON_ONLY } from '../tasks/json';
import { strList, type TaskPrompt } from './prompt';

export const catalogTargetsPrompt: TaskPrompt<CatalogTargetsInput> = {
  task: 'catalog_targets',
  version: 1,
  schema: {
    type: 'object',
    properties: Object.fromEntries(CATALOG_LIST_NAMES.map((name) => [name, strList])),
  },
  render(input) {
    const candidates = buildCatalog(input.analysis, input);
    const listing = CATALOG_LIST_NAMES.map(
      (name) =>
        `${name}:\n${candidates[name].map((t) => `- ${t.key} | ${t.label}`).join('\n') || '- (none)'}`,
    ).join('\n');
    return {
      system: `You plan an audit iteration. Choose the targets most likely to reveal defects, given the intake and prior findings. Keep each list within its cap (${JSON.stringify(CATALOG_CAPS)}). ${JSON_ONLY}`,
      user:
        `Intake: ${JSON.stringify(input.intake)}\nIteration: ${input.iteration}\nPrior findings: ${input.priorFindingTitles.slice(0, 40).join('; ') || 'none'}\n` +
        `Candidate targets by list (key | label):\n${listing}\n\nAnswer {"${CATALOG_LIST_NAMES.join('": [keys], "')}": [keys]} in priority order.`,
    };
  },
};
