// Where a statement stands in its document: a table row under its header, a list item under its
// lead-in, a sentence among the others of its paragraph. A value is often stated there rather than
// in the sentence itself.
import type { CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';

export function isTableRow(segment: LocatedSegment): boolean {
  return /^\s*\|/.test(segment.raw);
}

const LEAD_IN_REACH = 15;

/** What a statement stands under: its table's header row, or its list's lead-in. */
export function contextOf(analysis: CorpusAnalysis, segment: LocatedSegment): string {
  const segments = analysis.documents[segment.docIndex]?.segments ?? [];
  if (isTableRow(segment)) {
    // The header row and the sentence that introduces the table.
    let i = segment.segIndex;
    while (i > 0 && isTableRow(segments[i - 1]!)) i -= 1;
    if (i === segment.segIndex) return '';
    return `${segments[i - 1]?.text ?? ''} ${segments[i]!.text}`;
  }
  return leadInOf(analysis, segment);
}

/** The lead-in a statement stands under: the nearest earlier segment that ends with a colon. */
export function leadInOf(analysis: CorpusAnalysis, segment: LocatedSegment): string {
  const segments = analysis.documents[segment.docIndex]?.segments ?? [];
  for (let i = segment.segIndex - 1; i >= 0 && i >= segment.segIndex - LEAD_IN_REACH; i -= 1)
    if (/:\s*$/.test(segments[i]!.text)) return segments[i]!.text;
  return '';
}

/** The segments of the paragraph (or list item) a segment stands in: no line break between them. */
export function paragraphOf(analysis: CorpusAnalysis, segment: LocatedSegment): Set<LocatedSegment> {
  const segments = analysis.documents[segment.docIndex]?.segments ?? [];
  const text = analysis.documents[segment.docIndex]?.text ?? '';
  const joined = (a: LocatedSegment, b: LocatedSegment) => !text.slice(a.end, b.start).includes('\n');
  const out = new Set([segment]);
  for (let i = segment.segIndex; i > 0 && joined(segments[i - 1]!, segments[i]!); i -= 1)
    out.add(segments[i - 1]!);
  for (let i = segment.segIndex; i + 1 < segments.length && joined(segments[i]!, segments[i + 1]!); i += 1)
    out.add(segments[i + 1]!);
  return out;
}
