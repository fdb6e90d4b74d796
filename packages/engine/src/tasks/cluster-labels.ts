// cluster_labels: a short topic label for one cluster of documents (profile stage).
import type { ModelTask } from '../gateway/types';
import { JSON_ONLY, asObject, asString } from './json';

export interface ClusterLabelInput {
  terms: string[];
  documents: string[];
  sample: string;
}

export const clusterLabelsTask: ModelTask<ClusterLabelInput, string> = {
  name: 'cluster_labels',
  tier: 'small',
  maxOutputTokens: 60,
  prompt(input) {
    return {
      system: `Name the topic shared by a cluster of documents in at most five words. ${JSON_ONLY}`,
      user: `Documents: ${input.documents.join(', ')}\nFrequent terms: ${input.terms.join(', ')}\nSample: ${input.sample.slice(0, 800)}\n\nAnswer {"label": "<label>"}.`,
    };
  },
  parse(json) {
    return asString(asObject(json, 'label').label, 'label', 80).trim();
  },
  local(input) {
    return input.terms.slice(0, 3).join(' / ') || 'miscellaneous';
  },
};
