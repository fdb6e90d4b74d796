// conflict_check on a register's rows: an entry still in use whose insurance, certificate, licence
// or check has expired, where a normative statement requires that thing to be current ("keys are
// released only to a contractor whose public liability insurance is current"). The column is found
// by its header ("Public liability insurance expiry", "DBS valid until"), the rule by the thing the
// header names and a word of validity, never by a vocabulary of record kinds.
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { parseDateCell } from '../../analyst/dates';
import { isNormative } from '../../analyst/document-roles';
import { quoteOf, type Issue } from '../../analyst/issue';
import { escapeRegExp } from '../../text/normalize';
import { notesException, type RecordTable } from './record-table';

export const EXPIRED_ID = 'expired';

/** A column of the date something stops being valid: "Insurance expiry", "DBS valid until", "Licence expires". */
const EXPIRY_COLUMN = /\b(?:expir\w*|valid\s+(?:to|until|till|through)|lapses?)\b/i;
/**
 * A column of the date a certification or test falls due ("Thorough Exam. - Due", "Load test
 * due"): past it, the thing is out of date only where a rule says so of its due date ("No hoist
 * shall be used after its examination due date", "shall not be used once its calibration is
 * overdue").
 */
const DUE_COLUMN = /\bdue\b/i;
const PAST_DUE_RULE =
  /\b(?:after|past|beyond)\s+(?:its|the|their)\s+(?:[\w-]+\s+){0,3}due\s+date\b|\bdue\s+date\s+has\s+passed\b|\bonce\s+(?:[\w-]+\s+){0,2}(?:is|becomes|falls)\s+overdue\b|\bwhose\s+(?:[\w-]+\s+){0,3}(?:has|have|is|are)\s+(?:lapsed|expired|overdue)\b/i;
/** Words of an expiry header that do not name the thing that expires. */
const EXPIRY_WORDS =
  /\b(?:expir\w*|valid|to|until|till|through|lapses?|date|on|of|the|dd\/mm\/yyyy|mm\/dd\/yyyy)\b/gi;
const STATUS_COLUMN = /\b(?:status|state)\b/i;
/** A row still in use: its status says so. */
const IN_USE =
  /^(?:active|approved|current|live|enabled|in use|open|engaged|in service|in operation|operational|on charter)\b/i;
/**
 * The thing must be current: "is current on the day of release", "valid", "in force", "has not
 * expired", "no seafarer shall serve ... after the expiry of a required certificate".
 */
const VALID =
  /\b(?:current|valid|in date|in force|unexpired|up to date|not (?:have )?(?:expired|lapsed)|has not (?:expired|lapsed))\b|\bno\b[^.;]{0,60}\bwith an? (?:expired|lapsed)\b|\b(?:after|past|beyond) (?:the )?(?:expiry|expiration|lapse)\b/i;
/** A column naming what the register's expiry dates are of, where the expiry header does not ("Certificate / Policy"). */
const THING_COLUMN = /\b(certificate|licen[cs]e|insurance|policy|permit|registration|accreditation|visa)\b/i;
const BINDS = /\b(?:must|shall|only|required|may not|will not|cannot|no)\b/i;

interface ExpiryColumn {
  index: number;
  /** What expires, as the header names it ("Public liability insurance"). */
  thing: string;
  /** The header's last word naming it ("insurance"), which the rule must name too. */
  noun: string;
  /** Abbreviated in the header ("Exam."): the rule may write it in full ("examination"). */
  abbreviated: boolean;
  /** A due date, not an expiry date: only a rule about its due date makes it binding. */
  due: boolean;
}

function expiryColumns(table: RecordTable): ExpiryColumn[] {
  return table.columns.flatMap((name, index) => {
    const expiry = EXPIRY_COLUMN.test(name);
    const due = !expiry && DUE_COLUMN.test(name);
    if (!expiry && !due) return [];
    // "Recurrent Due (End of Month)": a note in brackets names nothing that expires.
    const thing = name
      .replace(/\([^)]*\)/g, ' ')
      .replace(EXPIRY_WORDS, ' ')
      .replace(/\bdue\b/gi, ' ')
      .replace(/[^A-Za-z' -]+/g, ' ')
      .replace(/\s+/g, ' ')
      .replace(/[\s-]+$/, '')
      .trim();
    const noun = thing.split(' ').at(-1) ?? '';
    const abbreviated = new RegExp(`\\b${escapeRegExp(noun)}\\.`).test(name);
    if (noun.length >= 3) return [{ index, thing, noun, abbreviated, due }];
    if (due) return [];
    // "Expiry date" beside "Certificate / Policy": the other column says what expires.
    const named = table.columns.map((c) => THING_COLUMN.exec(c)?.[1]).find(Boolean);
    return named ? [{ index, thing: named, noun: named, abbreviated: false, due }] : [];
  });
}

/** A sentence of a normative document requiring the thing to be current. */
function validityRule(analysis: CorpusAnalysis, column: ExpiryColumn): LocatedSegment | null {
  const named = new RegExp(`\\b${escapeRegExp(column.noun)}${column.abbreviated ? '\\w*' : 's?\\b'}`, 'i');
  const valid = column.due ? PAST_DUE_RULE : VALID;
  for (const doc of analysis.documents) {
    if (!isNormative(doc.role)) continue;
    for (const segment of doc.segments) {
      if (segment.text.length > 700 || !named.test(segment.text)) continue;
      const sentences = segment.text.split(/(?<=[.;])\s+/);
      if (sentences.some((s) => named.test(s) && valid.test(s) && BINDS.test(s))) return segment;
    }
  }
  return null;
}

interface ExpiredRow {
  segment: LocatedSegment;
  id: string;
  expired: string;
  /** Who or what the entry is, as the row names it ("Jerome Thomas, AGT-1187"). */
  named: string;
}

/**
 * Columns that say whose entry it is and which certificate: "Name", "Operator", "Certificate No.",
 * "Licence number".
 */
const NAMING_COLUMN =
  /^(?:(?:full |holder |employee |staff )?name|holder|employee|operator|worker|driver|technician|pilot|trainee|staff member)$|\b(?:certificate|cert|licen[cs]e|permit|registration)\s*(?:no\.?|number|#)/i;

/** Rows in use (by their status, where the register has one) whose expiry date is before the audit date. */
function expiredRows(
  table: RecordTable,
  column: ExpiryColumn,
  auditDate: string,
  visible?: Set<LocatedSegment>,
): ExpiredRow[] {
  const status = table.columns.findIndex((c) => STATUS_COLUMN.test(c));
  const naming = table.columns.flatMap((c, i) => (NAMING_COLUMN.test(c.trim()) && i > 0 ? [i] : []));
  return table.rows.flatMap((row) => {
    if (visible && !visible.has(row.segment)) return [];
    if (status >= 0 && !IN_USE.test(row.cells[status] ?? '')) return [];
    if (notesException(row.cells)) return [];
    const date = parseDateCell(row.cells[column.index] ?? '', table.dateOrder);
    if (!date || date.iso >= auditDate) return [];
    const named = naming
      .map((i) => (row.cells[i] ?? '').trim())
      .filter(Boolean)
      .join(', ');
    // As the register writes it, with the date read from it where the two differ ("14/08/2026,
    // read as 2026-08-14").
    const written = (row.cells[column.index] ?? '').trim();
    const expired = written === date.iso ? date.iso : `${written}, read as ${date.iso}`;
    return [{ segment: row.segment, id: row.cells[0] ?? '', expired, named }];
  });
}

/** Entries of a register in use past the expiry of what a rule requires to be current. */
export function expiredRowsIssue(
  analysis: CorpusAnalysis,
  doc: AnalyzedDocument,
  table: RecordTable,
  subject: string,
  visible?: Set<LocatedSegment>,
): Issue | null {
  for (const column of expiryColumns(table)) {
    const rows = expiredRows(table, column, analysis.auditDate, visible);
    if (rows.length === 0) continue;
    const rule = validityRule(analysis, column);
    if (!rule) continue;
    const ids = rows.map((r) => r.id).slice(0, 6);
    const header = table.columns[column.index]!;
    return {
      primitive: 'conflict_check',
      subject,
      aspects: [subject],
      title: `${doc.name}: ${rows.length} ${rows.length === 1 ? 'entry' : 'entries'} in use with ${column.thing.toLowerCase()} ${column.due ? 'past its due date' : 'expired'} (${ids.join(', ')}), against ${rule.document}`,
      description:
        `${rule.document} requires the ${column.thing.toLowerCase()} to be current ("${rule.text.slice(0, 200)}"), but ${doc.name} records ` +
        rows
          .slice(0, 6)
          .map((r) => `${r.id} (${r.named ? `${r.named}; ` : ''}${header} ${r.expired})`)
          .join(', ') +
        ` as still in use on ${analysis.auditDate}: the ${column.noun.toLowerCase()} has expired and the entry was not suspended.`,
      rootCause: `Expiry dates in ${doc.name} are recorded but not monitored; nothing suspends an entry when its ${column.noun.toLowerCase()} lapses.`,
      remediationScope: `Suspend ${ids.join(', ')} until a current ${column.thing.toLowerCase()} is on file, check what was done under the lapsed one, and add an expiry alert to the register.`,
      remediationEffortHours: 2 * rows.length + 2,
      severity: 'high',
      confidence: 0.8,
      frameworks: [],
      quotes: [quoteOf(rule), quoteOf(table.header), ...rows.slice(0, 4).map((r) => quoteOf(r.segment))],
    };
  }
  return null;
}
