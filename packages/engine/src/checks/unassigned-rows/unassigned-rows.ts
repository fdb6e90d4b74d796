// coverage_check on the tables of policies and procedures: a table that gives each control,
// activity or record an owner and a frequency, where one row leaves those cells blank ("| ISC-09 |
// Backup restoration testing |  |  |"). The rest of the table shows what every row should carry;
// the blank row is a control nobody runs on any cycle. No vocabulary of controls: the columns are
// found by what they assign (an owner, a frequency), the rows by being blank where the others are
// filled.
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { isNormative } from '../../analyst/document-roles';
import { quoteOf, type Issue } from '../../analyst/issue';
import { pipeCells } from '../../text/table-cells';

/** A column that assigns who runs the row's item or how often: "Owner", "Responsible", "Frequency". */
const DUTY_COLUMN =
  /^(?:control |process |action |task |activity )?(?:owner|responsib\w*|accountab\w*|frequency|cadence|periodicity|review (?:cycle|frequency))\b/i;
/** A cell left blank: empty, a dash, or a note that no one is assigned yet ("To be assigned", "TBC"). */
const BLANK =
  /^(?:|-+|\u2013|\u2014|t\.?b\.?[acd]\.?|to be (?:assigned|agreed|confirmed|determined|decided|defined|set|appointed)|not (?:yet )?(?:assigned|agreed|set|defined)|unassigned)$/i;
/** A first cell that goes on from the line above: lower case, or a bracket closed that it did not open. */
const CONTINUED = /^(?:[a-z]|[^(]*\))/;
/** At least this many rows, and this share of them filled in the column, make the table's rule. */
const MIN_ROWS = 4;
const MIN_FILLED = 0.75;

export interface UnassignedRow {
  segment: LocatedSegment;
  /** The row's first filled cells: what it is ("ISC-09 Backup restoration testing"). */
  name: string;
  /** The duty columns it leaves blank ("Owner", "Frequency"). */
  blank: string[];
}

export interface UnassignedTable {
  document: string;
  header: LocatedSegment;
  rows: UnassignedRow[];
}

/** The tables of a document: a header row, then the rows whose frame names it as their header. */
function tablesOf(doc: AnalyzedDocument): LocatedSegment[][] {
  const tables: LocatedSegment[][] = [];
  let current: LocatedSegment[] = [];
  for (const segment of doc.segments) {
    const row = /^\s*\|.*\|\s*$/.test(segment.text) && !segment.text.includes('\n');
    const under = current[0] && segment.frame?.header?.trim() === current[0].text.trim();
    if (row && under) current.push(segment);
    else {
      if (current.length > 1) tables.push(current);
      current = row ? [segment] : [];
    }
  }
  if (current.length > 1) tables.push(current);
  return tables;
}

function unassignedIn(doc: AnalyzedDocument, table: LocatedSegment[]): UnassignedTable | null {
  const [header, ...body] = table;
  const columns = pipeCells(header!.text);
  const duties = columns.flatMap((name, i) => (DUTY_COLUMN.test(name) ? [i] : []));
  const rows = body
    .filter((s) => !/^\s*\|?\s*:?-{3,}/.test(s.text))
    .map((segment) => ({ segment, cells: pipeCells(segment.text) }))
    .filter((r) => r.cells.length === columns.length);
  if (duties.length === 0 || rows.length < MIN_ROWS) return null;
  const filledDuties = duties.filter(
    (i) => rows.filter((r) => !BLANK.test(r.cells[i]!)).length >= rows.length * MIN_FILLED,
  );
  const found = rows.flatMap(({ segment, cells }) => {
    const blank = filledDuties.filter((i) => BLANK.test(cells[i]!));
    // A row that names nothing (a spacer), or the second line of a row wrapped on the page (its
    // first cell goes on from the line above: "Crime Unit)", "and contractors"), is no item left
    // without an owner.
    const named = cells.filter((c, i) => !duties.includes(i) && !BLANK.test(c));
    if (blank.length === 0 || named.length === 0 || CONTINUED.test(cells[0]!)) return [];
    return [{ segment, name: named.slice(0, 2).join(' '), blank: blank.map((i) => columns[i]!) }];
  });
  return found.length > 0 ? { document: doc.name, header: header!, rows: found } : null;
}

const cache = new WeakMap<CorpusAnalysis, UnassignedTable[]>();

/** Tables of normative documents with rows left without an owner or a frequency (once per corpus). */
export function unassignedTables(analysis: CorpusAnalysis): UnassignedTable[] {
  let found = cache.get(analysis);
  if (!found) {
    found = analysis.documents
      .filter((doc) => isNormative(doc.role))
      .flatMap((doc) => tablesOf(doc).flatMap((table) => unassignedIn(doc, table) ?? []));
    cache.set(analysis, found);
  }
  return found;
}

export function unassignedSubject(document: string): string {
  return `unassigned:${document}`;
}

const withArticle = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;

export function unassignedIssue(table: UnassignedTable): Issue {
  const listed = table.rows
    .slice(0, 5)
    .map((r) => `"${r.name}" (no ${r.blank.map((b) => b.toLowerCase()).join(', no ')})`)
    .join('; ');
  const columns = [...new Set(table.rows.flatMap((r) => r.blank))].map((c) => c.toLowerCase());
  return {
    primitive: 'coverage_check',
    subject: unassignedSubject(table.document),
    aspects: [unassignedSubject(table.document)],
    title: `${table.document}: ${table.rows.length === 1 ? `"${table.rows[0]!.name}" has` : `${table.rows.length} items have`} no ${columns.join(' and no ')}`,
    description:
      `${table.document} assigns each item of its table ${columns.map(withArticle).join(' and ')}, but leaves them blank for ${listed}. ` +
      'Nobody is accountable for running it and nothing says how often, so it is unlikely to be performed or evidenced.',
    rootCause: `The table in ${table.document} was approved with rows not yet assigned.`,
    remediationScope: `Assign an owner and a frequency to ${table.rows.map((r) => `"${r.name}"`).join(', ')} and record its operation.`,
    remediationEffortHours: 2 * table.rows.length,
    severity: 'medium',
    confidence: 0.8,
    frameworks: [],
    quotes: [quoteOf(table.header), ...table.rows.slice(0, 4).map((r) => quoteOf(r.segment))],
  };
}
