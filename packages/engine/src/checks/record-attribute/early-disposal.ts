// conflict_check on a register's rows: records destroyed before the end of the period a normative
// statement keeps them for after an event ("training records are retained for five (5) years after
// separation"). The register has a date column for the event ("Separation Date") and one for the
// disposal ("Disposition Date", "Date destroyed"); a row disposed of sooner after its event than
// the period breaks the rule. The rule is chosen by the event's words in a column header and the
// kind of record it names in the register's name, never by a vocabulary of record kinds.
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { DAY_MS, parseDateCell } from '../../analyst/dates';
import { isNormative } from '../../analyst/document-roles';
import { quoteOf, type Issue } from '../../analyst/issue';
import { extractTimeQuantities } from '../../analyst/quantities';
import { withinRevisionHistory } from '../../analyst/revision-history';
import { tokenize } from '../../text/normalize';
import { describeDatedRows, meet, type DatedRow } from './event-deadlines';
import { notesException, type RecordTable } from './record-table';

export const EARLY_DISPOSAL_ID = 'early-disposal';

/** A statement that keeps records: "retained", "kept", "held", "preserved". */
const RETAIN = /\b(?:retain\w*|retention|kept|keep|held|hold|preserv\w*|stored?)\b/i;
/** "after separation", "following the end of the contract", "from the date of closure". */
const EVENT_AFTER =
  /^\s*(?:\([^)]*\)\s*)?(?:after|from|following|beyond)\s+(?:the\s+)?((?:(?!\b(?:and|or|unless|except|where|when|whichever|whereupon)\b)[^,.;:(])+)/i;
/** A column of the date records were disposed of. */
const DISPOSAL_DATE = /\b(?:destr\w*|dispos\w*|delet\w*|purg\w*|shred\w*|eras\w*)\b/i;
/** A row's disposal that ended the record (not a transfer to an archive). */
const DESTROYED = /\b(?:destroy\w*|shredd?\w*|delet\w*|purg\w*|eras\w*|pulped|incinerat\w*|disposed)\b/i;
const DISPOSAL_COLUMN = /\b(?:disposition|disposal|destruction)\b/i;
const STATUS_COLUMN = /\b(?:status|action|outcome)\b/i;
/** Word stems that name no kind of record (compared with `stems`, so stemmed the same way). */
const GENERIC = new Set(
  tokenize('record records register log logs file files data document documents date day'),
);

interface RetentionRule {
  segment: LocatedSegment;
  days: number;
  phrase: string;
  /** Word stems of the event the period runs from ("separation", "pilot's separation date"). */
  event: string[];
  /** Word stems of the clause before the period: which records are kept. */
  records: string[];
}

const stems = (text: string) => [...new Set(tokenize(text).filter((t) => !/\d/.test(t)))];

const ruleCache = new WeakMap<CorpusAnalysis, RetentionRule[]>();

/** Periods records are kept for after an event, in normative documents (cached per corpus). */
function retentionRules(analysis: CorpusAnalysis): RetentionRule[] {
  const cached = ruleCache.get(analysis);
  if (cached) return cached;
  const rules: RetentionRule[] = [];
  for (const doc of analysis.documents) {
    if (!isNormative(doc.role)) continue;
    for (const segment of doc.segments) {
      if (!RETAIN.test(segment.text) || withinRevisionHistory(doc, segment.start)) continue;
      for (const q of extractTimeQuantities(segment.text)) {
        // A retention period is a floor, whether written "at least" or plainly; a month or more.
        if (q.kind !== 'duration' || q.bound === 'max' || q.value < 28) continue;
        const after = segment.text.slice(q.index + q.phrase.length).match(EVENT_AFTER);
        const before = segment.text.slice(0, q.index);
        if (!after || !RETAIN.test(before)) continue;
        const event = stems(after[1]!).filter((w) => !GENERIC.has(w));
        const records = stems(before.split(/[.;:]\s/).at(-1)!).filter((w) => !GENERIC.has(w));
        if (event.length === 0) continue;
        rules.push({ segment, days: q.value, phrase: q.phrase, event, records });
      }
    }
  }
  ruleCache.set(analysis, rules);
  return rules;
}

/** The register's date column of the event, and of the disposal, for one rule. */
function columnsFor(rule: RetentionRule, table: RecordTable): { event: number; disposal: number } | null {
  const disposal = table.columns.findIndex((c) => DISPOSAL_DATE.test(c) && /\bdate|\bon\b|\bwhen\b/i.test(c));
  if (disposal < 0) return null;
  const event = table.columns.findIndex(
    (c, i) =>
      i !== disposal && /\bdate\b/i.test(c) && stems(c).some((h) => rule.event.some((w) => meet(w, h))),
  );
  return event < 0 ? null : { event, disposal };
}

/** The rule about the register's kind of record: a word of the records it keeps in the register's name or title. */
function aboutRegister(rule: RetentionRule, doc: AnalyzedDocument): boolean {
  const named = stems(`${doc.name.replace(/\.[a-z0-9]+$/i, '').replace(/[-_]+/g, ' ')} ${doc.title}`).filter(
    (w) => !GENERIC.has(w),
  );
  return rule.records.some((w) => named.some((n) => meet(w, n)));
}

function earlyRows(
  rule: RetentionRule,
  table: RecordTable,
  columns: { event: number; disposal: number },
  visible?: Set<LocatedSegment>,
): DatedRow[] {
  // The row's own disposal status, where the register has one ("Disposition: Destroyed"): a
  // column of the disposal, or a status column where some row says a record was destroyed.
  const others = table.columns.map((c, i) => ({ c, i })).filter(({ i }) => i !== columns.disposal);
  const status =
    (
      others.find(({ c }) => DISPOSAL_COLUMN.test(c) && !/\b(?:date|by)\b/i.test(c)) ??
      others.find(
        ({ c, i }) => STATUS_COLUMN.test(c) && table.rows.some((r) => DESTROYED.test(r.cells[i] ?? '')),
      )
    )?.i ?? -1;
  const out: DatedRow[] = [];
  for (const row of table.rows) {
    if (visible && !visible.has(row.segment)) continue;
    if (notesException(row.cells)) continue;
    if (status >= 0 && !DESTROYED.test(row.cells[status] ?? '')) continue;
    const start = parseDateCell(row.cells[columns.event] ?? '', table.dateOrder);
    const end = parseDateCell(row.cells[columns.disposal] ?? '', table.dateOrder);
    if (!start || !end) continue;
    const days = Math.round((end.time - start.time) / DAY_MS);
    // Dates are whole days: a day's slack for how the period is counted.
    if (days >= 0 && days < rule.days - 1)
      out.push({ segment: row.segment, id: row.cells[0] ?? '', start, end, days });
  }
  return out;
}

/** Rows of a register destroyed sooner after their event than a normative retention period allows. */
export function earlyDisposalIssue(
  analysis: CorpusAnalysis,
  doc: AnalyzedDocument,
  table: RecordTable,
  subject: string,
  visible?: Set<LocatedSegment>,
): Issue | null {
  for (const rule of retentionRules(analysis)) {
    if (!aboutRegister(rule, doc)) continue;
    const columns = columnsFor(rule, table);
    if (!columns) continue;
    const early = earlyRows(rule, table, columns, visible);
    if (early.length === 0) continue;
    const eventName = table.columns[columns.event]!;
    const disposalName = table.columns[columns.disposal]!;
    const ids = early.slice(0, 4).map((r) => r.id);
    const rows = describeDatedRows(early, eventName, disposalName);
    return {
      primitive: 'conflict_check',
      subject,
      aspects: [subject],
      title: `${doc.name}: ${early.length} record${early.length === 1 ? '' : 's'} (${ids.join(', ')}) destroyed less than ${rule.phrase} after "${eventName}", against ${rule.segment.document}`,
      description:
        `${rule.segment.document} keeps these records for ${rule.phrase} after the event ("${rule.segment.text.slice(0, 200)}"), ` +
        `but ${doc.name} shows ${rows}. The records were destroyed before their retention period ended, and no exception is recorded.`,
      rootCause: `Disposal is not checked against the retention period of ${rule.segment.document} and the event it runs from.`,
      remediationScope: `Establish what was lost for ${ids.join(', ')} and whether it can be reconstructed, report the early destruction, and check each disposal list against the retention schedule before destruction.`,
      remediationEffortHours: 2 * early.length + 4,
      severity: 'high',
      confidence: 0.8,
      frameworks: [],
      quotes: [
        quoteOf(rule.segment),
        quoteOf(table.header),
        ...early.slice(0, 3).map((r) => quoteOf(r.segment)),
      ],
    };
  }
  return null;
}
