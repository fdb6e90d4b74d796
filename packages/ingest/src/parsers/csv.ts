// CSV: parsed by RFC 4180 rules (quoted cells may hold commas, quotes and line breaks), then one
// text line per row with the cells kept apart by " | ", so a quote can name a row's cells exactly
// and a line break inside a cell cannot split a row. Each row becomes its line as soon as it is read,
// so a large file never holds an array of cells per row (for 1M rows that was gigabytes).
import { buildDocument, normaliseText } from '../document';
import { INGEST_LIMITS } from '../limits';
import { ParseError } from '../types';
import type { Parser } from './parser';
import { decodeText } from './text-decode';

export const CELL_SEPARATOR = ' | ';

class TooManyRows extends Error {}

/** Calls `onRow` with the cells of each row in turn; at most INGEST_LIMITS.maxCsvRows rows. */
export function forEachCsvRow(text: string, delimiter: string, onRow: (cells: string[]) => void): void {
  const maxRows = INGEST_LIMITS.maxCsvRows;
  let rows = 0;
  const emit = (cells: string[]) => {
    rows += 1;
    if (rows > maxRows) throw new TooManyRows(`the CSV has more than ${maxRows} rows, the limit`);
    onRow(cells);
  };
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
      emit(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell.length > 0 || row.length > 0) {
    row.push(cell);
    emit(row);
  }
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
  const lines: string[] = [];
  try {
    forEachCsvRow(text, guessDelimiter(text), (cells) => {
      if (cells.some((cell) => cell.trim() !== '')) lines.push(rowToLine(cells));
    });
  } catch (error) {
    if (error instanceof TooManyRows) throw new ParseError(document, error.message);
    throw error;
  }
  return buildDocument({ document, extension, sections: [{ text: normaliseText(lines.join('\n')) }] });
};
