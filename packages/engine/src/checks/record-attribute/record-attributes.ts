// conflict_check against tabular evidence: a normative document requires an instrument or a
// control (a signed BAA, MFA, completed training) and a record (an inventory, a roster) has rows
// where that column says it is absent. A condition column (handles PHI, in scope) limits the rows
// that count.
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { DAY_MS, parseDateCell, type FoundDate } from '../../analyst/dates';
import { isNormative } from '../../analyst/document-roles';
import { quoteOf, type Issue } from '../../analyst/issue';
import { describeDays, extractTimeQuantities } from '../../analyst/quantities';
import { escapeRegExp, stem, tokenize } from '../../text/normalize';
import { allowsNoException } from '../../analyst/exceptions';
import { eventDeadlineIssue } from './event-deadlines';
import { EARLY_DISPOSAL_ID, earlyDisposalIssue } from './early-disposal';
import { EXPIRED_ID, expiredRowsIssue } from './expired-rows';
import {
  FLAG_ATTRIBUTE_PREFIX,
  NOT_IN_PLACE,
  flagColumnAttributes,
  ruleConditionColumn,
} from './flag-columns';
import { FORM_FIELD_ATTRIBUTES, isForm, offField } from './form-fields';
import { notesException, type RecordTable } from './record-table';

export interface RecordAttribute {
  id: string;
  label: string;
  header: RegExp;
  required: RegExp;
  /**
   * Words records and rules write the control with ("encrypted", "MFA enabled"), for the question's
   * retrieval query when the label alone ("encryption") would match nothing.
   */
  query?: string;
}

export const RECORD_ATTRIBUTES: RecordAttribute[] = [
  {
    id: 'baa',
    label: 'Business Associate Agreement',
    header: /\bbaa\b|business.?associate/i,
    required: /\b(business associate agreements?|BAAs?)\b/i,
  },
  {
    id: 'dpa',
    label: 'data processing agreement',
    header: /\bdpa\b|data.?processing.?agreement/i,
    required: /\b(data processing agreements?|DPAs?)\b/i,
  },
  {
    id: 'nda',
    label: 'non-disclosure agreement',
    header: /\bnda\b|non.?disclosure/i,
    required: /\b(non-?disclosure agreements?|NDAs?)\b/i,
  },
  {
    id: 'mfa',
    label: 'multi-factor authentication',
    header: /\bmfa\b|\b2fa\b|multi.?factor/i,
    required: /\b(multi-?factor|MFA|2FA)\b/i,
    query: 'MFA multi-factor two-factor enabled enforced',
  },
  {
    id: 'encryption',
    label: 'encryption',
    header: /encrypt/i,
    required: /\bencrypt\w*/i,
    query: 'encrypted encrypt AES enabled',
  },
  {
    id: 'training',
    label: 'security awareness training',
    header: /training|awareness/i,
    required: /\b(training|awareness)\b/i,
    query: 'training trained completed course',
  },
  {
    id: 'change_approval',
    label: 'change approval',
    header: /approv/i,
    required:
      /\bchanges?\b[^.]{0,80}\b(must|shall) be (?:reviewed and )?approved\b|\bapprov\w* (?:before|prior to)\b[^.]{0,40}\b(deploy\w*|implement\w*|production)\b/i,
  },
  {
    id: 'background_check',
    label: 'background check',
    header: /background/i,
    required: /\bbackground (?:checks?|screening)\b/i,
    query: 'background check screening vetting',
  },
];

/**
 * A cell saying the instrument or control is not there: "No", "Pending", "Not enforced", "Disabled",
 * alone or with a remark after a dash, colon or bracket ("Pending - redlines with vendor legal").
 */
const ABSENT =
  /^(?:(?:no|n|false|none|missing|not signed|unsigned|not done|not completed|expired|pending|0|not (?:enforced|enabled|enrolled|configured|active)|disabled|off)(?:\s*[-–—:;,(].*)?|-|)$/i;
const PRESENT = /^(yes|y|true|signed|done|completed|1)$/i;
const CONDITION = /handles?.?(phi|pii|personal)|\bphi\b|personal.?data|in.?scope|processes?.?(phi|personal)/i;
const OBLIGATION = /\b(must|shall|required|are required to|is required|mandatory|compulsory)\b/i;
/** "enrols the user in MFA where required": the statement defers to a rule stated elsewhere. */
const DEFERRING = /\b(?:where|when|if|as)\s+(?:so\s+)?required\b/gi;
/** "no DPA required", "MFA is not required for kiosk accounts": the statement waives the instrument. */
const NOT_REQUIRED = /\b(?:no|not)\b[^.;]{0,40}\brequired\b/i;

type Table = RecordTable;

/**
 * Index of a table's header among its rows: exports often open with title or "generated on"
 * rows that fill only a cell or two, so the header is the first row filling nearly as many cells
 * as the fullest row. A title merged across the sheet repeats one text in every cell: it fills one.
 */
export function headerIndex(rows: string[][]): number {
  const filled = rows.map((cells) => new Set(cells.filter((c) => c.length > 0)).size);
  const widest = Math.max(0, ...filled);
  const found = filled.findIndex((n) => n >= Math.max(2, widest * 0.8));
  return found < 0 ? 0 : found;
}

/** Cells of a rendered table row; empty cells render as "a | | b", so split on every bar. */
export function splitRow(s: LocatedSegment): string[] {
  return s.text
    .replace(/^\s*\|/, '')
    .replace(/\|\s*$/, '')
    .split('|')
    .map((c) => c.trim());
}

export function tableOf(doc: AnalyzedDocument): Table | null {
  const all = doc.segments.filter((s) => s.text.includes(' | '));
  const lines = all.slice(headerIndex(all.map(splitRow)));
  if (lines.length < 2) return null;
  const split = splitRow;
  const header = lines[0]!;
  return {
    header,
    dateOrder: doc.dateOrder,
    columns: split(header).map((c) => c.replace(/_/g, ' ')),
    rows: lines.slice(1).map((segment) => ({ segment, cells: split(segment) })),
  };
}

const requirementCache = new WeakMap<CorpusAnalysis, Map<string, LocatedSegment | null>>();

/** The first normative statement requiring the attribute (cached per corpus). */
function requirementFor(analysis: CorpusAnalysis, attribute: RecordAttribute): LocatedSegment | null {
  let cache = requirementCache.get(analysis);
  if (!cache) requirementCache.set(analysis, (cache = new Map()));
  if (!cache.has(attribute.id)) {
    const stating = analysis.documents
      .filter((d) => isNormative(d.role) || d.role === 'other')
      .flatMap((d) => d.segments)
      .filter(
        (s) =>
          attribute.required.test(s.text) &&
          OBLIGATION.test(s.text.replace(DEFERRING, ' ')) &&
          !NOT_REQUIRED.test(s.text),
      );
    // The rule itself names the control before its obligation ("Multi-factor authentication is
    // required for all remote access"); a step that mentions it in passing comes second.
    const ruleFirst = new RegExp(`${attribute.required.source}[^.;]{0,80}${OBLIGATION.source}`, 'i');
    const found = stating.find((s) => ruleFirst.test(s.text.replace(DEFERRING, ' '))) ?? stating[0];
    cache.set(attribute.id, found ?? null);
  }
  return cache.get(attribute.id) ?? null;
}

/**
 * Whether a normative statement of the attribute allows no exception to it, in its own sentence or
 * the next ("MFA is required for ... The requirements in this paragraph may not be waived by exception.").
 */
function forbidsExceptions(analysis: CorpusAnalysis, attribute: RecordAttribute): boolean {
  let cache = forbiddenCache.get(analysis);
  if (!cache) forbiddenCache.set(analysis, (cache = new Map()));
  let forbidden = cache.get(attribute.id);
  if (forbidden === undefined) {
    forbidden = analysis.documents
      .filter((d) => isNormative(d.role))
      .some((d) => d.segments.some((s, i) => attribute.required.test(s.text) && allowsNoException(d, i)));
    cache.set(attribute.id, forbidden);
  }
  return forbidden;
}

const forbiddenCache = new WeakMap<CorpusAnalysis, Map<string, boolean>>();

/** "are excluded from MFA", "exempt from encryption", "MFA is not required for ...". */
const EXCLUDED = /\b(?:exclud\w*|exempt\w*)\s+from\b|\bnot\s+(?:be\s+)?required\s+(?:for|on)\b/i;

/**
 * A cell that says why the control is off ("No (break-glass)", "No - kiosk account") where a
 * normative paragraph excludes that kind of entry from the control ("two break-glass accounts. They
 * are excluded from MFA"): the row follows the rule's own exclusion.
 */
function excludedByRule(analysis: CorpusAnalysis, attribute: RecordAttribute, cell: string): boolean {
  const remark = cell.replace(/^\s*\w+\s*[-\u2013\u2014:;,(]?/, '').toLowerCase();
  const words = remark.match(/[a-z][a-z-]{3,}/g) ?? [];
  return words.length > 0 && exclusionsOf(analysis, attribute).some((p) => words.some((w) => p.includes(w)));
}

const exclusionCache = new WeakMap<CorpusAnalysis, Map<string, string[]>>();

/** The normative paragraphs (lower case) that exclude something from the attribute, once per corpus. */
function exclusionsOf(analysis: CorpusAnalysis, attribute: RecordAttribute): string[] {
  let cache = exclusionCache.get(analysis);
  if (!cache) exclusionCache.set(analysis, (cache = new Map()));
  let paragraphs = cache.get(attribute.id);
  if (!paragraphs) {
    paragraphs = analysis.documents
      .filter((d) => isNormative(d.role))
      .flatMap((d) => d.text.split(/\n\s*\n/))
      .filter((p) => EXCLUDED.test(p) && attribute.required.test(p))
      .map((p) => p.toLowerCase());
    cache.set(attribute.id, paragraphs);
  }
  return paragraphs;
}

export function recordAttributeSubject(document: string, attributeId: string): string {
  return `record-attribute:${document}:${attributeId}`;
}

export function recordAttributeIssues(
  analysis: CorpusAnalysis,
  doc: AnalyzedDocument,
  visible?: Set<LocatedSegment>,
  onlyId?: string,
): Issue[] {
  // A filled-in form the document roles do not place (a text export named "...-Form") is a record too.
  const form = isForm(doc) && (doc.role === 'evidence' || doc.role === 'other');
  if (doc.role !== 'evidence' && !form) return [];
  const forms = form ? formFieldIssues(analysis, doc, visible, onlyId) : [];
  if (doc.role !== 'evidence') return forms;
  const table = tableOf(doc);
  if (!table) return forms;
  const wants = (id: string) => onlyId === undefined || onlyId === id;
  const rowChecks = [
    wants(DEADLINE_ID)
      ? (lateRowsIssue(analysis, doc, table, visible) ??
        eventDeadlineIssue(analysis, doc, table, recordAttributeSubject(doc.name, DEADLINE_ID), visible))
      : null,
    wants(SELF_APPROVAL_ID) ? selfApprovalIssue(analysis, doc, table, visible) : null,
    wants(DEPARTED_ID) ? departedAccessIssue(analysis, doc, table, visible) : null,
    wants(EXPIRED_ID)
      ? expiredRowsIssue(analysis, doc, table, recordAttributeSubject(doc.name, EXPIRED_ID), visible)
      : null,
    wants(EARLY_DISPOSAL_ID)
      ? earlyDisposalIssue(analysis, doc, table, recordAttributeSubject(doc.name, EARLY_DISPOSAL_ID), visible)
      : null,
  ].filter((i): i is Issue => i !== null);
  if (onlyId !== undefined && ROW_CHECK_IDS.has(onlyId)) return rowChecks;
  const rows =
    visible && !visible.has(table.header)
      ? rowChecks
      : [...rowChecks, ...presenceIssues(analysis, doc, table, visible, onlyId)];
  return [...rows, ...forms.filter((f) => !rows.some((r) => r.subject === f.subject))];
}

/** A form's fields that switch off a control the policies require (see ./form-fields.ts). */
function formFieldIssues(
  analysis: CorpusAnalysis,
  doc: AnalyzedDocument,
  visible: Set<LocatedSegment> | undefined,
  onlyId: string | undefined,
): Issue[] {
  const issues: Issue[] = [];
  for (const attribute of RECORD_ATTRIBUTES) {
    if (!FORM_FIELD_ATTRIBUTES.has(attribute.id) || (onlyId && attribute.id !== onlyId)) continue;
    const field = offField(doc, attribute.header);
    if (!field || (visible && !visible.has(field.segment))) continue;
    const requirement = requirementFor(analysis, attribute);
    if (!requirement) continue;
    const subject = recordAttributeSubject(doc.name, attribute.id);
    issues.push({
      primitive: 'conflict_check',
      subject,
      aspects: [subject, `instrument:${attribute.id}`],
      title: `${doc.name}: the form records ${attribute.label} as off, which ${requirement.document} requires`,
      description:
        `${requirement.document} requires ${attribute.label} ("${requirement.text.slice(0, 160)}"), but the form ${doc.name} records ` +
        `"${field.text.slice(0, 160)}": what it authorised went ahead without it.`,
      rootCause: `The ${attribute.label} required by ${requirement.document} is not a condition the form's approval checks; the form shows the gap and was approved anyway.`,
      remediationScope: `Enable ${attribute.label} for what ${doc.name} authorised, confirm it on the form, and make the field a condition of approval.`,
      remediationEffortHours: 3,
      severity: 'high',
      confidence: 0.8,
      frameworks: [],
      quotes: [quoteOf(requirement), quoteOf(field.segment)],
    });
  }
  return issues;
}

/**
 * Columns that name a row's subject: whose it is (a holder, a name) first, else the left-most of the
 * things a row may be about ("PAR-26Q3-12 (Mark D. Harrell, ...)", not its system's name).
 */
const NAME_COLUMNS = [
  /\b(name|holder)\b/i,
  /\b(vendor|supplier|application|system|product|service|provider|processor)\b/i,
];

/**
 * How a finding names a row: its first cell, with the name of what it is about when another column
 * holds it ("APP-004 (ClassQuest)"), since a reader knows the vendor, not the register's row id.
 */
function rowLabel(table: Table, cells: string[]): string {
  const id = cells[0] ?? '';
  const column =
    NAME_COLUMNS.map((pattern) => table.columns.findIndex((c, i) => i > 0 && pattern.test(c))).find(
      (i) => i > 0,
    ) ?? -1;
  const name = column > 0 ? (cells[column] ?? '').trim() : '';
  return name && name !== id && name.length <= 60 ? `${id} (${name})` : id;
}

function presenceIssues(
  analysis: CorpusAnalysis,
  doc: AnalyzedDocument,
  table: Table,
  visible: Set<LocatedSegment> | undefined,
  onlyId: string | undefined,
): Issue[] {
  const condition = table.columns.findIndex((c) => CONDITION.test(c));
  const exception = exceptionColumnOf(table.columns);
  // A row of another shape (a sign-off sheet's "Quarter | Q3 2026" under the accounts) is no record.
  const record = (row: Table['rows'][number]) => row.cells.length >= Math.ceil(table.columns.length * 0.6);
  const issues: Issue[] = [];
  for (const attribute of [...RECORD_ATTRIBUTES, ...flagColumnAttributes(table, RECORD_ATTRIBUTES)]) {
    if (onlyId && attribute.id !== onlyId) continue;
    let column = table.columns.findIndex((c) => attribute.header.test(c));
    // A record named for the attribute ("Training-Completion-2024.csv") with a status column.
    if (column < 0 && attribute.header.test(`${doc.name.replace(/[-_.]+/g, ' ')} ${doc.title}`))
      column = table.columns.findIndex((c) => /complet|status|done|signed|passed|enabled/i.test(c));
    if (column < 0 || column === condition) continue;
    const requirement = requirementFor(analysis, attribute);
    if (!requirement) continue;
    // A column the register names for itself is bound by what its rule names as the rule's scope.
    const derived = attribute.id.startsWith(FLAG_ATTRIBUTE_PREFIX);
    const scope = derived ? ruleConditionColumn(table, requirement.text, column) : condition;
    if (scope === null) continue;
    const absent = (cell: string) => ABSENT.test(cell) || (derived && NOT_IN_PLACE.test(cell));
    const offending = table.rows.filter(
      (row) =>
        (!visible || visible.has(row.segment)) &&
        record(row) &&
        absent(row.cells[column] ?? '') &&
        (scope < 0 || PRESENT.test(row.cells[scope] ?? '')) &&
        // A row whose exception is recorded ("EX-2026-031") is excused, unless the rule allows none.
        (!hasException(row.cells, exception) || forbidsExceptions(analysis, attribute)) &&
        !excludedByRule(analysis, attribute, row.cells[column] ?? ''),
    );
    if (offending.length === 0) continue;
    const names = offending.map((r) => rowLabel(table, r.cells)).slice(0, 5);
    const although = scope >= 0 ? ` although "${table.columns[scope]}" is yes` : '';
    const article = /^[aeiou]/i.test(attribute.label) ? 'an' : 'a';
    issues.push({
      primitive: 'conflict_check',
      subject: recordAttributeSubject(doc.name, attribute.id),
      aspects: [recordAttributeSubject(doc.name, attribute.id), `instrument:${attribute.id}`],
      title: `${doc.name}: ${offending.length} record${offending.length === 1 ? '' : 's'} without the ${attribute.label} that ${requirement.document} requires`,
      description:
        `${requirement.document} requires ${article} ${attribute.label} ("${requirement.text.slice(0, 160)}"), but ${doc.name} records ` +
        `"${table.columns[column]}" as "${offending[0]!.cells[column] || '(empty)'}" for ${names.join(', ')}${although}.`,
      rootCause: `The ${attribute.label} required by ${requirement.document} is not enforced as a precondition; ${doc.name} shows the gap but nobody acted on it.`,
      remediationScope: `Obtain the ${attribute.label} for ${names.join(', ')}, and make it a gate before access or data is granted.`,
      remediationEffortHours: 4 * offending.length,
      severity: 'high',
      confidence: 0.85,
      frameworks: attribute.id === 'baa' ? ['HIPAA'] : [],
      quotes: [
        quoteOf(requirement),
        quoteOf(table.header),
        ...offending.slice(0, 3).map((r) => quoteOf(r.segment)),
      ],
    });
  }
  return issues;
}

export function findRecordAttributeGaps(analysis: CorpusAnalysis): Issue[] {
  return analysis.documents.flatMap((doc) => recordAttributeIssues(analysis, doc));
}

const wholeCache = new WeakMap<CorpusAnalysis, Map<string, Issue[]>>();

/**
 * One attribute's issues on a whole register, every row seen (cached per corpus: each verdict on the
 * register asks for them again, to request the rows its retrieval missed).
 */
export function wholeRegisterIssues(
  analysis: CorpusAnalysis,
  doc: AnalyzedDocument,
  attributeId: string,
): Issue[] {
  let cache = wholeCache.get(analysis);
  if (!cache) wholeCache.set(analysis, (cache = new Map()));
  const key = `${doc.name}:${attributeId}`;
  let issues = cache.get(key);
  if (!issues) cache.set(key, (issues = recordAttributeIssues(analysis, doc, undefined, attributeId)));
  return issues;
}

// ---------------------------------------------------------------------------------------------
// Deadlines in dated records: a tracker or log with a start date (found, opened, released,
// reported) and an end date (closed, remediated, patched, completed) per row, and a category
// (severity, priority, rating). A normative document states the longest time allowed for that
// category ("critical vulnerabilities are remediated within 30 days"); rows that took longer,
// with no exception or risk acceptance recorded, contradict it.

export const DEADLINE_ID = 'deadline';

const START_COLUMN =
  /\b(found|open\w*|raised|reported|detected|discovered|identified|logged|created|received|releas\w*|published|issued|requested|submitted|start\w*|notified|separat\w*|terminat\w*|leav\w*|left|exit\w*|depart\w*|offboard\w*|resign\w*|aware\w*|occurr\w*)\b/i;
const END_COLUMN =
  /\b(closed|clos\w*|resolv\w*|remediat\w*|patch\w*|appl(?:ied|y)|fix\w*|complet\w*|implement\w*|install\w*|mitigat\w*|deploy\w*|revok\w*|remov\w*|done|delivered|respon\w*|answered|finish\w*|disabl\w*|deactivat\w*|de-?provision\w*|suspend\w*|locked|blocked|retriev\w*|returned|collected|wiped|sanitis\w*|sanitiz\w*|destroy\w*)\b/i;
/** Date ranges that are terms, not work items: a contract's start and end, a validity period. */
const TERM_COLUMN =
  /\b(contract|agreement|term|expir\w*|renew\w*|valid\w*|next|due|planned|scheduled|birth|last|latest|most recent)\b/i;
const CATEGORY_COLUMN =
  /\b(severity|rating|priority|criticality|risk(?: level| rating)?|classification|class|category|level)\b/i;
const EXCEPTION_COLUMN =
  /^(ra|ra ref\w*|risk acceptance\w*|risk accept\w*|exception\w*|waiver\w*|deviation\w*|exemption\w*|extension\w*)\b|\b(ra|exception|waiver|deviation|exemption|risk acceptance) (ref\w*|id|no|number)\b/i;
const ROW_DEADLINE_COLUMN = /\b(deadline|sla|target|due|allowed)\b/i;
const DAYS_COLUMN = /\b(days?|age|elapsed|duration)\b/i;
/** A normative statement about closing, fixing or completing something in a time limit. */
const CLOSING_ACTION =
  /\b(remediat\w*|patch\w*|fix\w*|resolv\w*|clos\w*|correct\w*|appl(?:y|ied|ies)|install\w*|mitigat\w*|address\w*|deploy\w*|respond\w*|complet\w*|implement\w*|revok\w*|remov\w*)\b/i;
/** Statements about how long an exception may last are not the deadline itself. */
const NOT_THE_DEADLINE =
  /\b(risk[- ]accept\w*|exceptions?|waivers?|may not exceed|extension|escalat\w*|retain\w*|retention|kept for)\b/i;
/** Words of a record's name that say what kind of record it is, not what it is about. */
const RECORD_WORDS = new Set(
  [
    'log',
    'tracker',
    'register',
    'record',
    'report',
    'list',
    'sheet',
    'export',
    'csv',
    'date',
    'status',
    'owner',
    'notes',
    'note',
    'days',
    'name',
    'title',
    'source',
    'ticket',
    'asset',
    'site',
    'open',
    'closed',
    'compliance',
  ].map(stem),
);

interface Requirement {
  segment: LocatedSegment;
  days: number;
  phrase: string;
}

interface LateRow {
  segment: LocatedSegment;
  id: string;
  category: string;
  start: FoundDate | null;
  end: FoundDate | null;
  days: number;
  limit: Requirement;
}

function dateColumn(table: Table, header: RegExp, exclude = -1): number {
  return table.columns.findIndex((name, i) => {
    if (i === exclude || !header.test(name) || TERM_COLUMN.test(name)) return false;
    const filled = table.rows.map((r) => r.cells[i] ?? '').filter((c) => c.length > 0);
    const dated = filled.filter((c) => parseDateCell(c, table.dateOrder) !== null);
    return dated.length > 0 && dated.length >= filled.length * 0.6;
  });
}

/** Statements in normative documents, each with the header row of its table when it is a row. */
function normativeStatements(analysis: CorpusAnalysis): Array<{ segment: LocatedSegment; context: string }> {
  const out: Array<{ segment: LocatedSegment; context: string }> = [];
  for (const doc of analysis.documents) {
    const label = `${doc.name} ${doc.title}`;
    const normative =
      isNormative(doc.role) ||
      (doc.role === 'other' &&
        !/minutes|meeting|report|\blog\b|register|tracker|e-?mail|thread/i.test(label));
    if (!normative) continue;
    let header: string | null = null;
    for (const segment of doc.segments) {
      const row = segment.text.includes(' | ') || /^\|.*\|$/.test(segment.text);
      if (!row) header = null;
      else if (header === null) {
        header = segment.text;
        continue;
      }
      out.push({ segment, context: row ? `${header} ${segment.text}` : segment.text });
    }
  }
  return out;
}

/** The vocabulary that says what a record is about (its name, title and column names). */
function recordVocabulary(doc: AnalyzedDocument, table: Table): Set<string> {
  const words = tokenize(
    `${doc.name.replace(/\.[a-z0-9]+$/i, '').replace(/[-_.]+/g, ' ')} ${doc.title} ${table.columns.join(' ')}`,
  );
  return new Set(words.filter((w) => !/\d/.test(w) && !RECORD_WORDS.has(w)));
}

/**
 * The longest time normative documents allow for rows of one category: statements naming the
 * category next to a closing action and a duration, about the record's subject. When documents
 * disagree, the most often stated value wins (ties: the more lenient one).
 */
function deadlineFor(
  statements: Array<{ segment: LocatedSegment; context: string }>,
  category: string,
  vocabulary: Set<string>,
): Requirement | null {
  const word = new RegExp(`\\b${escapeRegExp(category)}\\b`, 'i');
  const found: Requirement[] = [];
  for (const { segment, context } of statements) {
    const text = segment.text;
    if (!word.test(text) || !CLOSING_ACTION.test(context) || NOT_THE_DEADLINE.test(text)) continue;
    if (!tokenize(context).some((t) => vocabulary.has(t))) continue;
    const anchor = text.search(word);
    const durations = extractTimeQuantities(text).filter((q) => q.kind === 'duration' && q.value >= 1);
    const nearest = durations.sort((a, b) => Math.abs(a.index - anchor) - Math.abs(b.index - anchor))[0];
    if (nearest && nearest.bound !== 'min')
      found.push({ segment, days: nearest.value, phrase: nearest.phrase });
  }
  if (found.length === 0) return null;
  const votes = new Map<number, Requirement[]>();
  for (const r of found) votes.set(r.days, [...(votes.get(r.days) ?? []), r]);
  const ranked = [...votes.values()].sort((a, b) => b.length - a.length || b[0]!.days - a[0]!.days);
  return ranked[0]![0]!;
}

/**
 * The deadline for a record without categories: duration facts of a concept whose subject words
 * name the record and whose action words name its end column (or the record), in normative
 * documents. The most often stated value wins (ties: the more lenient).
 */
function uncategorisedDeadline(
  analysis: CorpusAnalysis,
  doc: AnalyzedDocument,
  endColumn: string,
): Requirement | null {
  const label = `${doc.name.replace(/[-_.]+/g, ' ')} ${doc.title}`;
  const found: Requirement[] = [];
  for (const fact of analysis.facts) {
    const concept = fact.concept;
    if (concept.kind !== 'duration' || fact.quantity.value < 1 || fact.quantity.bound === 'min') continue;
    if (!isNormative(analysis.byName.get(fact.segment.document)?.role ?? 'other')) continue;
    if (!concept.subject.test(label) || (concept.action && !concept.action.test(`${endColumn} ${label}`)))
      continue;
    if (NOT_THE_DEADLINE.test(fact.segment.text)) continue;
    found.push({ segment: fact.segment, days: fact.quantity.value, phrase: fact.quantity.phrase });
  }
  if (found.length === 0) return null;
  const votes = new Map<number, Requirement[]>();
  for (const r of found) votes.set(r.days, [...(votes.get(r.days) ?? []), r]);
  return [...votes.values()].sort((a, b) => b.length - a.length || b[0]!.days - a[0]!.days)[0]![0]!;
}

/** The register's column of exception references ("Exception ref", "RA ID"), or -1. */
export function exceptionColumnOf(columns: string[]): number {
  return columns.findIndex((c) => EXCEPTION_COLUMN.test(c));
}

/** A row excused by a reference in the exception column or a note recording an exception. */
export function hasException(cells: string[], exceptionColumn: number): boolean {
  const value = exceptionColumn >= 0 ? (cells[exceptionColumn] ?? '') : '';
  if (value && !ABSENT.test(value) && !/^(n\/?a|tbd)$/i.test(value)) return true;
  return notesException(cells);
}

/** Rows of a dated record that took longer than the normative deadline for their category. */
function lateRows(
  analysis: CorpusAnalysis,
  doc: AnalyzedDocument,
  table: Table,
  visible?: Set<LocatedSegment>,
): LateRow[] {
  const start = dateColumn(table, START_COLUMN);
  const end = dateColumn(table, END_COLUMN, start);
  const category = table.columns.findIndex((c) => CATEGORY_COLUMN.test(c));
  if (start < 0 || end < 0) return [];
  // Without a category column, one deadline for the whole record: the time limit normative
  // documents state for the activity the record is named for (access removal, breach notice).
  const single = category < 0 ? uncategorisedDeadline(analysis, doc, table.columns[end]!) : null;
  if (category < 0 && !single) return [];
  const exception = exceptionColumnOf(table.columns);
  const rowDeadline = table.columns.findIndex((c) => ROW_DEADLINE_COLUMN.test(c));
  const daysColumn = table.columns.findIndex(
    (c, i) => i !== rowDeadline && DAYS_COLUMN.test(c) && !/date/i.test(c),
  );
  const statements = normativeStatements(analysis);
  const vocabulary = recordVocabulary(doc, table);
  const limits = new Map<string, Requirement | null>();
  const out: LateRow[] = [];
  for (const row of table.rows) {
    if (visible && !visible.has(row.segment)) continue;
    const value = category < 0 ? 'all' : (row.cells[category] ?? '').trim();
    if (!value || value.length > 20 || !/[a-z]/i.test(value)) continue;
    // A row with its own non-numeric deadline ("maintenance window") follows another regime.
    const own = rowDeadline >= 0 ? (row.cells[rowDeadline] ?? '').trim() : '';
    if (own && !/^\d+(\.\d+)?\s*(d|days?)?$/i.test(own)) continue;
    if (hasException(row.cells, exception)) continue;
    const key = value.toLowerCase();
    if (!limits.has(key)) limits.set(key, single ?? deadlineFor(statements, value, vocabulary));
    const limit = limits.get(key);
    if (!limit) continue;
    const opened = parseDateCell(row.cells[start] ?? '', table.dateOrder);
    const closed = parseDateCell(row.cells[end] ?? '', table.dateOrder);
    let days: number | null = null;
    if (opened && closed) days = Math.round((closed.time - opened.time) / DAY_MS);
    else if (opened && !closed && daysColumn >= 0 && /^\d+$/.test((row.cells[daysColumn] ?? '').trim()))
      days = Number(row.cells[daysColumn]); // still open: the age the record itself states
    if (days === null || days <= limit.days) continue;
    out.push({
      segment: row.segment,
      id: row.cells[0] ?? '',
      category: value,
      start: opened,
      end: closed,
      days,
      limit,
    });
  }
  return out;
}

function lateRowsIssue(
  analysis: CorpusAnalysis,
  doc: AnalyzedDocument,
  table: Table,
  visible?: Set<LocatedSegment>,
): Issue | null {
  const late = lateRows(analysis, doc, table, visible);
  if (late.length === 0) return null;
  const byCategory = new Map<string, LateRow[]>();
  for (const row of late) byCategory.set(row.category, [...(byCategory.get(row.category) ?? []), row]);
  const groups = [...byCategory.values()];
  const describeRow = (r: LateRow) =>
    `${r.id} (${r.start?.iso ?? '?'} to ${r.end?.iso ?? 'still open'}: ${r.days} days)`;
  const clauses = groups.map(
    (rows) =>
      `${rows[0]!.limit.segment.document} allows at most ${rows[0]!.limit.phrase.replace(/^(within|no later than|at most|up to)\s+/i, '')} for ${rows[0]!.category === 'all' ? 'these' : rows[0]!.category} items ` +
      `("${rows[0]!.limit.segment.text.slice(0, 160)}"), but ${doc.name} shows ${rows.map(describeRow).join(', ')}`,
  );
  const requirementDocs = [...new Set(groups.map((g) => g[0]!.limit.segment.document))];
  const first = groups[0]![0]!;
  const subject = recordAttributeSubject(doc.name, DEADLINE_ID);
  return {
    primitive: 'conflict_check',
    subject,
    aspects: [subject],
    title: `${doc.name}: ${late.length} ${first.category === 'all' ? '' : `${first.category} `}item${late.length === 1 ? '' : 's'} (${late
      .slice(0, 4)
      .map((r) => r.id)
      .join(', ')}) past the ${describeDays(first.limit.days)} deadline of ${first.limit.segment.document}`,
    description: `${clauses.join('; ')}. No exception or risk acceptance is recorded for these items, so the deadline (remediation, closure or completion time) was missed.`,
    rootCause: `The deadline stated in ${requirementDocs.join(' and ')} is not enforced: late items are neither escalated nor covered by a recorded exception or risk acceptance.`,
    remediationScope: `Review the late items in ${doc.name}, record risk acceptances or exceptions where the deadline cannot be met, and track deadlines before they pass.`,
    remediationEffortHours: 2 * late.length + 4,
    severity: 'high',
    confidence: 0.85,
    frameworks: [],
    quotes: [
      ...groups.map((g) => quoteOf(g[0]!.limit.segment)),
      quoteOf(table.header),
      ...late.slice(0, 4).map((r) => quoteOf(r.segment)),
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Segregation of duties in records: a register with a column naming who made or requested an
// item (author, requester, preparer, maker) and one naming who approved it (approver, authoriser,
// checker). A normative document requires the approver to be independent; rows where the same
// person holds both roles contradict it.

export const SELF_APPROVAL_ID = 'self_approval';

// An access review's "Name" column is the account holder's, whose access the reviewer keeps or
// removes: a reviewer who is the holder reviews their own access.
const MAKER_COLUMN =
  /^name$|\w*holder\b|\b(author\w*|request\w*|full name|user name|employee name|staff name|grantee|assigned to|raised by|submitted by|submitter|initiat\w*|originat\w*|created by|creator|prepar\w*|maker|implement\w*|developer|engineer|designer|designed by|drawn by|drafted by|assignee|changed by|performed by|carried out by|completed by|undertaken by|done by|deployed by|entered by|keyed by|released by|issued by|handed (?:over|out) by|paid by|payee set ?up by|assess\w*|audited by|auditor|inspected by|inspector|evaluated by|evaluator)\b/i;
// A permit's issuer authorises the work ("Permit Issuer", "Issuing authority").
const CHECKER_COLUMN =
  /\b(approv\w*|authori[sz]\w*|signed off by|sign-?off|checker|checked by|reviewer|reviewed by|verifier|verified by|countersign\w*|second (?:signatory|approver)|issuer|issuing authority)\b/i;
/** Values that name a process or a body rather than a person. */
const NOT_A_PERSON =
  /^(n\/?a|none|tbd|-|system|auto\w*|pipeline|scheduler|bot|service|cab\b.*|committee\b.*|board\b.*|pre-?approved.*|standard.*|catalog\w*.*)$/i;
/** A normative statement that the approver must differ from the maker. */
const SEGREGATION =
  /\b(segregation of duties|separation of duties|independent of the|may not (?:also )?approve|must not (?:also )?approve|cannot approve|not (?:be )?approve[ds]? by (?:the|its|their) (?:own )?(?:author|requester|requestor|maker|preparer|originator|submitter)|(?:approv|review|attest|certif|confirm)\w*(?:,? or \w+(?: to)?,?)?,? (?:by )?(?:their|his|her|its|his or her|his\/her|one's|one’s) own|same (?:person|individual|employee|officer|member of staff)\b[^.]{0,40}\bboth\b|own (?:change|request|payment|entry|journal|transaction|invoice|order|work)s?\b[^.]{0,40}\bapprov\w*|(?:approv|authori[sz])\w*\b[^.;]{0,60}\b(?:to|for) (?:themselves|themself|himself|herself)\b|four[- ]eyes|maker[- ]checker|two-person|different (?:person|individual|employee) (?:from|than)|(?:must|shall) be different (?:individuals|persons|people|employees)|(?:two|separate) different (?:persons|people|individuals)|(?:(?:person|one|individual) who (?:approves|signs off|signs|authori[sz]es|reviews|checks|verifies|certifies)\b[^.;]{0,60}|approver )\b(?:must|shall|may|cannot|can)(?: not|not)? be (?:the|a) (?:[\w-]+ ){0,2}who (?:carried|performed|did|made|raised|prepared|requested|completed|undertook|entered)|(?:approver|checker|reviewer|verifier)s? of (?:an?|the) [\w-]+ (?:shall|must|may|can)\s*not be (?:the|its|their) (?:designer|author|maker|preparer|originator|requester|requestor|checker)|(?:shall|must|may|can)\s*not (?:issue|approve|authori[sz]e|sign|certify|verify)\b[^.;]{0,80}\b(?:that|which) (?:he|she|they|he or she|he\/she) (?:will |would )?(?:personally |himself or herself )?(?:perform|carr(?:y|ies) out|do|does|undertake))\b/i;

/** Column holding person identifiers: mostly non-empty, non-date, short (a name or two with roles), with letters. */
function personColumn(table: Table, header: RegExp, exclude = -1): number {
  return personColumns(table, header, exclude)[0] ?? -1;
}

/** Every such column, in order ("Checked by" and "Approved by"). */
function personColumns(table: Table, header: RegExp, exclude = -1): number[] {
  const isPersonColumn = (name: string, i: number): boolean => {
    // "request_ref", "Request ID": a column of references, not of people.
    if (
      i === exclude ||
      !header.test(name) ||
      /\b(date|on|at|time)\b|(?:\b|_)(?:ref|id|no|number)\b/i.test(name)
    )
      return false;
    const values = table.rows.map((r) => r.cells[i] ?? '').filter((c) => c.length > 0);
    const people = values.filter((v) => v.length <= 80 && /[a-z]/i.test(v) && parseDateCell(v) === null);
    return people.length >= 2 && people.length >= values.length * 0.8;
  };
  return table.columns.flatMap((name, i) => (isPersonColumn(name, i) ? [i] : []));
}

function personKey(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/** A person's name as initial and surname ("Jared Wiremu (Integration Lead)" and "J. Wiremu": jwiremu). */
function nameKey(value: string): string {
  const words = value
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\b(?:dr|mr|mrs|ms|prof)\b\.?/gi, ' ')
    .split(/[\s.]+/)
    .filter((w) => /^[a-z'’-]+$/i.test(w));
  if (words.length < 2) return personKey(value);
  return `${words[0]![0]}${words.at(-1)}`.toLowerCase();
}

/**
 * Whether the maker approved alone: every approver the cell names ("Hana Ngata (IT Security Lead);
 * Director Digital Health Services") is the maker, by full name or by initial and surname.
 */
function approvedAlone(maker: string, approvers: string): boolean {
  if (personKey(maker) === personKey(approvers)) return true;
  const names = approvers
    .split(/;|\/|&|\band\b|\n/)
    .map((n) => n.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((n) => nameKey(n) === nameKey(maker));
}

const ruleCache = new WeakMap<CorpusAnalysis, Map<string, LocatedSegment | null>>();

/**
 * The normative statement of a rule a row check holds rows to (cached per corpus and rule): the
 * first that matches and binds ("must", "may not"), else the first passing mention.
 */
function normativeRule(
  analysis: CorpusAnalysis,
  key: string,
  matches: (text: string) => boolean,
  binds: (text: string) => boolean = (text) => OBLIGATION.test(text),
): LocatedSegment | null {
  let cache = ruleCache.get(analysis);
  if (!cache) ruleCache.set(analysis, (cache = new Map()));
  if (!cache.has(key)) {
    const candidates = analysis.documents
      .filter((d) => isNormative(d.role))
      .flatMap((d) => d.segments)
      .filter((s) => matches(s.text));
    cache.set(key, candidates.find((s) => binds(s.text)) ?? candidates[0] ?? null);
  }
  return cache.get(key) ?? null;
}

const SEGREGATION_VERB = /\b(?:approv|review|attest|certif|authori[sz]|signs? off|checks?\b|verif|issu)\w*/i;
const segregationCache = new WeakMap<CorpusAnalysis, LocatedSegment[]>();

/** The word stems a rule and a register share ("authorise ... release" and "Authorised by", "Released by"). */
function stems(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/[a-z]{4,}/g) ?? []).map((w) => w.slice(0, 5)));
}

/**
 * The normative statement requiring the approver to be independent: of the set's segregation rules,
 * the one sharing most words with the register and the two columns it holds the same person in
 * ("The same person must never both authorise and release the same items" for a property
 * register's "Authorised by" and "Released by"), a binding one before a passing mention.
 */
function segregationRule(analysis: CorpusAnalysis, register: string): LocatedSegment | null {
  let rules = segregationCache.get(analysis);
  if (!rules) {
    rules = analysis.documents
      .filter((d) => isNormative(d.role))
      .flatMap((d) => d.segments)
      .filter((s) => SEGREGATION.test(s.text) && SEGREGATION_VERB.test(s.text));
    segregationCache.set(analysis, rules);
  }
  const words = stems(register);
  const score = (s: LocatedSegment) =>
    [...stems(s.text)].filter((w) => words.has(w)).length * 2 +
    (OBLIGATION.test(s.text) || /\bmay not\b/i.test(s.text) ? 1 : 0);
  return rules.reduce<LocatedSegment | null>((best, s) => (!best || score(s) > score(best) ? s : best), null);
}

function selfApprovalIssue(
  analysis: CorpusAnalysis,
  doc: AnalyzedDocument,
  table: Table,
  visible?: Set<LocatedSegment>,
): Issue | null {
  const first = personColumn(table, CHECKER_COLUMN);
  const maker = personColumn(table, MAKER_COLUMN, first);
  if (maker < 0 || first < 0 || CHECKER_COLUMN.test(table.columns[maker]!)) return null;
  const selfApproved = (checker: number) =>
    table.rows.filter((row) => {
      if (visible && !visible.has(row.segment)) return false;
      const a = row.cells[maker] ?? '';
      const b = row.cells[checker] ?? '';
      return a.length > 0 && !NOT_A_PERSON.test(a) && approvedAlone(a, b);
    });
  // A register may record a checker and an approver ("Checked by", "Approved by"): either one
  // who is the maker is no independent sign-off.
  const checker =
    personColumns(table, CHECKER_COLUMN, maker).find((column) => selfApproved(column).length > 0) ?? first;
  const offending = selfApproved(checker);
  if (offending.length === 0) return null;
  const rule = segregationRule(
    analysis,
    `${doc.name} ${doc.title} ${table.columns[maker]} ${table.columns[checker]}`,
  );
  if (!rule) return null;
  const ids = offending.map((r) => r.cells[0] ?? '').slice(0, 6);
  const subject = recordAttributeSubject(doc.name, SELF_APPROVAL_ID);
  return {
    primitive: 'conflict_check',
    subject,
    aspects: [subject],
    title: `${doc.name}: ${offending.length} item${offending.length === 1 ? '' : 's'} (${ids.join(', ')}) approved by the person named as their "${table.columns[maker]}", against ${rule.document}`,
    description:
      `${rule.document} requires independent approval ("${rule.text.slice(0, 200)}"), but ${doc.name} records the same person as ` +
      `"${table.columns[maker]}" and "${table.columns[checker]}" for ${offending
        .slice(0, 6)
        .map((r) => `${r.cells[0]} (${r.cells[maker]})`)
        .join(', ')}: self-approval, so the segregation of duties the rule relies on did not operate.`,
    rootCause: `The tool or process behind ${doc.name} does not prevent the author of an item from approving it, and the independence required by ${rule.document} is not checked afterwards.`,
    remediationScope: `Have the self-approved items in ${doc.name} reviewed by an independent approver, and enforce approver-differs-from-author in the workflow.`,
    remediationEffortHours: 2 * offending.length + 4,
    severity: 'high',
    confidence: 0.85,
    frameworks: [],
    quotes: [quoteOf(rule), quoteOf(table.header), ...offending.slice(0, 4).map((r) => quoteOf(r.segment))],
  };
}

// ---------------------------------------------------------------------------------------------
// Accounts of people who have left: a register row whose holder is recorded as gone (terminated,
// separated, exited, a leaver) while the account is still enabled, was kept at a review, or was
// used after the departure date, against a rule that leavers' access is removed.

export const DEPARTED_ID = 'departed_access';

/** The checks of a register's rows one by one (not of an attribute column's presence). */
const ROW_CHECK_IDS = new Set([DEADLINE_ID, SELF_APPROVAL_ID, DEPARTED_ID, EXPIRED_ID, EARLY_DISPOSAL_ID]);

/** A cell that records the holder as gone ("Terminated", "Exited 30/06/2026", "Separated"). */
const DEPARTED =
  /^(?:terminated|separated|exited|left|leaver|resigned|departed|retired|deceased|dismissed|offboarded)\b/i;
const DEPARTURE_DATE_COLUMN =
  /\b(?:separation|termination|exit|leav\w*|departure|end)\b[^|]*\bdate\b|\bend date\b|\blast (?:working )?day\b|\b(?:engagement|contract|employment|assignment|appointment)\s+end\b/i;
/**
 * In the holder's status column, a sentence that records the departure anywhere ("Franchise
 * agreement terminated by Company notice 15-08-2026", "Contract ended 30/06/2026").
 */
const DEPARTED_WITHIN =
  /\b(?:terminated|separated|exited|resigned|departed|dismissed|offboarded|ended|expired|left on)\b/i;
/** A numeric date inside a cell's text. */
const DATE_IN_CELL = /\b(?:\d{1,2}[-./]\d{1,2}[-./]\d{2,4}|\d{4}-\d{2}-\d{2})\b/;
/** The account's own state, not the holder's employment. */
const ACCOUNT_STATUS_COLUMN = /\b(?:account )?(?:status|state)\b/i;
const HOLDER_STATUS_COLUMN = /\b(?:hr|employment|holder|employee|staff|personnel)\b/i;
const STILL_ENABLED = /^(?:enabled|active|open|live|unlocked)\b/i;
/** The status of something the account has, not of the account: "MFA Status", "Training status". */
const FEATURE_STATUS_COLUMN =
  /\b(?:mfa|2fa|multi-factor|token|training|exception|review|certification|approval|vpn)\b/i;
const KEPT_COLUMN = /\b(?:decision|outcome|review result|action)\b/i;
const KEPT = /^(?:retain\w*|keep|kept|no change|approved?|continue\w*)\b/i;
const LAST_USE_COLUMN =
  /\blast\s+(?:log-?\s?in|logon|sign-?\s?in|use[d]?|access(?!\s+review)|activity|checkout|seen)\b/i;
const COMPLETED_COLUMN = /\b(?:completed|done|actioned|closed)\b/i;
/** A completion cell that records nothing done: blank, "No", "Pending", "Open". */
const NOT_DONE = /^(?:|no|n|pending|open|not (?:yet )?(?:done|completed)|in progress)$/i;
const REVIEW_DATE_COLUMN = /\breview(?:ed)?\s+(?:date|on)\b|\blast (?:access )?review\b/i;
const LEAVER_RULE_SUBJECT =
  /\b(?:leav\w*|terminat\w*|depart\w*|exit\w*|separat\w*|resign\w*|end of (?:employment|contract))\b/i;
const LEAVER_RULE_ACTION =
  /\b(?:disabl\w*|revok\w*|remov\w*|deactivat\w*|de-?provision\w*|suspend\w*|withdraw\w*|terminat\w* (?:their|the|all) (?:access|accounts?))\b/i;

/** The normative statement that leavers' access is removed. */
function leaverRule(analysis: CorpusAnalysis): LocatedSegment | null {
  return normativeRule(
    analysis,
    DEPARTED_ID,
    (text) =>
      text.length < 600 &&
      LEAVER_RULE_SUBJECT.test(text) &&
      LEAVER_RULE_ACTION.test(text) &&
      /\b(?:access|accounts?|credentials?|log-?ins?|privileges?)\b/i.test(text),
  );
}

interface DepartedRow {
  segment: LocatedSegment;
  id: string;
  departed: string;
  /** What shows the account lived on: its status, a review that kept it, a use after the departure. */
  evidence: string;
}

/** A holder who came back ("rehired as a substitute", "new account") holds the account again. */
const RETURNED =
  /\b(?:re-?hired|re-?engaged|re-?joined|returned (?:as|to)|new (?:account|contract|appointment)|re-?employed)\b/i;
const ACCOUNT_COLUMN = /\b(?:account(?: id| name)?|user ?(?:name|id)|login|username)\b/i;

/** The columns a departed holder's row is read by, found once per table. */
interface DepartedColumns {
  departureDate: number;
  /** The holder's employment or contract status ("Employment / Contract Status"). */
  holderStatus: number;
  /** Columns of the account's own state; the first one that is not the row's departure cell counts. */
  accountStatus: number[];
  kept: number;
  lastUse: number;
  reviewed: number;
  /** Whether the decision of a review was carried out ("Action completed"). */
  completed: number;
  account: number;
}

function departedColumns(table: Table): DepartedColumns {
  const where = (test: (name: string) => boolean) => table.columns.findIndex(test);
  return {
    departureDate: where((c) => DEPARTURE_DATE_COLUMN.test(c)),
    holderStatus: where((c) => HOLDER_STATUS_COLUMN.test(c) && /\bstatus\b/i.test(c)),
    accountStatus: table.columns.flatMap((c, i) =>
      ACCOUNT_STATUS_COLUMN.test(c) && !HOLDER_STATUS_COLUMN.test(c) && !FEATURE_STATUS_COLUMN.test(c)
        ? [i]
        : [],
    ),
    kept: where((c) => KEPT_COLUMN.test(c)),
    lastUse: where((c) => LAST_USE_COLUMN.test(c)),
    reviewed: where((c) => REVIEW_DATE_COLUMN.test(c)),
    completed: where((c) => COMPLETED_COLUMN.test(c)),
    account: where((c) => ACCOUNT_COLUMN.test(c) && !/\b(?:type|status|holder)\b/i.test(c)),
  };
}

function departedRow(
  table: Table,
  columns: DepartedColumns,
  row: Table['rows'][number],
  auditDate: string,
): DepartedRow | null {
  const { cells } = row;
  const cell = (i: number) => (i >= 0 ? (cells[i] ?? '').trim() : '');
  // The holder is gone when a cell says so, or when the departure date column holds a day already
  // past ("HR exit date 31/07/2026" beside "Status Enabled").
  const pastDeparture = parseDateCell(cell(columns.departureDate), table.dateOrder);
  const statedGone = cells.findIndex((c) => DEPARTED.test(c.trim()));
  const holderGone = DEPARTED_WITHIN.test(cell(columns.holderStatus)) ? columns.holderStatus : -1;
  const departedAt =
    statedGone >= 0
      ? statedGone
      : holderGone >= 0
        ? holderGone
        : pastDeparture && pastDeparture.iso <= auditDate
          ? columns.departureDate
          : -1;
  if (departedAt < 0 || cells.some((c) => RETURNED.test(c))) return null;
  const departure =
    parseDateCell(cell(departedAt).replace(DEPARTED, '').trim(), table.dateOrder) ??
    parseDateCell(DATE_IN_CELL.exec(cell(departedAt))?.[0] ?? '', table.dateOrder) ??
    parseDateCell(cell(columns.departureDate), table.dateOrder);
  const status = columns.accountStatus.find((i) => i !== departedAt) ?? -1;
  const { kept, lastUse, reviewed } = columns;
  const after = (i: number) => {
    const date = parseDateCell(cell(i), table.dateOrder);
    return date !== null && departure !== null && date.time > departure.time;
  };
  const signs: string[] = [];
  if (STILL_ENABLED.test(cell(status))) signs.push(`"${table.columns[status]}" ${cell(status)}`);
  if (after(lastUse)) signs.push(`"${table.columns[lastUse]}" ${cell(lastUse)}`);
  if (KEPT.test(cell(kept)) && (departure === null || after(reviewed)))
    signs.push(`"${table.columns[kept]}" ${cell(kept)} at a review after the departure`);
  // A review after the departure still found the account, and nothing records its removal.
  else if (after(reviewed) && columns.completed >= 0 && NOT_DONE.test(cell(columns.completed)))
    signs.push(
      `still listed at the review of ${cell(reviewed)} with "${table.columns[columns.completed]}" ${cell(columns.completed) || 'blank'}`,
    );
  if (signs.length === 0) return null;
  const evidence = signs.join('; ');
  // How the row says the holder went: its own word ("Terminated", "terminated by notice"), or the
  // date column that has passed ("Engagement End 30/06/2026").
  const how =
    departedAt === statedGone
      ? cell(departedAt).split(/\s/)[0]
      : departedAt === holderGone
        ? DEPARTED_WITHIN.exec(cell(departedAt))![0]
        : `gone (${table.columns[departedAt]})`;
  const departed = departure ? `${how} ${departure.iso}` : cell(departedAt);
  return { segment: row.segment, id: cell(columns.account) || (cells[0] ?? ''), departed, evidence };
}

function departedAccessIssue(
  analysis: CorpusAnalysis,
  doc: AnalyzedDocument,
  table: Table,
  visible?: Set<LocatedSegment>,
): Issue | null {
  const columns = departedColumns(table);
  const offending = table.rows
    .filter((row) => !visible || visible.has(row.segment))
    .map((row) => departedRow(table, columns, row, analysis.auditDate))
    .filter((r): r is DepartedRow => r !== null);
  if (offending.length === 0) return null;
  const rule = leaverRule(analysis);
  if (!rule) return null;
  const subject = recordAttributeSubject(doc.name, DEPARTED_ID);
  const ids = offending.map((r) => r.id).slice(0, 6);
  return {
    primitive: 'conflict_check',
    subject,
    aspects: [subject],
    title: `${doc.name}: ${offending.length} account${offending.length === 1 ? '' : 's'} of people who have left still live (${ids.join(', ')}), against ${rule.document}`,
    description:
      `${rule.document} requires leavers' access to be removed ("${rule.text.slice(0, 200)}"), but ${doc.name} records ` +
      offending
        .slice(0, 6)
        .map((r) => `${r.id} (holder ${r.departed}; ${r.evidence})`)
        .join(', ') +
      ': each account outlived the departure of its holder, so someone who has left can still sign in.',
    rootCause: `Leavers are not removed from ${doc.name}'s systems when HR records the departure, and the access review did not catch it.`,
    remediationScope: `Disable ${ids.join(', ')} now, review their use since the departure, and tie account removal to the HR leaver process.`,
    remediationEffortHours: 2 * offending.length + 4,
    severity: 'high',
    confidence: 0.85,
    frameworks: [],
    quotes: [quoteOf(rule), quoteOf(table.header), ...offending.slice(0, 4).map((r) => quoteOf(r.segment))],
  };
}
