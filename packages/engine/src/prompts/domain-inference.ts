// domain_inference: the client's domain and the frameworks the corpus speaks to (profile stage).
// Titles are the documents' own first lines (an e-mail's body may open with anything), so they and
// the frequent terms are fenced as client text like every other excerpt.
import type { DomainInput } from '../tasks/domain-inference';
import { JSON_ONLY } from '../tasks/json';
import { str, strList, type TaskPrompt } from './prompt';
import { fenceText, UNTRUSTED_RULE } from './untrusted';

export const domainInferencePrompt: TaskPrompt<DomainInput> = {
  task: 'domain_inference',
  // 2: titles and terms fenced as client text.
  version: 2,
  schema: {
    type: 'object',
    properties: { domain: str, frameworks: strList },
    required: ['domain', 'frameworks'],
  },
  render(input) {
    return {
      system: `Infer the client's business domain and the compliance frameworks the documents address. ${UNTRUSTED_RULE} ${JSON_ONLY}`,
      user:
        `Document titles:\n${fenceText('titles', input.titles.join('\n'))}\n` +
        `Frequent terms:\n${fenceText('terms', input.terms.join(', '))}\n\nAnswer {"domain": "<domain>", "frameworks": [names]}.`,
    };
  },
};
