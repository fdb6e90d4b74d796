// 1. profile (once): topic clusters of documents labelled by the model, the domain inferred
// (the intake's own domain wins), counts of what the corpus analysis found.
import { clusterLabelsTask } from '../../tasks/cluster-labels';
import { domainInferenceTask } from '../../tasks/domain-inference';
import type { RunContext } from '../context';
import { clusterDocuments } from '../profile';

export async function profileStage(run: RunContext): Promise<void> {
  await run.startStage('profile');
  const { analysis, input } = run;
  const { clusters, corpusTerms } = clusterDocuments(analysis);
  const labels: string[] = [];
  for (const [i, cluster] of clusters.entries())
    labels.push(
      await run.callOr(clusterLabelsTask, cluster, { step: `cluster_${i + 1}` }, () =>
        cluster.terms.slice(0, 3).join(' / '),
      ),
    );
  const inferred = await run.callOr(
    domainInferenceTask,
    {
      titles: analysis.documents.map((d) => d.title),
      terms: corpusTerms,
      text: analysis.documents.map((d) => d.text.slice(0, 4000)).join('\n'),
    },
    { step: 'domain' },
    () => null,
  );
  await run.completeStage({
    documents: analysis.documents.length,
    chunks: input.snapshot.chunks.length,
    clusters: labels.length,
    citations: analysis.citations.length,
    domain: input.intake.domain || (inferred?.domain ?? ''),
  });
}
