// Quote verification: a quote counts as evidence only when it appears in the text the verdict was
// given. Case, whitespace and typography are normalised; an exact match passes, otherwise a span
// of min(40 characters, 60% of the quote) taken from the quote must appear (models trim or
// paraphrase the ends of long quotes).
import { normalizeForMatch } from './text/normalize';

export function verifyQuote(quote: string, sources: string[]): boolean {
  return quoteInNormalized(quote, sources.map(normalizeForMatch));
}

/** verifyQuote against texts already passed through normalizeForMatch (a document read once). */
export function quoteInNormalized(quote: string, haystacks: string[]): boolean {
  const needle = normalizeForMatch(quote);
  if (needle.length === 0) return false;
  if (haystacks.some((h) => h.includes(needle))) return true;
  const span = Math.min(40, Math.floor(needle.length * 0.6));
  if (span < 12) return false;
  // Any window of the quote of that length, stepped so long quotes stay cheap.
  const step = Math.max(1, Math.floor(span / 4));
  for (let start = 0; start + span <= needle.length; start += step) {
    const window = needle.slice(start, start + span);
    if (haystacks.some((h) => h.includes(window))) return true;
  }
  return false;
}
