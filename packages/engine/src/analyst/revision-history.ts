// Revision histories: the part of a document that records its past ("5.0 | March 2024 |
// Restructured for PCI DSS v4.0", "1.0 | 2018 | First issue, written under the 1993 Act"). What a
// history row names is not what the document relies on today.
import { isTableRow } from '../text/table-cells';

const HISTORY_HEADING =
  /^[ \t#>*|]*(?:\d+\.?[ \t]*)?(?:(?:revision|change|document|version|amendment)[ \t]+(?:history|log)|change[ \t]*log)\b/gim;

/** How far a revision-history table can run when no heading follows it. */
const HISTORY_SPAN = 2500;

interface DocumentText {
  text: string;
  headings?: Array<{ start: number }>;
}

/** A document's revision-history regions, found once per document, not per mention. */
const historyRegions = new WeakMap<object, Array<[number, number]>>();
function historyRegionsOf(doc: DocumentText): Array<[number, number]> {
  let regions = historyRegions.get(doc);
  if (!regions) {
    regions = [...doc.text.matchAll(HISTORY_HEADING)].map((m) => {
      const lineEnd = doc.text.indexOf('\n', m.index);
      const after = lineEnd < 0 ? m.index + m[0].length : lineEnd;
      const next = (doc.headings ?? []).find((h) => h.start > after);
      return [
        m.index,
        Math.min(next ? next.start : Infinity, m.index + HISTORY_SPAN, tableEnd(doc.text, after)),
      ];
    });
    historyRegions.set(doc, regions);
  }
  return regions;
}

/**
 * Where the history's table ends: the first line of text after its rows ("How to use this
 * schedule" under a PDF's history table, a line no heading pattern knows). A history written
 * without table rows runs on to the next heading.
 */
function tableEnd(text: string, from: number): number {
  let seenRow = false;
  let offset = from;
  for (const line of text.slice(from, from + HISTORY_SPAN).split('\n')) {
    if (isTableRow(line.trim())) seenRow = true;
    else if (seenRow && line.trim() !== '') return offset;
    offset += line.length + 1;
  }
  return Infinity;
}

/**
 * Whether an offset of the document's text lies in its revision history. The history runs from its
 * heading to the next heading of the document ("1. Purpose"), so a mention in the body right after
 * a short history table is the body's.
 */
export function withinRevisionHistory(doc: DocumentText, offset: number): boolean {
  return historyRegionsOf(doc).some(([start, end]) => start <= offset && offset < end);
}
