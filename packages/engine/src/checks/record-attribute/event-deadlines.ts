// Deadlines counted from an event, tested on a record's own dates: a normative statement sets a
// time limit after an event ("accounts are disabled within 24 hours of separation", "the report
// is filed within seven (7) days of that determination"), and a record has one date column for the
// event and one for the action ("Separation Date", "Access Disabled"). Rows whose action came later
// than the limit contradict the rule. The columns are found by the rule's own words, not by a
// vocabulary of record kinds: the event's words in one header, the action's in another.
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { DAY_MS, parseDateCell, type FoundDate } from '../../analyst/dates';
import { isNormative } from '../../analyst/document-roles';
import { quoteOf, type Issue } from '../../analyst/issue';
import { describeDays, extractTimeQuantities } from '../../analyst/quantities';
import { escapeRegExp, tokenize } from '../../text/normalize';
import { notesException, type RecordTable } from './record-table';

interface EventRule {
  segment: LocatedSegment;
  /** The longest time allowed, in days. */
  days: number;
  phrase: string;
  /** Word stems of the event the clock starts from ("separation", "that determination"). */
  event: string[];
  /** Word stems of the clause before the limit: who does what ("disables the accounts"). */
  action: string[];
  /** Business or working days: weekends may lie inside the limit. */
  businessDays: boolean;
  /** The rule's own clause: from the limit before it (if any) to its event. */
  clause: string;
}

interface RulePairing {
  rule: EventRule;
  eventColumn: number;
  actionColumn: number;
  score: number;
}

/** A register row with the dates of its event and its action, and the days between them. */
export interface DatedRow {
  segment: LocatedSegment;
  id: string;
  start: FoundDate;
  end: FoundDate;
  days: number;
}

/** Rows as a finding lists them: "AR-07 (Separation Date 2026-03-02, Disabled 2026-03-20: 18 days later)". */
export function describeDatedRows(rows: DatedRow[], startName: string, endName: string): string {
  return rows
    .slice(0, 6)
    .map(
      (r) => `${r.id} (${startName} ${r.start.iso}, ${endName} ${r.end.iso}: ${describeDays(r.days)} later)`,
    )
    .join(', ');
}

/** After the limit: "of", "after", "from" or "following" and the event, up to the clause's end. */
const EVENT_AFTER =
  /^\s*(?:\([^)]*\)\s*)?(?:(?:calendar|business|working)\s+)?(?:days?\s+|hours?\s+)?(?:of|after|from|following)\s+((?:(?!\b(?:and|or|unless|except|where|when|whichever|by|to|in)\b)[^,.;:(])+)/i;
/** Words of a header or rule that say nothing about which event or action a date is. */
const GENERIC = new Set(
  [
    'date',
    'dat',
    'day',
    'time',
    'no',
    'number',
    'ref',
    'id',
    'actual',
    'on',
    'dd',
    'mm',
    'yyyy',
    'later',
    'than',
  ].map((w) => tokenize(w)[0] ?? w),
);
/** Columns of planned or contractual dates, or of an earlier cycle, not of the events a row records. */
const NOT_THE_EVENT_COLUMN =
  /\b(due|target|planned|scheduled|next|expir\w*|renew\w*|deadline|sla|previous|prior)\b/i;
const CATEGORY_COLUMN =
  /\b(severity|rating|priority|criticality|risk(?: level| rating)?|classification|class|category|tier|level)\b/i;

function stems(text: string): string[] {
  return [...new Set(tokenize(text).filter((t) => !GENERIC.has(t) && !/\d/.test(t)))];
}

/** Two stems meet when equal or when one is the other's start of five letters or more. */
export function meet(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 5 && long.startsWith(short);
}

function overlap(words: string[], header: string[]): number {
  return header.filter((h) => words.some((w) => meet(w, h))).length;
}

const ruleCache = new WeakMap<CorpusAnalysis, EventRule[]>();

/** Time limits counted from an event, in normative documents (cached per corpus). */
function eventRules(analysis: CorpusAnalysis): EventRule[] {
  const cached = ruleCache.get(analysis);
  if (cached) return cached;
  const rules: EventRule[] = [];
  for (const doc of analysis.documents) {
    if (!isNormative(doc.role)) continue;
    for (const segment of doc.segments) {
      let previousEnd = 0;
      for (const q of extractTimeQuantities(segment.text)) {
        const clauseFrom = previousEnd;
        previousEnd = q.index + q.phrase.length;
        if (q.kind !== 'duration' || q.bound !== 'max' || q.value <= 0 || q.value > 366) continue;
        const after = segment.text.slice(q.index + q.phrase.length).match(EVENT_AFTER);
        if (!after) continue;
        // "Critical and major deviations ... within 30 days of discovery, and minor ... within 60
        // days": each limit binds the categories named since the limit before it.
        const clause = segment.text.slice(clauseFrom, previousEnd + after[0].length);
        const event = stems(after[1]!);
        const before = segment.text.slice(0, q.index);
        const clauseStart = Math.max(
          before.lastIndexOf(';'),
          before.lastIndexOf(':'),
          before.lastIndexOf('. '),
        );
        const action = stems(
          before
            .slice(clauseStart + 1)
            .split(/\s+/)
            .slice(-14)
            .join(' '),
        ).filter((w) => !event.some((e) => meet(e, w)));
        if (event.length === 0 || action.length === 0) continue;
        const businessDays = /\b(business|working)\b/i.test(q.phrase + after[0]);
        rules.push({ segment, days: q.value, phrase: q.phrase, event, action, businessDays, clause });
      }
    }
  }
  ruleCache.set(analysis, rules);
  return rules;
}

/** A cell saying the event did not apply to the row ("N/A", "-", "Not required"): no date to test, and not a filled cell. */
const NOT_APPLICABLE = /^(?:n\/?a|-+|none|not (?:applicable|required|notifiable))$/i;

/** Columns whose filled cells are mostly dates of things that happened. */
function eventDateColumns(table: RecordTable): number[] {
  return table.columns.flatMap((name, i) => {
    if (NOT_THE_EVENT_COLUMN.test(name)) return [];
    const filled = table.rows
      .map((r) => r.cells[i] ?? '')
      .filter((c) => c.length > 0 && !NOT_APPLICABLE.test(c));
    const dated = filled.filter((c) => parseDateCell(c, table.dateOrder) !== null);
    return dated.length > 0 && dated.length >= filled.length * 0.6 ? [i] : [];
  });
}

/**
 * The rule whose words best name two of the table's date columns: the event's words in one
 * header, the action's in another. On a tie the earlier column is the event's.
 */
function bestPairing(rules: EventRule[], table: RecordTable): RulePairing | null {
  const dated = eventDateColumns(table);
  if (dated.length < 2) return null;
  const headers = new Map(dated.map((i) => [i, stems(table.columns[i]!)]));
  let best: RulePairing | null = null;
  for (const rule of rules) {
    const eventColumn = dated.reduce(
      (found, i) =>
        overlap(rule.event, headers.get(i)!) > overlap(rule.event, headers.get(found)!) ? i : found,
      dated[0]!,
    );
    const eventScore = overlap(rule.event, headers.get(eventColumn)!);
    if (eventScore === 0) continue;
    const others = dated.filter((i) => i !== eventColumn);
    const actionColumn = others.reduce(
      (found, i) =>
        overlap(rule.action, headers.get(i)!) > overlap(rule.action, headers.get(found)!) ? i : found,
      others[0]!,
    );
    const actionScore = overlap(rule.action, headers.get(actionColumn)!);
    if (actionScore === 0) continue;
    const score = eventScore + actionScore;
    if (!best || score > best.score) best = { rule, eventColumn, actionColumn, score };
  }
  return best;
}

/** The category values a rule names ("High and Critical incidents"): only those rows are bound by it. */
function categoriesNamed(
  rule: EventRule,
  table: RecordTable,
): { column: number; values: Set<string> } | null {
  const column = table.columns.findIndex((c) => CATEGORY_COLUMN.test(c));
  if (column < 0) return null;
  const values = new Set(
    table.rows.map((r) => (r.cells[column] ?? '').trim()).filter((v) => /[a-z]/i.test(v)),
  );
  const named = [...values].filter(
    (v) => v.length <= 20 && new RegExp(`\\b${escapeRegExp(v)}\\b`, 'i').test(rule.clause),
  );
  return named.length > 0 ? { column, values: new Set(named.map((v) => v.toLowerCase())) } : null;
}

function lateRows(pairing: RulePairing, table: RecordTable, visible?: Set<LocatedSegment>): DatedRow[] {
  const { rule, eventColumn, actionColumn } = pairing;
  const scope = categoriesNamed(rule, table);
  // Dates are whole days: a limit under a day allows the next day; business days allow weekends.
  const allowed =
    Math.max(1, Math.ceil(rule.days)) + (rule.businessDays ? Math.ceil(rule.days / 5) * 2 + 2 : 0);
  const out: DatedRow[] = [];
  for (const row of table.rows) {
    if (visible && !visible.has(row.segment)) continue;
    if (scope && !scope.values.has((row.cells[scope.column] ?? '').trim().toLowerCase())) continue;
    if (notesException(row.cells)) continue;
    const start = parseDateCell(row.cells[eventColumn] ?? '', table.dateOrder);
    const end = parseDateCell(row.cells[actionColumn] ?? '', table.dateOrder);
    if (!start || !end) continue;
    const days = Math.round((end.time - start.time) / DAY_MS);
    if (days > allowed) out.push({ segment: row.segment, id: row.cells[0] ?? '', start, end, days });
  }
  return out;
}

/** Rows of a record whose action came later after its event than a normative rule allows. */
export function eventDeadlineIssue(
  analysis: CorpusAnalysis,
  doc: AnalyzedDocument,
  table: RecordTable,
  subject: string,
  visible?: Set<LocatedSegment>,
): Issue | null {
  const pairing = bestPairing(eventRules(analysis), table);
  if (!pairing) return null;
  const late = lateRows(pairing, table, visible);
  if (late.length === 0) return null;
  const { rule } = pairing;
  const eventName = table.columns[pairing.eventColumn]!;
  const actionName = table.columns[pairing.actionColumn]!;
  const ids = late.slice(0, 4).map((r) => r.id);
  const rows = describeDatedRows(late, eventName, actionName);
  return {
    primitive: 'conflict_check',
    subject,
    aspects: [subject],
    title: `${doc.name}: ${late.length} item${late.length === 1 ? '' : 's'} (${ids.join(', ')}) with "${actionName}" more than ${rule.phrase} after "${eventName}", against ${rule.segment.document}`,
    description:
      `${rule.segment.document} allows at most ${rule.phrase} ("${rule.segment.text.slice(0, 200)}"), ` +
      `but ${doc.name} shows ${rows}. No exception is recorded for these items.`,
    rootCause: `The time limit of ${rule.segment.document} is not tracked against the event it runs from; the record shows the delay but nobody acted on it.`,
    remediationScope: `Review ${ids.join(', ')} in ${doc.name}, record why the limit was missed, and track the limit from the event's date.`,
    remediationEffortHours: 2 * late.length + 4,
    severity: 'high',
    confidence: 0.8,
    frameworks: [],
    quotes: [
      quoteOf(rule.segment),
      quoteOf(table.header),
      ...late.slice(0, 3).map((r) => quoteOf(r.segment)),
    ],
  };
}
