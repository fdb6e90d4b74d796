// conflict_check on evidence: work done before it was approved. A filled-in form records the date
// its change, payment or access was approved and the date it was carried out ("Date approved
// 15/09/2026 ... Date implemented 10/09/2026"), or a register has the two as columns; the work
// came first, although a rule of the set asks for approval before it ("Normal changes are
// implemented only after CAB approval").
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { segmentAt } from '../../analyst/corpus-analysis';
import { extractDates, parseDateCell, type FoundDate } from '../../analyst/dates';
import { isNormative } from '../../analyst/document-roles';
import { quoteOf, type Issue } from '../../analyst/issue';
import { contentLemmas } from '../../analyst/requirements';
import { tableOf } from '../record-attribute/record-attributes';

/** The verbs of carrying work out, as labels and column names write them. */
const DONE =
  'implement\\w*|deploy\\w*|releas\\w*|execut\\w*|perform\\w*|paid|disburs\\w*|issued|granted|provisioned|go[- ]live|mobili[sz]\\w*|commenc\\w*';
/** A labelled approval date on a form: "Date approved 15/09/2026", "Approval date: 2026-03-02". */
const APPROVED_LABEL =
  /\b(?:date\s+(?:approved|authori[sz]ed)|(?:approval|authori[sz]ation|CAB)\s+date|(?:approved|authori[sz]ed)\s+(?:on|date))\b[\s:|.-]{0,6}/gi;
/** A labelled date of the work: "Date implemented 10/09/2026", "Implementation date: ...". */
const DONE_LABEL = new RegExp(
  `\\b(?:date\\s+(?:${DONE})|(?:implementation|deployment|release|execution|payment|go[- ]live)\\s+date|(?:${DONE})\\s+(?:on|date))\\b[\\s:|.-]{0,6}`,
  'gi',
);
const APPROVAL_COLUMN = /\b(?:approv\w*|authori[sz]\w*|consent\w*|CAB)\b/i;
/** An approval asked for and not given: "Pending", "Awaiting consent", "Requested 20/10". */
const PENDING = /^\s*(?:pending|awaiting|requested|not yet|outstanding|tbc|to be (?:confirmed|obtained))\b/i;
const DONE_COLUMN = new RegExp(
  `\\b(?:${DONE}|implementation|deployment|payment date|go[- ]live|mobili[sz]ation|commencement)\\b`,
  'i',
);
/** Columns of the request, not of the work ("Requested", "Submitted for approval"). */
const NOT_DONE_COLUMN =
  /\b(?:request\w*|submit\w*|raised|due|planned|scheduled|target|expir\w*|review\w*)\b/i;
/** A decision other than approval leaves nothing approved to come after. */
const NOT_APPROVED = /\[\s*x\s*\]\s*(?:rejected|deferred)|\bdecision\s*[:|]?\s*(?:rejected|deferred)\b/i;
/** A rule that the work waits for its approval. */
const APPROVAL_FIRST = new RegExp(
  `\\b(?:approv\\w*|authori[sz]\\w*|consent\\w*)\\b[^.;]{0,80}\\b(?:before|prior to|ahead of)\\b[^.;]{0,60}\\b(?:${DONE}|implementation|deployment|payment|work|change|access)|\\b(?:${DONE}|implementation|deployment)\\b[^.;]{0,60}\\b(?:only )?(?:after|once|following|until|unless)\\b[^.;]{0,60}\\b(?:approv\\w*|authori[sz]\\w*|consent\\w*)|\\b(?:no|not|never)\\b[^.;]{0,60}\\b(?:${DONE})\\b[^.;]{0,60}\\b(?:before|prior to|ahead of)\\b[^.;]{0,40}\\b(?:approv\\w*|authori[sz]\\w*|consent\\w*)|\\bprior (?:written )?(?:approval|authori[sz]ation|consent)\\b`,
  'i',
);

export interface ApprovalOrderBreach {
  document: string;
  /** Where the record states each date: a form's lines, or a register row. */
  evidence: LocatedSegment[];
  /** `approved` null: the work went ahead while the approval was still pending. */
  items: Array<{ id: string; approved: FoundDate | null; done: FoundDate }>;
  rule: LocatedSegment;
}

function dateAfterLabel(doc: AnalyzedDocument, label: RegExp): { date: FoundDate; at: number } | null {
  for (const m of doc.text.matchAll(label)) {
    const at = m.index + m[0].length;
    const date = extractDates(doc.text.slice(at, at + 30), doc.dateOrder)[0];
    if (date && date.index <= 2) return { date, at: m.index };
  }
  return null;
}

/** A form's approval and work dates, when the work came first. */
function formBreach(doc: AnalyzedDocument): Omit<ApprovalOrderBreach, 'rule'> | null {
  if (NOT_APPROVED.test(doc.text)) return null;
  const approved = dateAfterLabel(doc, APPROVED_LABEL);
  const done = dateAfterLabel(doc, DONE_LABEL);
  if (!approved || !done || done.date.iso >= approved.date.iso) return null;
  const evidence = [segmentAt(doc, approved.at), segmentAt(doc, done.at)].filter(
    (s): s is LocatedSegment => s !== null,
  );
  return {
    document: doc.name,
    evidence,
    items: [{ id: doc.name, approved: approved.date, done: done.date }],
  };
}

/** A register's rows whose work date is before their approval date. */
function registerBreach(doc: AnalyzedDocument): Omit<ApprovalOrderBreach, 'rule'> | null {
  const table = tableOf(doc);
  if (!table) return null;
  const dated = (i: number) => table.rows.some((r) => parseDateCell(r.cells[i] ?? '', table.dateOrder));
  const approvalAt = table.columns.findIndex((c, i) => APPROVAL_COLUMN.test(c) && dated(i));
  const doneAt = table.columns.findIndex(
    (c, i) => i !== approvalAt && DONE_COLUMN.test(c) && !NOT_DONE_COLUMN.test(c) && dated(i),
  );
  if (approvalAt < 0 || doneAt < 0) return null;
  const items: ApprovalOrderBreach['items'] = [];
  const evidence: LocatedSegment[] = [];
  const approvalColumns = table.columns.flatMap((c, i) => (APPROVAL_COLUMN.test(c) ? [i] : []));
  for (const row of table.rows) {
    const approved = parseDateCell(row.cells[approvalAt] ?? '', table.dateOrder);
    const done = parseDateCell(row.cells[doneAt] ?? '', table.dateOrder);
    if (!done) continue;
    // Carried out while the row's own approval cells say it is still awaited.
    const pending = !approved && approvalColumns.some((i) => PENDING.test(row.cells[i] ?? ''));
    if (!pending && (!approved || done.iso >= approved.iso)) continue;
    items.push({ id: row.cells[0] ?? '', approved, done });
    evidence.push(row.segment);
  }
  return items.length ? { document: doc.name, evidence: [table.header, ...evidence], items } : null;
}

interface ApprovalRule {
  segment: LocatedSegment;
  words: string[];
}

/** The normative statements asking for approval before the work, with their words. */
function approvalRules(analysis: CorpusAnalysis): ApprovalRule[] {
  return analysis.documents
    .filter((d) => isNormative(d.role))
    .flatMap((d) => d.segments)
    .filter((segment) => APPROVAL_FIRST.test(segment.text))
    .map((segment) => ({ segment, words: contentLemmas(segment.text) }));
}

/** Of those rules, the one that shares most words with the record (at least two). */
function ruleFor(rules: ApprovalRule[], record: AnalyzedDocument): LocatedSegment | null {
  const words = new Set(contentLemmas(record.text.slice(0, 4000)));
  let best: { segment: LocatedSegment; shared: number } | null = null;
  for (const rule of rules) {
    const shared = rule.words.filter((w) => words.has(w)).length;
    if (!best || shared > best.shared) best = { segment: rule.segment, shared };
  }
  return best && best.shared >= 2 ? best.segment : null;
}

const cache = new WeakMap<CorpusAnalysis, ApprovalOrderBreach[]>();

/** Records of the set where work came before its approval, each with the rule it breaks (once per corpus). */
export function approvalOrderBreaches(analysis: CorpusAnalysis): ApprovalOrderBreach[] {
  const cached = cache.get(analysis);
  if (cached) return cached;
  const out: ApprovalOrderBreach[] = [];
  let rules: ApprovalRule[] | null = null;
  for (const doc of analysis.documents.filter((d) => d.role === 'evidence' || d.role === 'other')) {
    const found = formBreach(doc) ?? registerBreach(doc);
    if (!found) continue;
    rules ??= approvalRules(analysis);
    const rule = ruleFor(rules, doc);
    if (rule) out.push({ ...found, rule });
  }
  cache.set(analysis, out);
  return out;
}

export function approvalOrderSubject(document: string): string {
  return `approval-order:${document}`;
}

export function approvalOrderIssue(breach: ApprovalOrderBreach): Issue {
  const subject = approvalOrderSubject(breach.document);
  const items = breach.items.slice(0, 5);
  const listed = items
    .map(
      (i) =>
        `${i.id === breach.document ? 'the work' : i.id} carried out ${i.done.phrase}, ${i.approved ? `approved ${i.approved.phrase}` : 'its approval still pending'}`,
    )
    .join('; ');
  return {
    primitive: 'conflict_check',
    subject,
    aspects: [subject],
    title: `${breach.document}: work carried out before it was approved (${items.length === 1 ? `${items[0]!.id === breach.document ? '' : `${items[0]!.id}: `}${items[0]!.done.phrase} before ${items[0]!.approved?.phrase ?? 'a pending approval'}` : `${breach.items.length} items`})`,
    description:
      `${breach.rule.document} requires approval before the work ("${breach.rule.text.slice(0, 180)}"), but ${breach.document} records ${listed}: ` +
      (breach.items.some((i) => i.approved === null)
        ? 'the work went ahead without the approval the rule makes a condition of it.'
        : 'the approval was given after the fact, so it controlled nothing.'),
    rootCause: `Approval in ${breach.document} is recorded as paperwork after the work instead of being a gate before it.`,
    remediationScope: `Review the items approved retrospectively in ${breach.document}, and make the approval a technical or procedural precondition of the work.`,
    remediationEffortHours: 3,
    severity: 'high',
    confidence: 0.8,
    frameworks: [],
    quotes: [quoteOf(breach.rule), ...breach.evidence.slice(0, 4).map((s) => quoteOf(s))],
  };
}
