// In-memory BM25 over the snapshot's chunks: an inverted index of stemmed tokens, so a query only
// touches the postings of its own terms (a 500-document corpus answers in well under a
// millisecond per query).
import type { CorpusChunk } from '../corpus';
import { tokenize } from '../text/normalize';

export interface ScoredChunk {
  chunk: CorpusChunk;
  score: number;
  /** Distinct query terms the chunk contains. */
  matchedTerms: number;
}

export interface SearchOptions {
  k?: number;
  /** Only chunks of these documents. */
  documents?: string[];
}

export class Bm25Index {
  private readonly postings = new Map<string, Array<[number, number]>>();
  private readonly lengths: number[] = [];
  private readonly averageLength: number;

  constructor(
    readonly chunks: CorpusChunk[],
    private readonly k1 = 1.2,
    private readonly b = 0.75,
  ) {
    let total = 0;
    chunks.forEach((chunk, index) => {
      const tokens = tokenize(chunk.text);
      this.lengths.push(tokens.length);
      total += tokens.length;
      const counts = new Map<string, number>();
      for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
      for (const [token, count] of counts) {
        let list = this.postings.get(token);
        if (!list) this.postings.set(token, (list = []));
        list.push([index, count]);
      }
    });
    this.averageLength = chunks.length ? total / chunks.length : 0;
  }

  search(query: string, options: SearchOptions = {}): ScoredChunk[] {
    const k = options.k ?? 8;
    const allowed = options.documents ? new Set(options.documents) : null;
    const scores = new Map<number, { score: number; terms: number }>();
    const n = this.chunks.length;
    for (const term of new Set(tokenize(query))) {
      const list = this.postings.get(term);
      if (!list) continue;
      const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
      for (const [index, tf] of list) {
        if (allowed && !allowed.has(this.chunks[index]!.document)) continue;
        const norm =
          tf + this.k1 * (1 - this.b + (this.b * this.lengths[index]!) / (this.averageLength || 1));
        const entry = scores.get(index) ?? { score: 0, terms: 0 };
        entry.score += (idf * tf * (this.k1 + 1)) / norm;
        entry.terms += 1;
        scores.set(index, entry);
      }
    }
    return [...scores.entries()]
      .sort((a, b) => b[1].score - a[1].score || a[0] - b[0])
      .slice(0, k)
      .map(([index, s]) => ({ chunk: this.chunks[index]!, score: s.score, matchedTerms: s.terms }));
  }
}
