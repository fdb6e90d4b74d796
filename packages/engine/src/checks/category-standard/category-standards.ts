// conflict_check on register rows against the standard value a policy's table sets for their
// category: a fuel-card register's daily limit above the limit its card type carries in the
// policy's "standard limits" table, a contractor register's insurance cover below the minimum the
// prequalification standard sets for the contractor's category. The table is keyed either by rows
// ("| Driver card | K10,000 |" under "| Card type | Daily limit |") or by columns ("| Commercial
// general liability (minimum) | $5,000,000 | ..." under "| Requirement | Category A | ...");
// the register names the same key column ("Card type", "Category") and a column for the value.
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { isNormative } from '../../analyst/document-roles';
import { quoteOf, type Issue } from '../../analyst/issue';
import { withinRevisionHistory } from '../../analyst/revision-history';
import { exceptionColumnOf, hasException, splitRow, tableOf } from '../record-attribute/record-attributes';

/** A standard value of one category: "Driver card" -> K10,000 daily limit, a ceiling. */
interface StandardValue {
  segment: LocatedSegment;
  /** The table's header row, which names the value's column or the category's. */
  header: LocatedSegment;
  /** What the value is of, as the table names it ("Daily limit", "Commercial general liability ..."). */
  label: string;
  /** The category as the table writes it ("Driver card", "A"). */
  category: string;
  /** The name of what the category is a value of ("Card type", "Category"). */
  key: string;
  value: number;
  written: string;
  bound: 'ceiling' | 'floor';
}

export interface CategoryBreach {
  register: string;
  column: string;
  standard: StandardValue;
  header: LocatedSegment;
  rows: Array<{ segment: LocatedSegment; id: string; value: number; category: string }>;
}

/** Words of a column name that make its values ceilings, or floors. */
const CEILING_WORDS = /\b(?:limit|maximum|max|cap|ceiling|not to exceed|up to)\b/i;
const FLOOR_WORDS = /\b(?:minimum|min|at least|not less than|floor)\b/i;
/** Words that say nothing of which value a column holds. */
const FILLER = new Set([
  'the',
  'of',
  'per',
  'for',
  'and',
  'a',
  'an',
  'in',
  'on',
  'to',
  'or',
  'each',
  'any',
  'limit',
  'amount',
  'value',
  'level',
  'cover',
  'minimum',
  'maximum',
  'min',
  'max',
  'required',
]);

/** "K10,000", "$5,000,000", "ZMW 5,000", "5000000": an amount alone in its cell; null otherwise. */
export function amountCell(cell: string): number | null {
  const letters = cell.replace(/[^A-Za-z]/g, '').length;
  if (letters > 4 || !/\d/.test(cell)) return null;
  const m =
    /^\s*(?:[A-Za-z]{1,3}\s?)?[$£€¥₹]?\s*(\d{1,3}(?:[,\s]\d{3})+|\d+)(\.\d+)?\s*(?:[A-Za-z]{1,3})?\s*$/.exec(
      cell,
    );
  return m ? Number(`${m[1]!.replace(/[,\s]/g, '')}${m[2] ?? ''}`) : null;
}

function words(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/\([^)]*\)/g, ' ')
      .match(/[a-z][a-z0-9]*/g) ?? []
  ).filter((w) => !FILLER.has(w));
}

/**
 * Whether a register column names what a standard's label names: each of its words is one of the
 * label's (or its start: "auto" and "automobile"), or an acronym of consecutive words of it ("CGL",
 * "commercial general liability").
 */
export function namesSame(label: string, column: string): boolean {
  const labelWords = (label.toLowerCase().match(/[a-z][a-z0-9]*/g) ?? []).filter(
    (w) => !['of', 'and', 'the'].includes(w),
  );
  const own = words(column);
  if (own.length === 0) return false;
  const initials = labelWords.map((w) => w[0]).join('');
  return own.every(
    (w) =>
      labelWords.some((l) => l === w || (w.length >= 4 && l.startsWith(w))) ||
      (w.length >= 2 &&
        w.length <= 5 &&
        /^[A-Z0-9]+$/.test(column.match(new RegExp(`\\b${w}\\b`, 'i'))?.[0] ?? '') &&
        initials.includes(w)),
  );
}

function boundOf(label: string): 'ceiling' | 'floor' | null {
  if (FLOOR_WORDS.test(label)) return 'floor';
  if (CEILING_WORDS.test(label)) return 'ceiling';
  return null;
}

/** The pipe tables of a normative document: runs of consecutive table rows, header first. */
function tablesOf(doc: AnalyzedDocument): LocatedSegment[][] {
  const tables: LocatedSegment[][] = [];
  let run: LocatedSegment[] = [];
  for (const segment of doc.segments) {
    // A Markdown table's rule line ("|---|---|") belongs to the table but holds no row.
    if (/^[\s|:-]+$/.test(segment.text)) continue;
    const isRow = /\s\|\s/.test(segment.text) && !withinRevisionHistory(doc, segment.start);
    if (isRow) run.push(segment);
    else {
      if (run.length >= 2) tables.push(run);
      run = [];
    }
  }
  if (run.length >= 2) tables.push(run);
  return tables;
}

/** "Category A", "Tier 2", "Class II": a column header naming one category of a key. */
const CATEGORY_HEADER = /^([A-Za-z][A-Za-z ]{2,30}?)\s+([A-Z]{1,2}|\d{1,2}|[IVX]{1,4})\b/;

/** The standard values a table sets per category, by rows or by columns. */
function standardValues(table: LocatedSegment[]): StandardValue[] {
  const [header, ...rows] = table;
  const names = splitRow(header!);
  const out: StandardValue[] = [];
  // Keyed by columns: "| Requirement | Category A | Category B |".
  const categories = names.map((n) => CATEGORY_HEADER.exec(n));
  if (categories.filter(Boolean).length >= 2) {
    for (const row of rows) {
      const cells = splitRow(row);
      const label = cells[0] ?? '';
      const bound = boundOf(label);
      if (!bound) continue;
      cells.forEach((cell, i) => {
        const category = categories[i];
        const value = amountCell(cell);
        if (!category || value === null) return;
        out.push({
          segment: row,
          header: header!,
          label,
          category: category[2]!,
          key: category[1]!,
          value,
          written: cell,
          bound,
        });
      });
    }
    return out;
  }
  // Keyed by rows: "| Card type | Daily limit |" and "| Driver card | K10,000 |".
  names.forEach((name, column) => {
    const bound = boundOf(name);
    if (column === 0 || !bound) return;
    for (const row of rows) {
      const cells = splitRow(row);
      const value = amountCell(cells[column] ?? '');
      if (value === null || !cells[0]) continue;
      out.push({
        segment: row,
        header: header!,
        label: name,
        category: cells[0],
        key: names[0]!,
        value,
        written: cells[column]!,
        bound,
      });
    }
  });
  return out;
}

const same = (a: string, b: string) =>
  a.trim().toLowerCase().replace(/\s+/g, ' ') === b.trim().toLowerCase().replace(/\s+/g, ' ');

const cache = new WeakMap<CorpusAnalysis, CategoryBreach[]>();

/** Per register and value column, the rows beyond the standard value of their category. */
export function categoryBreaches(analysis: CorpusAnalysis): CategoryBreach[] {
  let found = cache.get(analysis);
  if (!found) cache.set(analysis, (found = readBreaches(analysis)));
  return found;
}

function readBreaches(analysis: CorpusAnalysis): CategoryBreach[] {
  const standards = analysis.documents
    .filter((d) => isNormative(d.role))
    .flatMap((d) => tablesOf(d).flatMap(standardValues));
  if (standards.length === 0) return [];
  const out: CategoryBreach[] = [];
  for (const doc of analysis.documents.filter((d) => d.role === 'evidence')) {
    const register = tableOf(doc);
    if (!register) continue;
    const exceptionColumn = exceptionColumnOf(register.columns);
    register.columns.forEach((column, valueAt) => {
      const applicable = standards.filter((s) => namesSame(s.label, column));
      if (applicable.length === 0) return;
      const keyAt = register.columns.findIndex(
        (c, i) => i !== valueAt && applicable.some((s) => same(s.key, c)),
      );
      if (keyAt < 0) return;
      const standardOf = (category: string) =>
        applicable.find((s) => same(s.key, register.columns[keyAt]!) && same(s.category, category));
      let standard: StandardValue | null = null;
      const rows: CategoryBreach['rows'] = [];
      for (const row of register.rows) {
        const category = row.cells[keyAt] ?? '';
        const own = standardOf(category);
        const value = amountCell(row.cells[valueAt] ?? '');
        if (!own || value === null) continue;
        const beyond = own.bound === 'ceiling' ? value > own.value : value < own.value;
        if (!beyond || hasException(row.cells, exceptionColumn)) continue;
        standard ??= own;
        rows.push({ segment: row.segment, id: row.cells[0] ?? '', value, category });
      }
      if (standard && rows.length > 0)
        out.push({ register: doc.name, column, standard, header: register.header, rows });
    });
  }
  return out;
}

export function categoryBreachSubject(breach: CategoryBreach): string {
  return `category-standard:${breach.register}:${breach.column.toLowerCase()}`;
}

export function categoryBreachIssue(breach: CategoryBreach): Issue {
  const { standard, register, column, rows } = breach;
  const subject = categoryBreachSubject(breach);
  const side = standard.bound === 'ceiling' ? 'above' : 'below';
  const listed = rows
    .slice(0, 6)
    .map((r) => `${r.id} (${standard.key} ${r.category}: ${r.value.toLocaleString('en')})`)
    .join(', ');
  return {
    primitive: 'conflict_check',
    subject,
    aspects: [subject],
    title: `${register}: ${rows.length} row${rows.length === 1 ? '' : 's'} with "${column}" ${side} the ${standard.bound === 'ceiling' ? 'limit' : 'minimum'} for their ${standard.key.toLowerCase()} in ${standard.segment.document}`,
    description:
      `${standard.segment.document} sets "${standard.label}" at ${standard.written} for ${standard.key} ${standard.category} ` +
      `("${standard.segment.text.slice(0, 200)}"), but ${register} records ${listed}, ${side} it, with no exception recorded. ` +
      'The register shows the standard was not applied to these items.',
    rootCause: `Entries in ${register} are not checked against the values ${standard.segment.document} sets per ${standard.key.toLowerCase()}.`,
    remediationScope: `Bring the listed entries within the standard of ${standard.segment.document}, or record an approved exception for each.`,
    remediationEffortHours: 2 + rows.length,
    severity: 'medium',
    confidence: 0.76,
    frameworks: [],
    quotes: [
      quoteOf(standard.header),
      quoteOf(standard.segment),
      quoteOf(breach.header),
      ...rows.slice(0, 3).map((r) => quoteOf(r.segment)),
    ],
  };
}
