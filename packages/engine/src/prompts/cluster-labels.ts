// cluster_labels: a short topic label for one cluster of documents (profile stage).
import type { ClusterLabelInput } from '../tasks/cluster-labels';
import { JSON_ONLY } from '../tasks/json';
import { fenceText, UNTRUSTED_RULE } from './untrusted';
import { str, type TaskPrompt } from './prompt';

export const clusterLabelsPrompt: TaskPrompt<ClusterLabelInput> = {
  task: 'cluster_labels',
  // 2: the sample fenced as client data. 3: the file names and terms too (a client names its files).
  version: 3,
  schema: { type: 'object', properties: { label: str }, required: ['label'] },
  render(input) {
    return {
      system: `Name the topic shared by a cluster of documents in at most five words. ${UNTRUSTED_RULE} ${JSON_ONLY}`,
      user:
        `Documents:\n${fenceText('file names', input.documents.join('\n'))}\n` +
        `Frequent terms:\n${fenceText('terms', input.terms.join(', '))}\n` +
        `Sample:\n${fenceText('sample', input.sample.slice(0, 800))}\n\nAnswer {"label": "<label>"}.`,
    };
  },
};
