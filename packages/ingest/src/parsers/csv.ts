// CSV: parsed by RFC 4180 rules (quoted cells may hold commas, quotes and line breaks), then one
// text line per row with the cells kept apart by " | ", so a quote can name a row's cells exactly
// and a line break inside a cell cannot split a row.
import { buildDocument, normaliseText } from '../document';
import { ParseError } from '../types';
import type { Parser } from './parser';
import { decodeText } from './text-decode';

export const CELL_SEPARATOR = ' | ';
const MAX_ROWS = 1_000_000;

export function parseCsvRows(text: string, delimiter = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          cell += '"';
          index += 1;
        } else quoted = false;
      } else cell += char;
    } else if (char === '"' && cell.length === 0) quoted = true;
    else if (char === delimiter) {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      if (rows.length > MAX_ROWS) throw new RangeError(`more than ${MAX_ROWS} rows`);
    } else cell += char;
  }
  if (cell.length > 0 || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** Semicolon-separated exports (common in Europe) when the header has semicolons but no commas. */
function guessDelimiter(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  return header.includes(';') && !header.includes(',') ? ';' : ',';
}

export function rowToLine(cells: string[]): string {
  return cells.map((cell) => cell.replace(/\s*[\r\n]+\s*/g, ' ').trim()).join(CELL_SEPARATOR);
}

export const parseCsv: Parser = async ({ bytes, document, extension }) => {
  const text = decodeText(bytes);
  let rows: string[][];
  try {
    rows = parseCsvRows(text, guessDelimiter(text));
  } catch (error) {
    throw new ParseError(document, `the CSV is too large to index (${(error as Error).message})`);
  }
  const lines = rows.filter((cells) => cells.some((cell) => cell.trim() !== '')).map(rowToLine);
  return buildDocument({ document, extension, sections: [{ text: normaliseText(lines.join('\n')) }] });
};
