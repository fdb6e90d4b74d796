// cluster_labels: a short topic label for one cluster of documents (profile stage).
import type { ModelTask } from '../gateway/types';
import { clusterLabelsPrompt } from '../prompts/cluster-labels';
import { promptOf } from '../prompts/prompt';
import { asObject, asString } from './json';

export interface ClusterLabelInput {
  terms: string[];
  documents: string[];
  sample: string;
}

export const clusterLabelsTask: ModelTask<ClusterLabelInput, string> = {
  name: 'cluster_labels',
  tier: 'small',
  maxOutputTokens: 60,
  ...promptOf(clusterLabelsPrompt),
  parse(json) {
    return asString(asObject(json, 'label').label, 'label', 80).trim();
  },
  local(input) {
    return input.terms.slice(0, 3).join(' / ') || 'miscellaneous';
  },
};
