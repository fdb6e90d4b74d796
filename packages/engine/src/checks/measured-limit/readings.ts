// conflict_check on readings a record holds against a limit a rule sets: a test sheet, permit or
// log with a table of measurements ("H2S ppm", "Oxygen %") whose reading is above the ceiling
// ("less than 5 ppm") or below the floor ("not less than 20.8%") a procedure states for what that
// column measures. The record shows the work went ahead on a reading the rule does not accept.
import {
  segmentAt,
  type AnalyzedDocument,
  type CorpusAnalysis,
  type LocatedSegment,
} from '../../analyst/corpus-analysis';
import { isNormative } from '../../analyst/document-roles';
import { quoteOf, type Issue } from '../../analyst/issue';
import { withinRevisionHistory } from '../../analyst/revision-history';
import { UNITS } from './measured-limits';

/**
 * Units a reading column and a limit are written in: the units of measurement limits are set in
 * (measured-limits.ts), "%" (which counts only with a named measure), and a length of time
 * ("Duration (min)", "for at least 30 minutes"), compared in minutes.
 */
const UNIT = [...UNITS.map((u) => u.pattern), '%', 'minutes', 'mins', 'min', 'hours', 'hrs'].join('|');
const MINUTES = /^(?:minutes|mins|min)$/i;
const HOURS = /^(?:hours|hrs)$/i;
/** "for at least", "for no more than": a bound on how long something lasts. */
const RUNS_FOR =
  /\bfor\s+(?:at least|not less than|no less than|a minimum of|no more than|not more than|up to|a maximum of)\s*$/i;

/** "H2S ppm", "Oxygen%", "LEL %", "CO (ppm)": a column's measure and unit in a header line. */
const MEASURE_COLUMN = new RegExp(
  String.raw`(?<![\w.])([A-Za-z0-9][A-Za-z0-9₂]*?)\s*\(?(${UNIT})\)?(?![\w/])`,
  'g',
);

/** A limit's bound, by the words right before its value. */
const FLOOR_BEFORE = /(?:\bnot less than|\bno less than|\bat least|\bminimum(?: of)?|\bmin\.?|≥|>=)\s*$/i;
const CEILING_BEFORE =
  /(?:\bless than|\bbelow|\bunder|\bnot (?:more|greater) than|\bno (?:more|greater) than|\bnot (?:to )?exceed(?:ing)?|\bmaximum(?: of)?|\bmax\.?|\bup to|<|≤|<=)\s*$/i;
const BETWEEN = new RegExp(
  String.raw`\bbetween\s+(\d+(?:\.\d+)?)\s*(${UNIT})?\s+and\s+(\d+(?:\.\d+)?)\s*(${UNIT})`,
  'gi',
);
const VALUE = new RegExp(String.raw`(?<![\w.])(\d+(?:\.\d+)?)\s*(${UNIT})(?![\w/])`, 'g');

export interface BoundLimit {
  segment: LocatedSegment;
  kind: 'floor' | 'ceiling';
  value: number;
  unit: string;
  phrase: string;
  /** Lower-cased words of what is limited, abbreviations included ("hydrogen", "sulphide", "h2s"). */
  words: Set<string>;
}

export interface ReadingBreach {
  limit: BoundLimit;
  document: string;
  header: LocatedSegment;
  row: LocatedSegment;
  /** The column's measure as the record names it ("H2S"). */
  measure: string;
  unit: string;
  reading: number;
  /** The row's first words before its readings ("Pre-entry 07:10"). */
  label: string;
}

function unitKey(unit: string): string {
  if (MINUTES.test(unit) || HOURS.test(unit)) return 'min';
  return unit.replace(/\s+/g, '').replace(/[()]/g, '').toLowerCase();
}

/** A value in its unit's common scale: hours in minutes. */
function scaled(value: number, unit: string): number {
  return HOURS.test(unit) ? value * 60 : value;
}

function wordsOf(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/[a-z][a-z0-9₂]*/g) ?? []).map((w) => w.replace('₂', '2')));
}

/**
 * The limits a segment sets: a value in a unit with a bound before it, or a range ("between 19.5%
 * and 23.0%"). What is limited is the clause before the value and a bracketed abbreviation after it
 * ("less than 1% of the lower explosive limit (LEL)").
 */
export function boundLimitsIn(segment: LocatedSegment): BoundLimit[] {
  const text = segment.text;
  const out: BoundLimit[] = [];
  const about = (start: number, end: number) => {
    const clause =
      text
        .slice(Math.max(0, start - 120), start)
        .split(/[.;|]\s+|,\s+(?=[a-z]+:)/)
        .pop() ?? '';
    const tail = /^[^.;|]{0,60}?\(([A-Za-z0-9₂]{1,8})\)/.exec(text.slice(end))?.[1] ?? '';
    return wordsOf(`${clause} ${tail}`);
  };
  const taken: Array<[number, number]> = [];
  for (const m of text.matchAll(BETWEEN)) {
    const unit = m[4]!;
    const end = m.index + m[0].length;
    const words = about(m.index, end);
    const phrase = m[0];
    out.push({ segment, kind: 'floor', value: Number(m[1]), unit, phrase, words });
    out.push({ segment, kind: 'ceiling', value: Number(m[3]), unit, phrase, words });
    taken.push([m.index, end]);
  }
  for (const m of text.matchAll(VALUE)) {
    if (taken.some(([s, e]) => m.index >= s && m.index < e)) continue;
    const before = text.slice(Math.max(0, m.index - 30), m.index);
    const kind = FLOOR_BEFORE.test(before) ? 'floor' : CEILING_BEFORE.test(before) ? 'ceiling' : null;
    if (!kind) continue;
    // A length of time bounds how long something runs ("run ... for at least 30 minutes"), not a
    // lead time ("registered at least 24 hours before arrival").
    if (unitKey(m[2]!) === 'min' && !RUNS_FOR.test(before)) continue;
    const end = m.index + m[0].length;
    out.push({
      segment,
      kind,
      value: Number(m[1]),
      unit: m[2]!,
      phrase: m[0].trim(),
      words: about(m.index, end),
    });
  }
  return out;
}

/** Times and dates in a row ("07:10", "2026-11-05", "05/11/2026"): no readings. */
const TIME_OR_DATE =
  /\b\d{1,2}:\d{2}(?::\d{2})?\b|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b/g;
/** A cell read as a number, allowing a stray bracket or bar of the scan ("0)", "20.9|"). */
const NUMBER_CELL = /^(\d+(?:\.\d+)?)[)|.,]?$/;
/** A cell the scan could not read ("i?)"): it still takes a column's place. */
const UNREADABLE_CELL = /^[^A-Za-z\s]{0,1}[A-Za-z?!)(|]{1,2}[?)]*$/;

/**
 * The readings of a row under a header with `count` measure columns, left to right: the cells from
 * the first number on, each number or unreadable scrap one column; null when the row has none.
 */
function rowReadings(line: string, count: number): { values: Array<number | null>; label: string } | null {
  const cleaned = line.replace(TIME_OR_DATE, (m) => ' '.repeat(m.length));
  const cells = cleaned.split(/[\s|]+/).filter(Boolean);
  const first = cells.findIndex((c) => NUMBER_CELL.test(c));
  if (first < 0) return null;
  const values: Array<number | null> = [];
  for (const cell of cells.slice(first)) {
    if (values.length === count) break;
    const n = NUMBER_CELL.exec(cell);
    if (n) values.push(Number(n[1]));
    else if (UNREADABLE_CELL.test(cell)) values.push(null);
    else break;
  }
  if (values.filter((v) => v !== null).length < Math.min(2, count)) return null;
  // What the row is (its time and step: "Pre-entry 07:10"): the line before its first reading.
  const at = cleaned.search(/(?<![\w.-])\d+(?:\.\d+)?[)|.,]?(?=[\s|]|$)/);
  const label = line
    .slice(0, Math.max(0, at))
    .replace(/[\s|+.]+$/, '')
    .trim();
  return { values, label: label || line.slice(0, 24).trim() };
}

/** The measure columns a header line names; a bare number is a value, not a measure ("5 ppm"). */
function measureColumns(line: string): Array<{ measure: string; unit: string }> {
  return [...line.matchAll(MEASURE_COLUMN)]
    .map((m) => ({ measure: m[1]!, unit: m[2]! }))
    .filter((c) => /[A-Za-z]/.test(c.measure) || OCR_O2.test(c.measure));
}

/** "02": a scan's reading of "O2". */
const OCR_O2 = /^0[2₂]$/;

/** In a header of cells, the cell of each measure column. */
function measureCells(header: string, columns: Array<{ measure: string; unit: string }>): number[] | null {
  const cells = header.split('|').map((c) => c.trim());
  const at = columns.map((c) =>
    cells.findIndex((cell) => measureColumns(cell).some((m) => m.measure === c.measure)),
  );
  return at.every((i) => i >= 0) ? at : null;
}

/** How many lines below a header its rows may run, blank lines not counted (a log's year of rows). */
const ROW_WINDOW = 400;

interface ReadingTable {
  header: { line: string; start: number };
  columns: Array<{ measure: string; unit: string }>;
  rows: Array<{
    line: string;
    start: number;
    values: Array<number | null>;
    label: string;
    /** The label's words of four letters or more, read once: what a duration limit is matched by. */
    words: string[];
  }>;
}

function labelWords(label: string): string[] {
  return [...wordsOf(label)].filter((w) => w.length > 3);
}

/** The tables of readings in a record: a header naming two or more measures, then rows of numbers. */
function readingTables(doc: AnalyzedDocument): ReadingTable[] {
  const lines: Array<{ line: string; start: number }> = [];
  let offset = 0;
  for (const line of doc.text.split('\n')) {
    if (line.trim()) lines.push({ line, start: offset });
    offset += line.length + 1;
  }
  const tables: ReadingTable[] = [];
  lines.forEach((h, i) => {
    const columns = measureColumns(h.line);
    if (columns.length < 2 || !columns.some((c) => c.unit !== '%')) return;
    const rows: ReadingTable['rows'] = [];
    const headerCells = h.line.split('|').length;
    const cellsAt = headerCells >= 3 ? measureCells(h.line, columns) : null;
    for (const l of lines.slice(i + 1, i + 1 + ROW_WINDOW)) {
      if (measureColumns(l.line).length >= 2) break;
      // A register's rows are read cell by cell (a row with a blank reading is still a row); a
      // scan's, whose bars are the scanner's, by position.
      const cells = l.line.split('|').map((c) => c.trim());
      if (cellsAt && cells.length === headerCells) {
        const values = cellsAt.map((at) => {
          const n = NUMBER_CELL.exec(cells[at] ?? '');
          return n ? Number(n[1]) : null;
        });
        // The row's first cell (an id or date) and the cell just before its readings (what was tested).
        const before = cells.slice(0, Math.min(...cellsAt)).filter(Boolean);
        const label = [...new Set([before[0], before.at(-1)])].filter(Boolean).join(' ');
        if (values.some((v) => v !== null)) rows.push({ ...l, values, label, words: labelWords(label) });
        continue;
      }
      const read = rowReadings(l.line, columns.length);
      if (read) rows.push({ ...l, ...read, words: labelWords(read.label) });
      else if (rows.length > 0) break;
    }
    if (rows.length > 0) tables.push({ header: h, columns, rows });
  });
  return tables;
}

/**
 * A column's measure matches a limit's words: "H2S" and "hydrogen sulphide (H2S)", "Oxygen" and
 * "oxygen". A length of time is said of an activity, not named: the limit's clause ("Run the
 * generator under load for at least 30 minutes") must share two words with the row ("Monthly
 * generator load test").
 */
function measures(limit: BoundLimit, measure: string, unit: string, rowWords: string[]): boolean {
  if (unitKey(limit.unit) !== unitKey(unit)) return false;
  const name = (OCR_O2.test(measure) ? 'o2' : measure.toLowerCase()).replace('₂', '2');
  if (name.length >= 2 && limit.words.has(name)) return true;
  if (unitKey(unit) !== 'min') return false;
  return rowWords.filter((w) => limit.words.has(w)).length >= 2;
}

function breaks(limit: BoundLimit, reading: number, unit: string): boolean {
  const [value, bound] = [scaled(reading, unit), scaled(limit.value, limit.unit)];
  return limit.kind === 'ceiling' ? value >= bound : value < bound;
}

const cache = new WeakMap<CorpusAnalysis, ReadingBreach[]>();

/** Per record and measure, the first reading that breaks the strictest limit a rule sets for it. */
export function readingBreaches(analysis: CorpusAnalysis): ReadingBreach[] {
  let found = cache.get(analysis);
  if (!found) cache.set(analysis, (found = readBreaches(analysis)));
  return found;
}

function readBreaches(analysis: CorpusAnalysis): ReadingBreach[] {
  const limits = analysis.documents
    .filter((d) => isNormative(d.role))
    .flatMap((d) => d.segments.filter((s) => !withinRevisionHistory(d, s.start)).flatMap(boundLimitsIn));
  if (limits.length === 0) return [];
  const out: ReadingBreach[] = [];
  for (const doc of analysis.documents.filter((d) => d.role === 'evidence')) {
    for (const table of readingTables(doc)) {
      const header = segmentAt(doc, table.header.start);
      if (!header) continue;
      table.columns.forEach(({ measure, unit }, column) => {
        for (const kind of ['ceiling', 'floor'] as const) {
          // Per row, the strictest limit that applies to it: the lowest ceiling, the highest floor.
          const strictest = (rowWords: string[]) =>
            limits
              .filter((l) => l.kind === kind && measures(l, measure, unit, rowWords))
              .reduce<BoundLimit | null>((a, b) => {
                if (!a) return b;
                const [va, vb] = [scaled(a.value, a.unit), scaled(b.value, b.unit)];
                return (kind === 'ceiling' ? vb < va : vb > va) ? b : a;
              }, null);
          for (const row of table.rows) {
            const reading = row.values[column];
            // What the row records (its label: "GT-16 Monthly generator load test"), not its notes.
            const limit = reading == null ? null : strictest(row.words);
            const segment = limit && breaks(limit, reading!, unit) ? segmentAt(doc, row.start) : null;
            if (!limit || !segment) continue;
            out.push({
              limit,
              document: doc.name,
              header,
              row: segment,
              measure,
              unit,
              reading: reading!,
              label: row.label,
            });
            break;
          }
        }
      });
    }
  }
  return out;
}

export function readingBreachSubject(breach: ReadingBreach): string {
  return `measured-reading:${breach.document}:${breach.measure.toLowerCase()}:${breach.limit.kind}`;
}

export function readingBreachIssue(breach: ReadingBreach): Issue {
  const { limit, document, measure, unit, reading, label } = breach;
  const subject = readingBreachSubject(breach);
  const side = limit.kind === 'ceiling' ? 'above' : 'below';
  return {
    primitive: 'conflict_check',
    subject,
    aspects: [subject],
    title: `${document}: ${measure} reading of ${reading} ${unit} (${label}) ${side} the limit of ${limit.phrase} in ${limit.segment.document}`,
    description:
      `${limit.segment.document} sets ${limit.kind === 'ceiling' ? 'a ceiling' : 'a floor'} of ${limit.phrase} ("${limit.segment.text.slice(0, 200)}"), ` +
      `but ${document} records ${measure} at ${reading} ${unit} ("${breach.row.text.slice(0, 160)}"). The record shows the work went ahead, ` +
      'or carried on, on a reading the rule does not accept.',
    rootCause: `Readings on ${document} are not checked against the limits of ${limit.segment.document} before the work is authorised.`,
    remediationScope: `Investigate the work recorded in ${document}, confirm whether it went ahead on the reading, and print the limits of ${limit.segment.document} on the form so the person authorising checks them.`,
    remediationEffortHours: 3,
    severity: 'high',
    confidence: 0.78,
    frameworks: [],
    quotes: [quoteOf(limit.segment), quoteOf(breach.header), quoteOf(breach.row)],
  };
}
