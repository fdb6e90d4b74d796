// What an analyst check concludes: a candidate finding with its verbatim quotes (document offsets)
// and the root-cause aspects consolidation groups by.
import type { FindingContent } from '../types';
import type { LocatedSegment } from './corpus-analysis';

export interface IssueQuote {
  document: string;
  start: number;
  end: number;
  text: string;
  chunkId: string | null;
  page: number | null;
}

export interface Issue extends FindingContent {
  quotes: IssueQuote[];
}

export function quoteOf(segment: LocatedSegment, maxChars = 400): IssueQuote {
  let end = segment.end;
  if (end - segment.start > maxChars) {
    // Cut long segments at a word boundary; the quote stays an exact substring.
    const cut = segment.raw.lastIndexOf(' ', maxChars);
    end = segment.start + (cut > 40 ? cut : maxChars);
  }
  return {
    document: segment.document,
    start: segment.start,
    end,
    text: segment.raw.slice(0, end - segment.start),
    chunkId: segment.chunkId,
    page: segment.page,
  };
}

/**
 * A quote of a segment that shows the first match of `pattern` in its raw text: the segment from
 * its start when the match falls within `maxChars`, else a window from shortly before the match.
 * Always an exact substring of the document.
 */
export function quoteAround(segment: LocatedSegment, pattern: RegExp, maxChars = 400): IssueQuote {
  const raw = segment.raw;
  const m = new RegExp(pattern.source, pattern.flags.replace('g', '')).exec(raw);
  if (!m || m.index + m[0].length <= maxChars - 40) return quoteOf(segment, maxChars);
  const start = raw.lastIndexOf(' ', Math.max(0, m.index - 120)) + 1;
  let end = Math.min(raw.length, start + maxChars);
  const cut = raw.lastIndexOf(' ', end);
  if (end < raw.length && cut > m.index + m[0].length) end = cut;
  return {
    document: segment.document,
    start: segment.start + start,
    end: segment.start + end,
    text: raw.slice(start, end),
    chunkId: segment.chunkId,
    page: segment.page,
  };
}

/** The words around offset `index` of `text`, for a description: "...the clause around it...". */
export function excerptAround(text: string, index: number, before = 60, after = 100): string {
  const start = Math.max(0, text.lastIndexOf(' ', Math.max(0, index - before)) + 1);
  const end = text.indexOf(' ', Math.min(text.length, index + after));
  return `${start > 0 ? '...' : ''}${text.slice(start, end < 0 ? text.length : end)}${end < 0 ? '' : '...'}`;
}

/** A quote around [start, end) of a segment-less span (e.g. a heading line). */
export function quoteOfSpan(
  document: string,
  text: string,
  start: number,
  end: number,
  chunkId: string | null,
  page: number | null,
): IssueQuote {
  return { document, start, end, text: text.slice(start, end), chunkId, page };
}

export function listDocuments(names: string[]): string {
  const unique = [...new Set(names)];
  if (unique.length <= 1) return unique[0] ?? '';
  return `${unique.slice(0, -1).join(', ')} and ${unique[unique.length - 1]}`;
}

/** The documents an issue quotes, each once, in quote order. */
export function issueDocuments(issue: Issue): string[] {
  return [...new Set(issue.quotes.map((q) => q.document))];
}
