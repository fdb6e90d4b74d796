// consolidation: group raw findings that share a root cause and name each group's primitive.
// Version 2: the groups sit in an object ({"groups": [...]}), as structured outputs require.
import type { ConsolidationItem } from '../tasks/consolidation';
import { JSON_ONLY } from '../tasks/json';
import { primitive, strList, type TaskPrompt } from './prompt';

export const consolidationPrompt: TaskPrompt<{ findings: ConsolidationItem[] }> = {
  task: 'consolidation',
  version: 2,
  schema: {
    type: 'object',
    properties: {
      groups: {
        type: 'array',
        items: { type: 'object', properties: { keys: strList, primitive }, required: ['keys', 'primitive'] },
      },
    },
    required: ['groups'],
  },
  render(input) {
    return {
      system: `You consolidate audit findings. Group findings that share one root cause (fixing one fixes the others), even when their evidence differs; keep unrelated findings apart. For each group name the primitive that fits best. ${JSON_ONLY}`,
      user:
        input.findings
          .map(
            (f) =>
              `- ${f.key} [${f.primitive}] ${f.title} :: ${f.description.slice(0, 400)} (documents: ${f.documents.join(', ')})`,
          )
          .join('\n') +
        '\n\nAnswer {"groups": [{"keys": [finding keys], "primitive": "<primitive>"}]}, every key exactly once.',
    };
  },
};
