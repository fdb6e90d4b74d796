// Running headers and footers of a paged document ("ACME-SCH-007 Retention Schedule v2.0 | Internal",
// "Page 3 of 7"): printed on every page, they land in the middle of whatever crosses the page break,
// a table row or a sentence, and glue it to words that are not its own. They are taken off the
// edges of the pages and kept once, as the document's first paragraph, where a reader (and the
// document-control fields) look for what they say: an id, a version, a review date.

/** How many lines at the top and at the bottom of a page can be a running header or footer. */
const EDGE_LINES = 2;

/** Page numbers and dates change from page to page; the rest of a running line does not. */
const shapeOf = (line: string) => line.replace(/\d+/g, '#').replace(/\s+/g, ' ').trim().toLowerCase();

function edgeIndexes(lines: string[]): number[] {
  const filled = lines.map((line, i) => (line.trim() ? i : -1)).filter((i) => i >= 0);
  return [...new Set([...filled.slice(0, EDGE_LINES), ...filled.slice(-EDGE_LINES)])];
}

/**
 * The pages' text without the lines that open or close at least two pages and half of them, and
 * those lines (in the order first seen). A document of one page has none.
 */
export function withoutRunningLines(pages: string[]): { pages: string[]; running: string[] } {
  if (pages.length < 2) return { pages, running: [] };
  const split = pages.map((page) => page.split('\n'));
  const pagesWith = new Map<string, Set<number>>();
  split.forEach((lines, page) => {
    for (const i of edgeIndexes(lines)) {
      const shape = shapeOf(lines[i]!);
      // A line of one or two words ("Confidential", "Owner") is as likely a table cell.
      if (shape.split(' ').length < 3) continue;
      pagesWith.set(shape, (pagesWith.get(shape) ?? new Set()).add(page));
    }
  });
  const needed = Math.max(2, Math.ceil(pages.length / 2));
  const runningShapes = new Set([...pagesWith].filter(([, on]) => on.size >= needed).map(([shape]) => shape));
  if (runningShapes.size === 0) return { pages, running: [] };
  const running: string[] = [];
  const seen = new Set<string>();
  const cleaned = split.map((lines) => {
    const edges = new Set(edgeIndexes(lines).filter((i) => runningShapes.has(shapeOf(lines[i]!))));
    for (const i of edges) {
      const shape = shapeOf(lines[i]!);
      if (!seen.has(shape)) {
        seen.add(shape);
        running.push(lines[i]!.trim());
      }
    }
    return lines
      .filter((_, i) => !edges.has(i))
      .join('\n')
      .trim();
  });
  return { pages: cleaned, running };
}
