// domain_inference: the client's domain and the frameworks the corpus speaks to (profile stage).
import type { DomainInput } from '../tasks/domain-inference';
import { JSON_ONLY } from '../tasks/json';
import { str, strList, type TaskPrompt } from './prompt';

export const domainInferencePrompt: TaskPrompt<DomainInput> = {
  task: 'domain_inference',
  version: 1,
  schema: {
    type: 'object',
    properties: { domain: str, frameworks: strList },
    required: ['domain', 'frameworks'],
  },
  render(input) {
    return {
      system: `Infer the client's business domain and the compliance frameworks the documents address. ${JSON_ONLY}`,
      user: `Document titles: ${input.titles.join('; ')}\nFrequent terms: ${input.terms.join(', ')}\n\nAnswer {"domain": "<domain>", "frameworks": [names]}.`,
    };
  },
};
