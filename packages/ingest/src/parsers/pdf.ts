// PDF: pdf.js text extraction, one section per page. pdf.js returns positioned text runs; they are
// joined into lines by their baseline (a run on a new baseline starts a new line, a wider than
// normal gap between baselines a new paragraph) and runs on one line are separated by a space when
// the layout leaves a gap. Running headers and footers are lifted off the page edges and put once
// at the top of the first page (./running-lines.ts). `isEvalSupported: false` closes CVE-2024-4367
// (font code evaluation).
import { assertTextWithinLimit, buildDocument, normaliseText, type SectionDraft } from '../document';
import { INGEST_LIMITS } from '../limits';
import { loadPdfJs, pdfJsAssetDir } from '../pdfjs';
import { ParseError } from '../types';
import type { Parser } from './parser';
import { withoutRunningLines } from './running-lines';

interface TextRun {
  str: string;
  transform: number[];
  width: number;
  height: number;
  hasEOL: boolean;
}

function isTextRun(item: unknown): item is TextRun {
  return typeof item === 'object' && item !== null && 'str' in item && 'transform' in item;
}

/** A stretch of text on one baseline with no column gap in it. */
interface CellLine {
  text: string;
  x0: number;
  x1: number;
  y: number;
  size: number;
}

/** Lines stacked at one left edge: a paragraph, or a table cell whose text wraps. */
interface Cell {
  lines: CellLine[];
}

/** A gap between words at least this many font sizes wide is the gap between two table cells. */
const CELL_GAP = 0.6;
/** In a justified line every word gap is wide alike; only a far wider one parts two cells. */
const JUSTIFIED_CELL_GAP = 2;
/** A list marker alone in the first column ("1.1", "(a)", "•") belongs to the text beside it. */
const LIST_MARKER = /^(?:\(?[a-zA-Z0-9]{1,3}[.)]|\d{1,3}(?:\.\d{1,3})*\.?|[-\u2022*\u2013])$/;

/** A run of text with its place on the page. */
interface PlacedRun {
  str: string;
  x: number;
  x1: number;
  y: number;
  size: number;
}

/** Runs (in the order pdf.js gives them) cut into lines: a new baseline or an end of line ends one. */
function rawLinesOf(runs: TextRun[]): PlacedRun[][] {
  const lines: PlacedRun[][] = [];
  let line: PlacedRun[] = [];
  const close = () => {
    if (line.some((r) => r.str.trim() !== '')) lines.push(line);
    line = [];
  };
  for (const run of runs) {
    if (run.str !== '') {
      const [, , c = 0, d = 0, x = 0, y = 0] = run.transform;
      const size = Math.hypot(c, d) || run.height || 1;
      const first = line.find((r) => r.str.trim() !== '');
      if (first && run.str.trim() !== '' && Math.abs(y - first.y) > Math.max(size, first.size) * 0.5) close();
      line.push({ str: run.str, x, x1: x + run.width, y, size });
    }
    if (run.hasEOL) close();
  }
  close();
  return lines;
}

/**
 * A line cut into cells at its column gaps. Producers fill the space between two table cells with
 * one wide whitespace run, or leave it empty; a justified paragraph widens every word gap alike
 * (several gaps of one width), which is no column.
 */
function splitAtColumns(line: PlacedRun[]): CellLine[] {
  const words = line.filter((r) => r.str.trim() !== '');
  const size = Math.max(...words.map((r) => r.size));
  const gaps = words.slice(1).map((r, i) => r.x - words[i]!.x1);
  const wide = gaps.filter((g) => g > size * CELL_GAP);
  const justified = wide.length >= 3 && Math.max(...wide) - Math.min(...wide) <= size * 0.1;
  const limit = size * (justified ? JUSTIFIED_CELL_GAP : CELL_GAP);
  const out: CellLine[] = [];
  let current: CellLine | null = null;
  words.forEach((word, i) => {
    const gap = i > 0 ? gaps[i - 1]! : 0;
    if (current && gap <= limit) {
      if (gap > word.size * 0.15 && !current.text.endsWith(' ') && !word.str.startsWith(' '))
        current.text += ' ';
      current.text += word.str;
      current.x1 = word.x1;
      current.size = Math.max(current.size, word.size);
      return;
    }
    if (current) out.push(current);
    current = { text: word.str, x0: word.x, x1: word.x1, y: word.y, size: word.size };
  });
  if (current) out.push(current);
  return out.map((cell) => ({ ...cell, text: cell.text.replace(/\s+/g, ' ').trim() }));
}

/** Runs cut into lines, and lines into cells at column gaps. */
function cellLinesOf(runs: TextRun[]): CellLine[] {
  return rawLinesOf(runs).flatMap(splitAtColumns);
}

/** Lines of one cell share its left edge, or its centre or right edge where the cell is aligned so. */
function alignedWith(line: CellLine, last: CellLine): boolean {
  const centre = (l: CellLine) => (l.x0 + l.x1) / 2;
  return (
    Math.abs(line.x0 - last.x0) <= 2 ||
    Math.abs(centre(line) - centre(last)) <= 2 ||
    Math.abs(line.x1 - last.x1) <= 2
  );
}

/** Consecutive lines aligned alike, each one line below the last, are one cell. */
function cellsOf(lines: CellLine[]): Cell[] {
  const cells: Cell[] = [];
  for (const line of lines) {
    const cell = cells[cells.length - 1];
    const last = cell?.lines[cell.lines.length - 1];
    const drop = last ? last.y - line.y : 0;
    if (
      cell &&
      last &&
      alignedWith(line, last) &&
      Math.abs(line.size - last.size) <= 0.5 &&
      drop > 0 &&
      drop <= Math.max(line.size, last.size) * 1.6
    )
      cell.lines.push(line);
    else cells.push({ lines: [line] });
  }
  return cells;
}

const topOf = (cell: Cell) => cell.lines[0]!.y + cell.lines[0]!.size * 0.8;
const bottomOf = (cell: Cell) => cell.lines[cell.lines.length - 1]!.y - cell.lines[0]!.size * 0.2;

/**
 * Cells side by side whose heights overlap are one table row; pdf.js gives a row's cells one after
 * another, left to right, so a cell left of the last one opens the next row.
 */
function rowsOf(cells: Cell[]): Cell[][] {
  const rows: Cell[][] = [];
  for (const cell of cells) {
    splitAbove(rows, cell);
    const row = rows[rows.length - 1];
    const previous = row?.[row.length - 1];
    const overlaps =
      row !== undefined &&
      topOf(cell) > Math.min(...row.map(bottomOf)) &&
      bottomOf(cell) < Math.max(...row.map(topOf));
    if (row && previous && overlaps && cell.lines[0]!.x0 >= Math.max(...previous.lines.map((l) => l.x1)) - 1)
      row.push(cell);
    else rows.push([cell]);
  }
  return rows;
}

/**
 * A caption or a paragraph line right above a table, at the left edge of its first column, reads as
 * that cell's first line: when the next cell stands beside the lower lines only, the lines above
 * it are their own row.
 */
function splitAbove(rows: Cell[][], next: Cell): void {
  const row = rows[rows.length - 1];
  if (!row || row.length !== 1 || row[0]!.lines.length < 2) return;
  const lines = row[0]!.lines;
  const beside = lines.findIndex(
    (l) => l.y - l.size * 0.2 < topOf(next) && l.y + l.size * 0.8 > bottomOf(next),
  );
  if (beside <= 0) return;
  if (lines.slice(beside).some((l) => l.x1 > next.lines[0]!.x0 + 1)) return;
  rows[rows.length - 1] = [{ lines: lines.slice(0, beside) }];
  rows.push([{ lines: lines.slice(beside) }]);
}

/** A cell's wrapped lines as one text; a word broken at its hyphen ("allow-|listing") stays one word. */
function joinWrapped(text: string, next: string): string {
  return /[A-Za-z0-9]-$/.test(text) && /^[A-Za-z0-9]/.test(next) ? `${text}${next}` : `${text} ${next}`;
}

interface OutputLine {
  text: string;
  top: number;
  bottom: number;
  size: number;
}

/** A row's lines: a lone cell keeps its lines; cells side by side become one table row "| a | b |". */
function rowLines(row: Cell[]): OutputLine[] {
  const line = (l: CellLine): OutputLine => ({ text: l.text, top: l.y, bottom: l.y, size: l.size });
  const first = row[0]!;
  if (row.length === 1) return first.lines.map(line);
  if (row.length === 2 && first.lines.length === 1 && LIST_MARKER.test(first.lines[0]!.text)) {
    const [head, ...rest] = row[1]!.lines;
    return [{ ...line(head!), text: `${first.lines[0]!.text} ${head!.text}` }, ...rest.map(line)];
  }
  const cells = row.map((cell) => cell.lines.map((l) => l.text).reduce(joinWrapped));
  const all = row.flatMap((cell) => cell.lines);
  return [
    {
      text: `| ${cells.join(' | ')} |`,
      top: Math.max(...all.map((l) => l.y)),
      bottom: Math.min(...all.map((l) => l.y)),
      size: Math.max(...all.map((l) => l.size)),
    },
  ];
}

/**
 * A page's text from its runs: lines by baseline, a blank line where the gap between lines is well
 * beyond normal spacing (a new paragraph), and tables rebuilt as rows of cells: a cell's wrapped
 * lines are joined and the row's cells written "| a | b |" as the other parsers write tables, so a
 * schedule's row reads as one statement instead of its cells one per line.
 */
export function joinTextRuns(runs: TextRun[]): string {
  const out: string[] = [];
  let previous: OutputLine | null = null;
  for (const row of rowsOf(cellsOf(cellLinesOf(runs))))
    for (const line of rowLines(row)) {
      if (previous) {
        // Rows of one table stay together, padded as they may be; a wider gap parts two tables.
        const rows = previous.text.startsWith('| ') && line.text.startsWith('| ');
        const spacing = Math.abs(previous.bottom - line.top);
        if (spacing > Math.max(previous.size, line.size, 1) * (rows ? 3 : 1.75)) out.push('');
      }
      out.push(line.text);
      previous = line;
    }
  return out.join('\n');
}

function describePdfError(error: unknown): string {
  const name = (error as { name?: string }).name;
  const message = (error as Error).message ?? String(error);
  if (name === 'PasswordException')
    return 'the PDF is encrypted (password protected); upload an unprotected copy';
  if (name === 'InvalidPDFException') return `the PDF is malformed (${message})`;
  return `the PDF could not be read (${message})`;
}

export const parsePdf: Parser = async ({ bytes, document, extension }) => {
  const pdfjs = loadPdfJs();
  // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    // Metrics of the 14 standard fonts and the CMaps of CJK text, read from the pdf.js package:
    // without them text in non-embedded fonts can come out garbled or not at all.
    standardFontDataUrl: pdfJsAssetDir('standard_fonts'),
    cMapUrl: pdfJsAssetDir('cmaps'),
    cMapPacked: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    let pdf;
    try {
      pdf = await task.promise;
    } catch (error) {
      throw new ParseError(document, describePdfError(error));
    }
    const maxPages = INGEST_LIMITS.maxPdfPages;
    if (pdf.numPages > maxPages)
      throw new ParseError(document, `the PDF has ${pdf.numPages} pages; at most ${maxPages} are indexed`);
    const sections: SectionDraft[] = [];
    const warnings: string[] = [];
    let chars = 0;
    for (let number = 1; number <= pdf.numPages; number += 1) {
      let text: string;
      try {
        const page = await pdf.getPage(number);
        const content = await page.getTextContent();
        text = normaliseText(joinTextRuns((content.items as unknown[]).filter(isTextRun)));
        page.cleanup();
      } catch (error) {
        throw new ParseError(
          document,
          `page ${number} of the PDF is malformed (${(error as Error).message})`,
        );
      }
      chars += text.length;
      assertTextWithinLimit(document, chars);
      sections.push({ text, page: number });
    }
    const empty = sections.filter((section) => section.text === '').length;
    if (empty === sections.length && sections.length > 0)
      warnings.push('the PDF has no text layer (scanned?); no text was extracted');
    else if (empty > 0) warnings.push(`${empty} of ${sections.length} pages have no text`);
    const { pages, running } = withoutRunningLines(sections.map((section) => section.text));
    pages.forEach((text, i) => (sections[i]!.text = text));
    if (running.length > 0)
      sections[0]!.text = [running.join('\n'), sections[0]!.text].filter(Boolean).join('\n\n');
    return buildDocument({ document, extension, sections, pageCount: pdf.numPages, warnings });
  } finally {
    await task.destroy();
  }
};
