// cluster_labels: a short topic label for one cluster of documents (profile stage).
import type { ClusterLabelInput } from '../tasks/cluster-labels';
import { JSON_ONLY } from '../tasks/json';
import { fenceText, UNTRUSTED_RULE } from './untrusted';
import { str, type TaskPrompt } from './prompt';

export const clusterLabelsPrompt: TaskPrompt<ClusterLabelInput> = {
  task: 'cluster_labels',
  // 2: the sample fenced as client data.
  version: 2,
  schema: { type: 'object', properties: { label: str }, required: ['label'] },
  render(input) {
    return {
      system: `Name the topic shared by a cluster of documents in at most five words. ${UNTRUSTED_RULE} ${JSON_ONLY}`,
      user: `Documents: ${input.documents.join(', ')}\nFrequent terms: ${input.terms.join(', ')}\nSample:\n${fenceText('sample', input.sample.slice(0, 800))}\n\nAnswer {"label": "<label>"}.`,
    };
  },
};
