// Model-led discovery (remote providers only): before each iteration's catalog the model reads
// the corpus in passes, cluster by cluster (related documents together, a long document over
// consecutive passes), and proposes targets of any primitive with verbatim quotes. Each quote is
// located in the document it cites; a proposal left without one is dropped and counted
// (quotes_rejected). The rest become targets of the model_proposal check and join the checks'
// candidates in the catalog. Passes use the cheapest tier and are capped per iteration; what the
// cap leaves unread is read by the next iteration, and what no iteration reads is reported.
import { createHash } from 'node:crypto';
import type { CorpusChunk } from '../corpus';
import { MODEL_PROPOSAL_CHECK_ID, type ModelProposalParams } from '../checks/model-proposal';
import { corpusDiscoveryTask, type DiscoveryProposal } from '../tasks/corpus-discovery';
import { normalizeForMatch } from '../text/normalize';
import type { RunContext } from './context';
import { quoteLocator } from './evidence';
import type { CatalogTarget } from './model';
import { clusterDocuments } from './profile';

/** Characters of document text per pass (about 3,000 tokens): small enough for the small tier. */
export const DISCOVERY_PASS_CHARS = 12_000;
/** Passes per iteration: the budget of discovery, beside the run's spend cap. */
export const DISCOVERY_PASSES_PER_ITERATION = 8;

export interface DiscoveryState {
  /** Chunk ids some pass has shown the model. */
  read: Set<string>;
  passes: number;
  failedPasses: number;
  proposals: CatalogTarget[];
}

export function emptyDiscovery(): DiscoveryState {
  return { read: new Set(), passes: 0, failedPasses: 0, proposals: [] };
}

/** The unread chunks in reading order (cluster by cluster, document order), packed into passes. */
export function planPasses(run: RunContext, read: Set<string>): CorpusChunk[][] {
  const { clusters } = clusterDocuments(run.analysis);
  const order = [
    ...new Set([...clusters.flatMap((c) => c.documents), ...run.analysis.documents.map((d) => d.name)]),
  ];
  const chunksOf = new Map<string, CorpusChunk[]>();
  for (const chunk of run.input.snapshot.chunks)
    if (!read.has(chunk.id)) chunksOf.set(chunk.document, [...(chunksOf.get(chunk.document) ?? []), chunk]);
  const clusterOf = new Map<string, number>();
  clusters.forEach((c, i) => c.documents.forEach((d) => clusterOf.has(d) || clusterOf.set(d, i)));
  const passes: CorpusChunk[][] = [];
  let current: CorpusChunk[] = [];
  let size = 0;
  let cluster: number | undefined;
  const close = () => {
    if (current.length) passes.push(current);
    current = [];
    size = 0;
  };
  for (const document of order) {
    // A new cluster starts a new pass: a pass reads related documents together.
    if (clusterOf.get(document) !== cluster) close();
    cluster = clusterOf.get(document);
    for (const chunk of [...(chunksOf.get(document) ?? [])].sort((a, b) => a.ordinal - b.ordinal)) {
      if (size + chunk.text.length > DISCOVERY_PASS_CHARS && current.length) close();
      current.push(chunk);
      size += chunk.text.length;
    }
  }
  close();
  return passes;
}

/** Reads this iteration's passes and adds their proposals with verified quotes to the state. */
export async function discover(run: RunContext): Promise<{ passes: number; proposals: number }> {
  const state = run.state.discovery;
  const planned = planPasses(run, state.read);
  const passes = planned.slice(0, DISCOVERY_PASSES_PER_ITERATION);
  let added = 0;
  for (const [i, chunks] of passes.entries()) {
    const proposals = await run.callOr(
      corpusDiscoveryTask,
      {
        intake: run.input.intake,
        chunks,
        pass: state.passes + 1,
        passes: state.passes + planned.length,
      },
      { step: `discover_${i + 1}` },
      () => null,
    );
    state.passes += 1;
    chunks.forEach((c) => state.read.add(c.id));
    if (!proposals) {
      state.failedPasses += 1;
      continue;
    }
    for (const proposal of proposals) {
      const target = targetOf(run, proposal);
      if (target && !state.proposals.some((t) => t.key === target.key)) {
        state.proposals.push(target);
        added += 1;
      }
    }
  }
  return { passes: passes.length, proposals: added };
}

/** A proposal as a catalog target, its quotes located; null (and counted) when none is found. */
function targetOf(run: RunContext, proposal: DiscoveryProposal): CatalogTarget | null {
  const locator = quoteLocator(run.input.snapshot);
  const quotes: ModelProposalParams['quotes'] = [];
  for (const q of proposal.quotes) {
    const located = locator.locate(q.document, q.quote, q.chunk_id);
    if (located) quotes.push({ document: q.document, chunkId: located.chunk?.id ?? null, quote: q.quote });
  }
  run.state.quotesRemoved += proposal.quotes.length - quotes.length;
  if (quotes.length === 0) {
    run.state.quotesRejected += 1;
    return null;
  }
  const documents = [...new Set(quotes.map((q) => q.document))];
  const key = `model:${createHash('sha256')
    .update([proposal.primitive, normalizeForMatch(proposal.title), ...documents].join('\n'))
    .digest('hex')
    .slice(0, 16)}`;
  const params: ModelProposalParams = {
    primitive: proposal.primitive,
    title: proposal.title,
    description: proposal.description,
    severity: proposal.severity,
    confidence: proposal.confidence,
    quotes,
  };
  return {
    key,
    primitive: proposal.primitive,
    label: proposal.title,
    target: { check: MODEL_PROPOSAL_CHECK_ID, documents, params },
    // Above the checks' signals: the model read the text and found something.
    signal: 1,
    severity: proposal.severity,
  };
}

/** Documents no pass has shown the model in full (the methodology names the count). */
export function unreadDocuments(run: RunContext): string[] {
  const read = run.state.discovery.read;
  const unread = new Set<string>();
  for (const chunk of run.input.snapshot.chunks) if (!read.has(chunk.id)) unread.add(chunk.document);
  return [...unread].sort();
}
