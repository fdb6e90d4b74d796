// conflict_check on one table written twice: a standard's table and the procedure's copy of it
// under the same column names ("| Grade / area | Non-viable particles | Active air (viable) | ..."),
// where the row with the same key ("C - HL-01", "C — HL-01") holds another time value in the same
// column ("Weekly" against "Monthly"). Neither copy needs a verb: the shared header says what the
// cells are, and the shared key says which case.
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { isNormative } from '../../analyst/document-roles';
import { quoteOf, type Issue } from '../../analyst/issue';
import { extractTimeQuantities, incompatible, type Quantity } from '../../analyst/quantities';
import { pipeCells } from '../../text/table-cells';

export interface CopiedCellConflict {
  column: string;
  key: string;
  a: { segment: LocatedSegment; header: string; cell: string; quantity: Quantity };
  b: { segment: LocatedSegment; header: string; cell: string; quantity: Quantity };
}

interface KeyedTable {
  document: AnalyzedDocument;
  header: string;
  columns: string[];
  rows: Map<string, LocatedSegment>;
}

/** A cell as both copies would write it: case, dashes and spacing aside ("C — HL-01" is "C - HL-01"). */
function normalised(cell: string): string {
  return cell
    .toLowerCase()
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/[^a-z0-9-]+/g, ' ')
    .replace(/\s*-\s*/g, '-')
    .trim();
}

/** Tables of a document with at least three named columns, their rows by a key no other row shares. */
function keyedTables(document: AnalyzedDocument): KeyedTable[] {
  const byHeader = new Map<string, { header: string; rows: LocatedSegment[] }>();
  for (const segment of document.segments) {
    const header = segment.frame?.header;
    if (!header || !/^\s*\|/.test(segment.text)) continue;
    const entry = byHeader.get(header) ?? { header, rows: [] };
    entry.rows.push(segment);
    byHeader.set(header, entry);
  }
  return [...byHeader.values()].flatMap(({ header, rows }) => {
    const columns = pipeCells(header);
    if (columns.length < 3) return [];
    const keyed = new Map<string, LocatedSegment | null>();
    for (const row of rows) {
      const key = normalised(pipeCells(row.text)[0] ?? '');
      if (key) keyed.set(key, keyed.has(key) ? null : row);
    }
    const unique = new Map([...keyed].filter((e): e is [string, LocatedSegment] => e[1] !== null));
    return unique.size > 0 ? [{ document, header, columns, rows: unique }] : [];
  });
}

/** The one time value a cell holds, when the cell is that value and little else ("Weekly", "Every 4 hours"). */
function cellValue(cell: string): Quantity | null {
  const found = extractTimeQuantities(cell);
  if (found.length !== 1) return null;
  const rest = cell
    .replace(found[0]!.phrase, '')
    .replace(/[^a-z]+/gi, ' ')
    .trim();
  return rest.split(/\s+/).filter(Boolean).length <= 2 ? found[0]! : null;
}

const cache = new WeakMap<CorpusAnalysis, CopiedCellConflict[]>();

/** Per pair of tables with one header in two normative documents: the cells of one row that differ. */
export function copiedCellConflicts(analysis: CorpusAnalysis): CopiedCellConflict[] {
  let found = cache.get(analysis);
  if (!found) cache.set(analysis, (found = readConflicts(analysis)));
  return found;
}

function readConflicts(analysis: CorpusAnalysis): CopiedCellConflict[] {
  const tables = analysis.documents.filter((d) => isNormative(d.role)).flatMap(keyedTables);
  const out: CopiedCellConflict[] = [];
  for (let i = 0; i < tables.length; i += 1)
    for (let j = i + 1; j < tables.length; j += 1) {
      const [ta, tb] = [tables[i]!, tables[j]!];
      if (ta.document === tb.document || ta.columns.length !== tb.columns.length) continue;
      if (ta.columns.some((c, k) => normalised(c) !== normalised(tb.columns[k]!))) continue;
      for (const [key, rowA] of ta.rows) {
        const rowB = tb.rows.get(key);
        if (!rowB) continue;
        const [cellsA, cellsB] = [pipeCells(rowA.text), pipeCells(rowB.text)];
        for (let k = 1; k < ta.columns.length; k += 1) {
          const [cellA, cellB] = [cellsA[k] ?? '', cellsB[k] ?? ''];
          const [qa, qb] = [cellValue(cellA), cellValue(cellB)];
          if (!qa || !qb || !incompatible(qa, qb)) continue;
          out.push({
            column: ta.columns[k]!,
            key: cellsA[0]!,
            a: { segment: rowA, header: ta.header, cell: cellA, quantity: qa },
            b: { segment: rowB, header: tb.header, cell: cellB, quantity: qb },
          });
        }
      }
    }
  return out;
}

export function copiedCellSubject(c: CopiedCellConflict): string {
  return `copied-table:${c.a.segment.document}:${c.b.segment.document}:${normalised(c.key)}:${normalised(c.column)}`;
}

export function copiedCellIssue(c: CopiedCellConflict): Issue {
  const subject = copiedCellSubject(c);
  const [docA, docB] = [c.a.segment.document, c.b.segment.document];
  return {
    primitive: 'conflict_check',
    subject,
    aspects: [subject],
    title: `Conflicting ${c.column} for ${c.key}: ${c.a.cell} in ${docA} vs ${c.b.cell} in ${docB}`,
    description:
      `${docA} and ${docB} carry the same table (columns "${pipeCells(c.a.header).join('", "')}"), but the row for ` +
      `"${c.key}" gives "${c.a.cell}" under "${c.column}" in ${docA} and "${c.b.cell}" in ${docB}. ` +
      `Staff working from one copy break the other, and the control cannot be tested against a single value.`,
    rootCause: `The table in one document was changed without updating its copy in the other.`,
    remediationScope: `Decide the value of "${c.column}" for "${c.key}", correct the other document, and keep the table in one place that the other cites.`,
    remediationEffortHours: 2,
    severity: 'medium',
    confidence: 0.8,
    frameworks: [],
    quotes: [quoteOf(c.a.segment), quoteOf(c.b.segment)],
  };
}
