// Where a quote a model cites really is. A quote counts only when it is found in the text of the
// document it names (the quote rule of src/quotes.ts: normalised case and whitespace, exact, else
// a span of min(40 characters, 60% of the quote)); one that is not is unverifiable and never
// reaches a finding's evidence, whatever the model says. The document texts are normalised once
// per corpus.
import type { CorpusChunk, CorpusSnapshot } from '../corpus';
import { quoteInNormalized, verifyQuote } from '../quotes';
import { normalizeForMatch } from '../text/normalize';

export interface LocatedQuote {
  document: string;
  quote: string;
  /** The chunk of the document that holds the quote (null when it runs across chunks). */
  chunk: CorpusChunk | null;
}

export interface QuoteLocator {
  /** The quote in `document`'s text, or null when that document does not say it. */
  locate(document: string, quote: string, preferredChunkId?: string | null): LocatedQuote | null;
}

const locators = new WeakMap<CorpusSnapshot, QuoteLocator>();

export function quoteLocator(snapshot: CorpusSnapshot): QuoteLocator {
  let locator = locators.get(snapshot);
  if (!locator) locators.set(snapshot, (locator = createLocator(snapshot)));
  return locator;
}

function createLocator(snapshot: CorpusSnapshot): QuoteLocator {
  const normalized = new Map<string, string>();
  const texts = new Map(snapshot.documents.map((d) => [d.name, d.text]));
  const chunksByDocument = new Map<string, CorpusChunk[]>();
  for (const chunk of snapshot.chunks)
    chunksByDocument.set(chunk.document, [...(chunksByDocument.get(chunk.document) ?? []), chunk]);
  const normalizedText = (document: string): string | null => {
    const text = texts.get(document);
    if (text === undefined) return null;
    let out = normalized.get(document);
    if (out === undefined) normalized.set(document, (out = normalizeForMatch(text)));
    return out;
  };
  return {
    locate(document, quote, preferredChunkId) {
      const text = normalizedText(document);
      if (text === null || !quoteInNormalized(quote, [text])) return null;
      const chunks = chunksByDocument.get(document) ?? [];
      const preferred = chunks.find((c) => c.id === preferredChunkId && verifyQuote(quote, [c.text]));
      const chunk = preferred ?? chunks.find((c) => verifyQuote(quote, [c.text])) ?? null;
      return { document, quote, chunk };
    },
  };
}
