// Profile helpers: topic clusters of documents by term overlap (labelled by the model), corpus
// terms for domain inference.
import type { CorpusAnalysis } from '../analyst/corpus-analysis';
import { jaccard, tokenize } from '../text/normalize';

export interface DocumentCluster {
  documents: string[];
  terms: string[];
  sample: string;
}

export const MAX_CLUSTERS = 25;

function topTerms(counts: Map<string, number>, df: Map<string, number>, docs: number, n: number): string[] {
  return [...counts.entries()]
    .filter(([t]) => !/^\d/.test(t) && t.length > 3)
    .map(([t, c]) => [t, c * Math.log(1 + docs / (df.get(t) ?? 1))] as const)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, n)
    .map(([t]) => t);
}

export function clusterDocuments(analysis: CorpusAnalysis): {
  clusters: DocumentCluster[];
  corpusTerms: string[];
} {
  const df = new Map<string, number>();
  const counts = analysis.documents.map((doc) => {
    const c = new Map<string, number>();
    for (const t of tokenize(doc.text.slice(0, 20_000))) c.set(t, (c.get(t) ?? 0) + 1);
    for (const t of c.keys()) df.set(t, (df.get(t) ?? 0) + 1);
    return c;
  });
  const n = analysis.documents.length;
  const docTerms = counts.map((c) => topTerms(c, df, n, 15));
  const clusters: Array<{ docs: number[]; terms: Set<string> }> = [];
  docTerms.forEach((terms, i) => {
    let best = -1;
    let bestScore = 0.12;
    clusters.forEach((cluster, j) => {
      const score = jaccard(terms, cluster.terms);
      if (score > bestScore) {
        best = j;
        bestScore = score;
      }
    });
    if (best < 0 && clusters.length >= MAX_CLUSTERS) best = clusters.length - 1;
    if (best < 0) clusters.push({ docs: [i], terms: new Set(terms) });
    else {
      clusters[best]!.docs.push(i);
      for (const t of terms) clusters[best]!.terms.add(t);
    }
  });
  const total = new Map<string, number>();
  for (const c of counts) for (const [t, k] of c) total.set(t, (total.get(t) ?? 0) + k);
  return {
    clusters: clusters.map((cluster) => {
      const merged = new Map<string, number>();
      for (const i of cluster.docs) for (const [t, k] of counts[i]!) merged.set(t, (merged.get(t) ?? 0) + k);
      return {
        documents: cluster.docs.map((i) => analysis.documents[i]!.name),
        terms: topTerms(merged, df, n, 8),
        sample: analysis.documents[cluster.docs[0]!]!.text.slice(0, 800),
      };
    }),
    corpusTerms: topTerms(total, df, n, 30),
  };
}
