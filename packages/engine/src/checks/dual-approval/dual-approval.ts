// flow_down_check on registers: a policy requires a second approver (signatory, authoriser) above an
// amount ("TZS 50,000,000 or more | Two (2) authorised signatories", "payments exceeding £10,000
// need a second signature"), and a register of approvals shows rows at or above that amount with
// its second-approver column blank and no exception recorded against them.
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { amountsIn } from '../../analyst/amounts';
import { isNormative } from '../../analyst/document-roles';
import { quoteOf, type Issue } from '../../analyst/issue';
import { withinRevisionHistory } from '../../analyst/revision-history';
import { AMOUNT_COLUMN, cellAmount } from '../authority-matrix/authority-matrix';
import { tableOf } from '../record-attribute/record-attributes';

export interface DualRule {
  segment: LocatedSegment;
  currency: string;
  amount: number;
  phrase: string;
  /** "or more", "at or above": the amount itself needs two approvers. */
  inclusive: boolean;
}

export interface SingleApproval {
  rule: DualRule;
  register: AnalyzedDocument;
  column: string;
  rows: Array<{ segment: LocatedSegment; id: string; amount: string }>;
  /** On a form: the field that gives its amount (the rows are the unsigned second field). */
  amountAt?: LocatedSegment;
}

/** Words that ask for a second approver. */
const DUAL =
  /\b(?:two|2|second|dual|both|joint(?:ly)?)\b(?:\s*\(\d\))?[^.|;]{0,30}\b(?:signator\w*|approv\w*|authori[sz]\w*|signatures?)\b|\bcountersign\w*/i;
const INCLUSIVE_AFTER = /^\s*(?:\([^)]{0,60}\)\s*)?(?:or (?:more|above|over)|and (?:above|over))\b/i;
const INCLUSIVE_BEFORE = /\b(?:at or above|equal to or (?:more|greater) than|from|of at least)\s+$/i;
const EXCLUSIVE_BEFORE =
  /\b(?:above|exceed(?:s|ing)?|over|more than|greater than|in excess of)\s+(?:\S+\s+){0,5}?\(?\s*$/i;
/** A register column for the second approver. */
const SECOND_COLUMN =
  /\b(?:approver|signatory|authori[sz]er|approved by|authori[sz]ed by|signed by)\s*(?:2|II|two|#2)\b|\bsecond\s+(?:approv\w*|signator\w*|authori[sz]\w*|signature)|\bcountersign\w*/i;
const NOT_A_NAME = /\b(?:date|on|ref\w*|no\.?|number)\b/i;
const EXCEPTION_COLUMN = /\b(?:exception|waiver|dispensation)/i;
const BLANK = /^\s*(?:-|–|—|n\/?a|none|nil)?\s*$/i;

/** The rules that ask for a second approver above an amount, in the set's normative documents. */
export function dualRules(analysis: CorpusAnalysis): DualRule[] {
  const out: DualRule[] = [];
  for (const doc of analysis.documents.filter((d) => isNormative(d.role)))
    for (const segment of doc.segments) {
      if (!DUAL.test(segment.text) || withinRevisionHistory(doc, segment.start)) continue;
      for (const amount of amountsIn(segment.text)) {
        const before = segment.text.slice(Math.max(0, amount.index - 60), amount.index);
        const after = segment.text.slice(
          amount.index + amount.phrase.length,
          amount.index + amount.phrase.length + 80,
        );
        const inclusive = INCLUSIVE_AFTER.test(after) || INCLUSIVE_BEFORE.test(before);
        if (!inclusive && !EXCLUSIVE_BEFORE.test(before)) continue;
        out.push({
          segment,
          currency: amount.currency,
          amount: amount.value,
          phrase: amount.phrase,
          inclusive,
        });
      }
    }
  return out;
}

const cache = new WeakMap<CorpusAnalysis, SingleApproval[]>();

/** Registers with rows above the strictest dual-approval amount and no second approver (once per corpus). */
export function singleApprovals(analysis: CorpusAnalysis): SingleApproval[] {
  let found = cache.get(analysis);
  if (!found) cache.set(analysis, (found = readSingleApprovals(analysis)));
  return found;
}

function readSingleApprovals(analysis: CorpusAnalysis): SingleApproval[] {
  const rules = dualRules(analysis);
  if (rules.length === 0) return [];
  const out: SingleApproval[] = [];
  // A filled-in form is a record whatever its file is called ("Payment-Form.png" reads as evidence,
  // a transcribed "Payment-Form.txt" as neither policy nor procedure).
  for (const register of analysis.documents.filter((d) => d.role === 'evidence' || d.role === 'other')) {
    const table = tableOf(register);
    if (!table) {
      const single = formSingleApproval(register, rules);
      if (single) out.push(single);
      continue;
    }
    if (register.role !== 'evidence') continue;
    const amountColumn = table.columns.findIndex((c) => AMOUNT_COLUMN.test(c));
    const second = table.columns.findIndex((c) => SECOND_COLUMN.test(c) && !NOT_A_NAME.test(c));
    if (amountColumn < 0 || second < 0) continue;
    const exception = table.columns.findIndex((c) => EXCEPTION_COLUMN.test(c));
    for (const currency of new Set(rules.map((r) => r.currency))) {
      // The strictest rule of the currency binds: a looser figure elsewhere is another finding.
      const rule = rules
        .filter((r) => r.currency === currency)
        .reduce((a, b) => (b.amount < a.amount ? b : a));
      const rows = table.rows.flatMap((row) => {
        const amount = cellAmount(row.cells[amountColumn] ?? '', currency, table.columns[amountColumn]!);
        if (amount === null || (rule.inclusive ? amount < rule.amount : amount <= rule.amount)) return [];
        if (!BLANK.test(row.cells[second] ?? '')) return [];
        if (exception >= 0 && !BLANK.test(row.cells[exception] ?? '')) return [];
        return [{ segment: row.segment, id: row.cells[0] ?? '', amount: row.cells[amountColumn]! }];
      });
      if (rows.length > 0) out.push({ rule, register, column: table.columns[second]!, rows });
    }
  }
  return out;
}

/** A form's field for the second signatory ("Authorised signatory 2", "Second approver"). */
const SECOND_FIELD =
  /\b(?:(?:authori[sz]ed\s+)?signatory|approver|authori[sz]er)\s*(?:2|II|two)\b|\bsecond\s+(?:signatory|approver|authori[sz]er)\b/i;
/** What a form writes in a field left unsigned: "N/A - single signatory", "-", "not required". */
const UNSIGNED =
  /^\s*[:|]?\s*(?:n\/?a\b|-\s*$|–|—|none\b|nil\b|not\s+(?:required|applicable)\b|single\s+signator)/i;
/** The form's amount field ("Amount in figures BD 48,750.000", "Total amount: £12,400"). */
const AMOUNT_FIELD = /\b(?:amount|total|value|sum)\b/i;
/** The form's own reference ("Payment reference PAY-2026-11-0093"). */
const FORM_REFERENCE = /\b(?:reference|ref\.?|number|no\.?)\s*:?\s*([A-Z]{2,}[-/][\w/-]*\d[\w/-]*)/;

/**
 * A filled-in form (a scanned payment or purchase authorisation) whose amount needs two signatories
 * and whose second signatory field says "N/A - single signatory" or is left as a dash.
 */
function formSingleApproval(form: AnalyzedDocument, rules: DualRule[]): SingleApproval | null {
  const field = form.segments.find((s) => {
    const m = SECOND_FIELD.exec(s.text);
    return m !== null && UNSIGNED.test(s.text.slice(m.index + m[0].length).split('\n')[0]!);
  });
  if (!field) return null;
  const amounts = form.segments
    .filter((s) => AMOUNT_FIELD.test(s.text))
    .flatMap((s) => amountsIn(s.text).map((a) => ({ a, s })));
  for (const { a, s } of amounts) {
    const binding = rules
      .filter((r) => r.currency === a.currency && (r.inclusive ? a.value >= r.amount : a.value > r.amount))
      .sort((x, y) => x.amount - y.amount)[0];
    if (!binding) continue;
    const label = SECOND_FIELD.exec(field.text)![0];
    const id = FORM_REFERENCE.exec(form.text)?.[1] ?? form.name;
    return {
      rule: binding,
      register: form,
      column: label,
      rows: [{ segment: field, id, amount: a.phrase }],
      amountAt: s,
    };
  }
  return null;
}

export function singleApprovalSubject(register: string): string {
  return `dual-approval:${register}`;
}

export function singleApprovalIssue(found: SingleApproval): Issue {
  const { rule, register, column, rows } = found;
  const listed = rows
    .slice(0, 6)
    .map((r) => `${r.id} (${r.amount})`)
    .join(', ');
  return {
    primitive: 'flow_down_check',
    subject: singleApprovalSubject(register.name),
    aspects: [singleApprovalSubject(register.name)],
    title: `${register.name}: ${rows.length} item${rows.length === 1 ? '' : 's'} ${rule.inclusive ? 'of' : 'above'} ${rule.phrase}${rule.inclusive ? ' or more' : ''} released with one approver only (${rows
      .slice(0, 3)
      .map((r) => r.id)
      .join(', ')})`,
    description:
      `${rule.segment.document} requires a second approver ${rule.inclusive ? 'from' : 'above'} ${rule.phrase} ("${rule.segment.text.slice(0, 200)}"), ` +
      `but ${register.name} leaves "${column}" blank, with no exception recorded, for ${listed}${rows.length > 6 ? ` and ${rows.length - 6} more` : ''}.`,
    rootCause: `The second approval ${rule.segment.document} requires is not enforced before release, nor checked afterwards.`,
    remediationScope: `Have a second approver review ${rows
      .map((r) => r.id)
      .slice(0, 6)
      .join(
        ', ',
      )} now, and block release of items ${rule.inclusive ? 'from' : 'above'} the threshold without the second approval.`,
    remediationEffortHours: 2 + rows.length,
    severity: 'high',
    confidence: 0.82,
    frameworks: [],
    quotes: [
      quoteOf(rule.segment),
      ...(found.amountAt ? [quoteOf(found.amountAt)] : []),
      quoteOf(rows[0]!.segment),
      ...rows.slice(1, 3).map((r) => quoteOf(r.segment)),
    ],
  };
}
