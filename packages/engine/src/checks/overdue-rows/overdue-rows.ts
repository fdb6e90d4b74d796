// conflict_check on registers: a policy or procedure says how often each item is reviewed ("Every
// active agent is reviewed at least once every twelve (12) months"), and the register of those
// items dates each row's last review; rows still in force whose review is past due break the rule.
// No vocabulary of activities: the rule is any review cycle a normative document states (read by
// analyst/requirements), and the register is the evidence table whose name or title names what
// the rule says is reviewed. Registers about a concept's activity are left to its own record check.
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { DAY_MS, extractDates, isoOf, type FoundDate } from '../../analyst/dates';
import { isNormative } from '../../analyst/document-roles';
import { quoteOf, type Issue } from '../../analyst/issue';
import { describeDays, describeQuantity } from '../../analyst/quantities';
import { requirementsOf, type Requirement } from '../../analyst/requirements';
import { headerIndex, splitRow } from '../record-attribute/record-attributes';
import { notesException } from '../record-attribute/record-table';
import { recordsFor, staleMargin } from '../record-frequency/record-gaps';

export interface OverdueRows {
  rule: Requirement;
  record: AnalyzedDocument;
  header: LocatedSegment;
  /** The column dating each row's last review ("Last due diligence review"), or its next one. */
  column: string;
  /** The column dates the next review ("Next review due"): each row is late past its own date. */
  due?: true;
  rows: Array<{ row: LocatedSegment; name: string; last: FoundDate }>;
}

/** A column dating the last time the row's item was reviewed, assessed or checked. */
const LAST_REVIEW_COLUMN =
  /\blast\b[^|]*\b(?:review(?:ed)?|assess(?:ed|ment)|due diligence|check(?:ed)?|audit(?:ed)?|recertif\w*|re-?assess\w*|re-?validat\w*)\b/i;
/** A column dating the review each row falls due for ("Next review due", "Review due date"). */
const NEXT_DUE_COLUMN =
  /\bnext\b[^|]*\b(?:review|assessment|due diligence|audit|recertification|re-?assessment)\b|\breview\b[^|]*\bdue\b/i;
/** A deferral or extension someone approved, in a row's cells ("Deferred to 15/12/2026 - approved by ..."). */
const APPROVED_DEFERRAL =
  /\b(?:defer\w*|extend\w*|extension|postpone\w*)\b[^|]{0,80}\bapproved\b|\bapproved\b[^|]{0,40}\b(?:deferral|extension|postponement)\b/i;
/** A column of a register of controlled documents ("Doc ID", "Document title", "Version"). */
const DOCUMENT_COLUMN =
  /\b(?:doc(?:ument)?s?\b[^|]*\b(?:id|no|number|title|name|ref\w*)|version|rev(?:ision)?)\b/i;
/** Days past a row's own due date before it is reported: a review a few weeks late is not. */
const DUE_GRACE_DAYS = 30;
/** A row whose item is no longer in force is not reviewed ("Terminated", "Suspended"). */
const NOT_IN_FORCE =
  /\b(?:terminated|suspended|inactive|closed|exited|retired|offboarded|decommissioned|cancelled|canceled|revoked|disabled|dormant|expired|withdrawn)\b/i;
/** Words of any register's name or header, which name none of its items. */
const REGISTER_WORDS = new Set(
  (
    'register registry record log list inventory report schedule tracker export sheet file data ' +
    'review last next date due status name owner code number reference note remark comment ' +
    'approval approver period frequency cycle result outcome evidence detail information'
  ).split(' '),
);

/** Review-like actions: the rule must be one of these. */
const REVIEW_ACTIONS = new Set(['review', 'assess']);

/** The lower-case words of a name, singular ("Agent-Register-2026.xlsx": agent, register). */
function wordsOf(text: string): Set<string> {
  return new Set(
    (text.toLowerCase().match(/[a-z]{3,}/g) ?? []).map((w) =>
      w.replace(/(?<=[a-z]{3})(?:ies)$/, 'y').replace(/(?<=[a-z]{3})s$/, ''),
    ),
  );
}

/** The review cycles the normative documents state, by what they review. */
function reviewRules(analysis: CorpusAnalysis): Requirement[] {
  return analysis.documents
    .filter((d) => isNormative(d.role))
    .flatMap((d) => d.segments.flatMap((s) => requirementsOf(s)))
    .filter((r) => REVIEW_ACTIONS.has(r.action) && r.quantity.kind === 'period');
}

function overdueRowsOf(
  analysis: CorpusAnalysis,
  record: AnalyzedDocument,
  rules: Requirement[],
): OverdueRows | null {
  const table = record.segments.filter((s) => s.text.includes(' | '));
  if (table.length < 3) return null;
  const start = headerIndex(table.map(splitRow));
  const header = table[start]!;
  const columns = splitRow(header);
  const last = columns.findIndex((c) => LAST_REVIEW_COLUMN.test(c));
  const next = columns.findIndex((c) => NEXT_DUE_COLUMN.test(c));
  if (last < 0 && next < 0) return null;
  // A register of controlled documents dates their reviews: a document past its review date is
  // the currency checks' finding, not a register row's.
  const pastDue =
    next >= 0 && !columns.some((c) => DOCUMENT_COLUMN.test(c))
      ? pastDueRows(analysis, record, rules, { table, start, header, columns, next })
      : null;
  if (pastDue) return pastDue;
  const column = last;
  if (column < 0) return null;
  // The rule reviews what the register lists: what it says is reviewed ("Every active agent is
  // reviewed") is what the register is named for ("Agent-Register-2026.xlsx"), not a word every
  // register has ("register", "review").
  const named = wordsOf(`${record.name} ${record.title}`);
  const matching = rules.filter(
    (r) =>
      !r.row && !!r.passiveSubject && named.has(r.passiveSubject) && !REGISTER_WORDS.has(r.passiveSubject),
  );
  if (matching.length === 0) return null;
  // Judged against the most lenient cycle stated for it: a stricter figure for a subset (high-risk
  // items) must not make compliant rows look late.
  const rule = matching.reduce((a, b) => (b.quantity.value > a.quantity.value ? b : a));
  const audit = Date.parse(analysis.auditDate);
  // The same grace as a concept's register gets: a cycle run a few weeks late is not reported.
  const limit = rule.quantity.value + staleMargin(rule.quantity.value);
  const rows = table.slice(start + 1).flatMap((row) => {
    const cells = splitRow(row);
    if (cells.some((c) => NOT_IN_FORCE.test(c))) return [];
    const last = extractDates(cells[column] ?? '', record.dateOrder)[0];
    return last && (audit - last.time) / DAY_MS > limit ? [{ row, name: cells[0] ?? '', last }] : [];
  });
  return rows.length > 0 ? { rule, record, header, column: columns[column]!, rows } : null;
}

/**
 * A register that dates each row's next review: rows past that date (with a month's grace) and
 * still in force, with no approved deferral, where a normative document states a review cycle for
 * what the register lists (a rule about it, or a table of cycles framed by it: "| High | At least
 * every 12 months |" under a heading on periodic CDD reviews, for a CDD review register).
 */
function pastDueRows(
  analysis: CorpusAnalysis,
  record: AnalyzedDocument,
  rules: Requirement[],
  found: { table: LocatedSegment[]; start: number; header: LocatedSegment; columns: string[]; next: number },
): OverdueRows | null {
  const named = [...wordsOf(`${record.name} ${record.title}`)].filter((w) => !REGISTER_WORDS.has(w));
  const about = (r: Requirement) => [r.passiveSubject ?? '', ...r.topic, ...(r.row?.frame ?? [])];
  const rule = rules.find((r) => about(r).some((w) => named.includes(w)));
  if (!rule) return null;
  const audit = Date.parse(analysis.auditDate);
  const rows = found.table.slice(found.start + 1).flatMap((row) => {
    const cells = splitRow(row);
    if (cells.some((c) => NOT_IN_FORCE.test(c)) || notesException(cells) || APPROVED_DEFERRAL.test(row.text))
      return [];
    const due = extractDates(cells[found.next] ?? '', record.dateOrder)[0];
    return due && (audit - due.time) / DAY_MS > DUE_GRACE_DAYS
      ? [{ row, name: cells[0] ?? '', last: due }]
      : [];
  });
  if (rows.length === 0) return null;
  return { rule, record, header: found.header, column: found.columns[found.next]!, rows, due: true };
}

const cache = new WeakMap<CorpusAnalysis, OverdueRows[]>();

/** Every register with rows past their review (cached per corpus: candidates and verdicts ask). */
export function overdueRegisters(analysis: CorpusAnalysis): OverdueRows[] {
  let out = cache.get(analysis);
  if (!out) {
    const rules = reviewRules(analysis);
    // A register about a concept's activity (vendor reviews, access reviews) is the concept's
    // record check's to judge, by the concept's own rule.
    const judged = new Set(
      analysis.facts
        .filter((f) => f.quantity.kind === 'period')
        .flatMap((f) => recordsFor(analysis, f).map((d) => d.name)),
    );
    out = analysis.documents
      .filter((d) => d.role === 'evidence' && !judged.has(d.name))
      .flatMap((d) => overdueRowsOf(analysis, d, rules) ?? []);
    cache.set(analysis, out);
  }
  return out;
}

export function overdueSubject(record: string): string {
  return `overdue-rows:${record}`;
}

export function overdueIssue(found: OverdueRows, auditDate: string): Issue {
  const { rule, record, rows } = found;
  const cycle = describeQuantity(rule.quantity);
  const listed = rows
    .slice(0, 8)
    .map((r) => `${r.name} (${r.last.iso})`)
    .join(', ');
  return {
    primitive: 'conflict_check',
    subject: overdueSubject(record.name),
    aspects: [overdueSubject(record.name)],
    title: found.due
      ? `${record.name}: ${rows.length} entr${rows.length === 1 ? 'y' : 'ies'} past ${rows.length === 1 ? 'its' : 'their'} "${found.column}" date, against the reviews ${rule.segment.document} requires`
      : `${record.name}: ${rows.length} entr${rows.length === 1 ? 'y' : 'ies'} past the review ${rule.segment.document} requires ${cycle.split(' (')[0]}`,
    description: found.due
      ? `${rule.segment.document} requires periodic reviews ("${rule.segment.text.slice(0, 200)}"), but ${record.name} records ` +
        `"${found.column}" of ${listed}${rows.length > 8 ? ` and ${rows.length - 8} more` : ''}, more than ${DUE_GRACE_DAYS} days before the audit date (${isoOf(Date.parse(auditDate))}), with no approved deferral and the items still in force.`
      : `${rule.segment.document} requires a review ${cycle} ("${rule.segment.text.slice(0, 200)}"), but ${record.name} dates the ` +
        `"${found.column}" of ${listed}${rows.length > 8 ? ` and ${rows.length - 8} more` : ''}: more than ${describeDays(rule.quantity.value)} before the audit date (${isoOf(Date.parse(auditDate))}), with the items still in force.`,
    rootCause: `The reviews ${rule.segment.document} requires are not tracked against their due dates in ${record.name}.`,
    remediationScope: `Review the overdue entries of ${record.name} now, record the dates, and have the register flag entries as their review falls due.`,
    remediationEffortHours: 2 + rows.length,
    severity: 'medium',
    confidence: 0.75,
    frameworks: [],
    quotes: [quoteOf(rule.segment), quoteOf(found.header), ...rows.slice(0, 3).map((r) => quoteOf(r.row))],
  };
}
