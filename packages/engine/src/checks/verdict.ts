// The local answer to one question: run the question's check on the segments the retrieval
// returned (never on the whole corpus, except where the check is about absence from a whole
// document), and ask for more evidence when a quoted or hinted document was not retrieved.
import type { CorpusChunk } from '../corpus';
import type { Question } from '../pipeline/model';
import { segmentsWithin, type CorpusAnalysis } from '../analyst/corpus-analysis';
import type { Issue } from '../analyst/issue';
import type { EvidenceRequest } from './check';
import { checkById } from './registry';

export type { EvidenceRequest } from './check';

export interface LocalVerdict {
  issues: Issue[];
  requests: EvidenceRequest[];
}

export function analystVerdict(
  analysis: CorpusAnalysis,
  question: Question,
  chunks: CorpusChunk[],
  frameworks: string[],
  canAsk: boolean,
): LocalVerdict {
  const segments = segmentsWithin(analysis, chunks);
  const visible = new Set(segments);
  const { issues, hints = [] } = checkById(question.target.check).verdict(question.target.params, {
    analysis,
    chunks,
    segments,
    visible,
    facts: segments.flatMap((s) => analysis.factsBySegment.get(s) ?? []),
    citations: analysis.citations.filter((c) => visible.has(c.segment)),
    frameworks,
    documents: question.documents,
  });
  if (!canAsk) return { issues, requests: [] };
  // Quotes from chunks that were not retrieved, and hinted documents that returned nothing, are
  // fetched in a follow-up round before the verdict is final.
  const retrievedIds = new Set(chunks.map((c) => c.id));
  const retrievedDocs = new Set(chunks.map((c) => c.document));
  const requests: EvidenceRequest[] = [...hints];
  for (const issue of issues)
    for (const quote of issue.quotes)
      if (quote.chunkId && !retrievedIds.has(quote.chunkId))
        requests.push({ query: quote.text.slice(0, 200), document: quote.document });
  if (issues.length === 0)
    for (const doc of question.documents)
      if (!retrievedDocs.has(doc)) requests.push({ query: question.query, document: doc });
  return { issues: requests.length ? [] : issues, requests };
}
