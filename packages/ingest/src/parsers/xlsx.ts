// XLSX: the zip guard first, the XML guard on every XML part (no DOCTYPE, bounded nesting), then
// exceljs (SheetJS's npm package is frozen with open CVEs). Every worksheet is a section named by
// its sheet; each non-empty row is a line of its cells' text kept apart by " | ". Dates are written
// as ISO dates (with the time only when there is one), formulas as their cached result, rich text
// and hyperlinks as their text.
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';

import { buildDocument, normaliseText } from '../document';
import { assertXmlPartSafe, isXmlPart } from '../xml-guard';
import { guardedUnzip } from '../zip-guard';
import { ParseError } from '../types';
import { CELL_SEPARATOR } from './csv';
import type { Parser } from './parser';

const WORKBOOK_PART = 'xl/workbook.xml';

export function isoDate(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.replace('.000Z', 'Z');
}

export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return isoDate(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('formula' in value || 'sharedFormula' in value)
    return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
  if ('hyperlink' in value) return cellText((value as { text?: ExcelJS.CellValue }).text ?? value.hyperlink);
  if ('error' in value) return String(value.error);
  return '';
}

export const parseXlsx: Parser = async ({ bytes, document, extension }) => {
  const parts = guardedUnzip(document, bytes, () => true);
  if (!parts.has(WORKBOOK_PART))
    throw new ParseError(document, `not an Excel workbook (no ${WORKBOOK_PART} in the package)`);
  for (const [name, part] of parts) if (isXmlPart(name)) assertXmlPartSafe(document, name, part);
  // exceljs reads a zip through its central directory, which may point at entries the guard (reading
  // local headers in order) never measured; so it gets a new archive of exactly the guarded parts.
  const measured = zipSync(Object.fromEntries(parts), { level: 0 });
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs types its input as an ArrayBuffer (it hands it to JSZip): a copy's own buffer.
    await workbook.xlsx.load(Uint8Array.from(measured).buffer);
  } catch (error) {
    throw new ParseError(document, `the workbook is malformed (${(error as Error).message})`);
  }
  const sections = workbook.worksheets.map((sheet) => {
    const lines: string[] = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell) => {
        cells.push(
          cellText(cell.value)
            .replace(/\s*[\r\n]+\s*/g, ' ')
            .trim(),
        );
      });
      while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
      if (cells.length > 0) lines.push(cells.join(CELL_SEPARATOR));
    });
    return { text: normaliseText(lines.join('\n')), sheet: sheet.name };
  });
  if (sections.length === 0) throw new ParseError(document, 'the workbook has no worksheets');
  return buildDocument({ document, extension, sections });
};
