// What an analyst check concludes: a candidate finding with its verbatim quotes (document offsets)
// and the root-cause aspects consolidation groups by.
import type { Primitive } from '@auditsvc/core';
import type { Severity } from '../types';
import type { LocatedSegment } from './corpus-analysis';

export interface IssueQuote {
  document: string;
  start: number;
  end: number;
  text: string;
  chunkId: string | null;
  page: number | null;
}

export interface Issue {
  primitive: Primitive;
  /** The root-cause key: issues with one subject are one finding. */
  subject: string;
  /** Further root-cause keys shared with other issues (consolidation merges on any). */
  aspects: string[];
  title: string;
  description: string;
  rootCause: string;
  remediationScope: string;
  remediationEffortHours: number;
  severity: Severity;
  confidence: number;
  frameworks: string[];
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
