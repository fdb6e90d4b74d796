// consistency_check on register values outside a closed list of codes: a procedure says "Only the
// following codes are used" for a kind of code ("The suitability code records ...") and lists
// them in a table ("| S0 | WIP | ...", "| A1, A2, A3 ... | Published | ..."); a register's column
// for that code ("Suitability") holds a code the list lacks ("S5"). The register uses a status
// the procedure does not define, so no one can say what the entry may be used for.
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { isNormative } from '../../analyst/document-roles';
import { quoteOf, type Issue } from '../../analyst/issue';
import { pipeCells } from '../../text/table-cells';
import { tableOf } from '../record-attribute/record-attributes';

export interface CodeList {
  /** The statement that closes the list ("Only the following codes are used ..."). */
  rule: LocatedSegment;
  /** What the codes are of, lower-case ("suitability"). */
  noun: string;
  /** The listed codes ("S0", "CR"), and code series written with an ellipsis ("A1, A2, A3 ..." is A and digits). */
  codes: Set<string>;
  series: string[];
  rows: LocatedSegment[];
}

export interface OffListValues {
  list: CodeList;
  register: AnalyzedDocument;
  column: string;
  rows: Array<{ segment: LocatedSegment; id: string; value: string }>;
}

/** "Only the following codes are used", "only these status codes may be used". */
const CLOSED_LIST =
  /\bonly\s+(?:the\s+following|these)\s+(?:([a-z]+)\s+)?(?:codes|values|statuses|status\s+codes)\b/i;
/** "The suitability code records ...": the noun of the code, when the closing sentence does not name it. */
const CODE_NOUN = /\b(?:the\s+)?([a-z]+)\s+codes?\b/i;
/** What a code looks like: "S0", "A1", "CR", "B". */
const CODE = /^[A-Z]{1,3}\d{0,3}$/;

/** The code lists of the set's normative documents. */
export function codeLists(analysis: CorpusAnalysis): CodeList[] {
  const out: CodeList[] = [];
  for (const doc of analysis.documents.filter((d) => isNormative(d.role)))
    doc.segments.forEach((rule, i) => {
      const closed = CLOSED_LIST.exec(rule.text);
      if (!closed) return;
      // The sentence before may name the code ("The suitability code records ... . Only the following codes are used").
      const before = `${doc.segments[i - 1]?.text ?? ''} ${rule.text.slice(0, closed.index)}`;
      const nouns = [...before.matchAll(new RegExp(CODE_NOUN.source, 'gi'))].map((m) => m[1]!);
      const noun = (closed[1] ?? nouns.at(-1) ?? '').toLowerCase();
      if (!noun || noun === 'following') return;
      // The table right after the statement: its header, then rows whose first cell is codes.
      const rows: LocatedSegment[] = [];
      for (const segment of doc.segments.slice(i + 1)) {
        if (!segment.text.trim().startsWith('|')) break;
        rows.push(segment);
      }
      const codes = new Set<string>();
      const series: string[] = [];
      for (const row of rows.slice(1)) {
        const first = pipeCells(row.text)[0] ?? '';
        const items = first.split(/\s*(?:,|\band\b|\/)\s*/).map((c) => c.replace(/\.{2,}|…/g, '').trim());
        for (const item of items.filter((c) => CODE.test(c))) codes.add(item);
        const seriesOf = /^([A-Z]{1,3})\d+\s*,.*(?:\.{2,}|…)/.exec(first.trim());
        if (seriesOf) series.push(seriesOf[1]!);
      }
      if (codes.size >= 2) out.push({ rule, noun, codes, series, rows });
    });
  return out;
}

const cache = new WeakMap<CorpusAnalysis, OffListValues[]>();

/** Per register column named for a listed kind of code: the rows whose code the list lacks. */
export function offListValues(analysis: CorpusAnalysis): OffListValues[] {
  let found = cache.get(analysis);
  if (!found) cache.set(analysis, (found = readOffListValues(analysis)));
  return found;
}

function listed(list: CodeList, value: string): boolean {
  return list.codes.has(value) || list.series.some((prefix) => new RegExp(`^${prefix}\\d+$`).test(value));
}

function readOffListValues(analysis: CorpusAnalysis): OffListValues[] {
  const lists = codeLists(analysis);
  if (lists.length === 0) return [];
  const out: OffListValues[] = [];
  for (const register of analysis.documents.filter((d) => d.role === 'evidence')) {
    const table = tableOf(register);
    if (!table) continue;
    for (const list of lists) {
      const column = table.columns.findIndex((c) => new RegExp(`\\b${list.noun}\\b`, 'i').test(c));
      if (column < 0) continue;
      const values = table.rows.map((row) => (row.cells[column] ?? '').trim());
      // A column of codes: most of its cells are codes the list has.
      if (values.filter((v) => listed(list, v)).length < Math.max(2, values.length / 2)) continue;
      const rows = table.rows.flatMap((row, i) =>
        CODE.test(values[i]!) && !listed(list, values[i]!)
          ? [{ segment: row.segment, id: row.cells[0] ?? '', value: values[i]! }]
          : [],
      );
      if (rows.length > 0) out.push({ list, register, column: table.columns[column]!, rows });
    }
  }
  return out;
}

export function offListSubject(found: OffListValues): string {
  return `enumerated-code:${found.register.name}:${found.list.noun}`;
}

export function offListIssue(found: OffListValues): Issue {
  const { list, register, column, rows } = found;
  const subject = offListSubject(found);
  const values = [...new Set(rows.map((r) => r.value))];
  const listedCodes = [...list.codes, ...list.series.map((p) => `${p}n`)];
  return {
    primitive: 'consistency_check',
    subject,
    aspects: [subject],
    title: `${register.name}: ${list.noun} code ${values.join(', ')} is not among the codes ${list.rule.document} allows`,
    description:
      `${list.rule.document} allows only these ${list.noun} codes: ${listedCodes.join(', ')} ("${list.rule.text.slice(0, 200)}"), but ${register.name} ` +
      `records ${values.join(', ')} under "${column}" (${rows
        .slice(0, 5)
        .map((r) => r.id)
        .join(', ')}). An undefined code says nothing of what the entry may be used for.`,
    rootCause: `${register.name} is kept without checking its codes against the list in ${list.rule.document}.`,
    remediationScope: `Correct the entries to a defined ${list.noun} code (or add the code to ${list.rule.document} with its meaning).`,
    remediationEffortHours: 1 + rows.length,
    severity: 'medium',
    confidence: 0.78,
    frameworks: [],
    quotes: [quoteOf(list.rule), ...rows.slice(0, 3).map((r) => quoteOf(r.segment))],
  };
}
