// conflict_check on approval thresholds stated in money: two documents put the limit of one
// approval rule at different amounts ("any payment batch exceeding GHS 50,000.00 requires two
// authorisations" in a procedure; "the batch total is below the GHS 100,000 dual authorisation
// limit" in an e-mail releasing it). A threshold is an amount with a word of bound beside it
// (above, exceeding, up to, limit) in a clause that names an approval; two thresholds are of one
// rule when their clauses share the words of what is approved. Tiers of a schedule are not two
// rules: a value the other document also states is agreed, not in conflict.
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { isTableRow, valueColumn } from '../../analyst/corpus-analysis';
import { CURRENCY_NAMES, amountsIn, type Amount } from '../../analyst/amounts';
import { quoteOf, type Issue } from '../../analyst/issue';
import { contentLemmas } from '../../analyst/requirements';
import { withinRevisionHistory } from '../../analyst/revision-history';
import { clauseAround } from '../../analyst/topics';

export interface Threshold {
  segment: LocatedSegment;
  amount: Amount;
  /** Content lemmas of the clause, without the amount's own words. */
  topic: string[];
}

/** A bound written before the amount: "exceeding", "above", "up to", "below the", "a limit of". */
const BOUND_BEFORE =
  /\b(?:above|exceed(?:s|ing)?|over|more than|greater than|in excess of|beyond|at or above|up to(?: and including)?|below|under|less than|not exceeding|(?:limit|threshold|ceiling|cap)(?: of)?|equal to or (?:more|greater) than)\s+(?:the\s+)?(?:(?:sum|amount|value|total) of\s+)?[*_]{0,2}$/i;
/** A bound before the amount in words, restated in brackets: "above seventy-five million shillings (". */
const RESTATED_BEFORE =
  /\b(?:above|exceed(?:s|ing)?|over|more than|greater than|in excess of|beyond|up to|below|under|less than|not exceeding)\s+(?:[\w,.'-]+\s+){1,5}\(\s*$/i;
/** A bound written after it: "or more", "and above", "dual authorisation limit", after a note in brackets. */
const BOUND_AFTER =
  /^\s*(?:\([^)]{0,60}\)\s*)?(?:or (?:more|above|over|less|below|under)|and (?:above|over|below|under)|(?:[\w-]+\s+){0,3}(?:limit|threshold|ceiling))\b/i;
/**
 * A schedule's tier written as a range ("| €50,000.01 to €150,000 | Head of Claims |"): the
 * amount that opens the range is where the tier's approval starts. In running text a range is
 * often one of several rules' tiers ("$25,001 to $250,000 ... can sign"), read only in a table.
 */
const RANGE_TO = /^\s*(?:to|-|\u2013|\u2014)\s*(?:[A-Z]{1,3}\$?\s?|[$€£¥₹₦]\s?)?\d/;
/** A table column whose amounts are bounds: "| Approver | Maximum aggregate exposure |", "Limit". */
const BOUND_COLUMN = /\b(?:limits?|thresholds?|ceilings?|maximum|max\.?|cap)\b/i;
/** The clause names an approval: who approves, signs or authorises above or below the amount. */
const AUTHORITY =
  /\b(?:approv\w*|authori[sz]\w*|signator\w*|counter-?sign\w*|sign-?off|sanction\w*|dual|maker|checker)\b/i;
/** A table header of delegated authorities: "| Ref | Authority | Head of Department | ... |". */
const MATRIX_HEADER = /\bauthorit(?:y|ies)\b/i;
/** Shared words that make two clauses one rule. */
const MIN_SHARED = 2;

function thresholdsOf(doc: AnalyzedDocument): Threshold[] {
  const out: Threshold[] = [];
  for (const segment of doc.segments) {
    if (withinRevisionHistory(doc, segment.start)) continue;
    // A register row records one person's or item's limit ("Wire approver (up to $999,999.99)"),
    // not the rule; an e-mail's sentence may state the rule it relies on.
    if (doc.role === 'evidence' && segment.text.includes(' | ')) continue;
    for (const amount of amountsIn(segment.text)) {
      const before = segment.text.slice(Math.max(0, amount.index - 60), amount.index);
      const after = segment.text.slice(
        amount.index + amount.phrase.length,
        amount.index + amount.phrase.length + 90,
      );
      // "above seventy-five million shillings (TZS 75,000,000)": the figure in brackets restates
      // the words bound before it.
      const row = isTableRow(segment.text);
      const header = row ? (segment.frame?.header ?? '') : '';
      const column = header ? valueColumn(header, segment.text, amount).name : '';
      if (
        !BOUND_BEFORE.test(before) &&
        !RESTATED_BEFORE.test(before) &&
        !BOUND_AFTER.test(after) &&
        !(row && RANGE_TO.test(after)) &&
        !BOUND_COLUMN.test(column)
      )
        continue;
      // A schedule's row states its rule across cells ("| TZS 50,000,000 or more | Two (2)
      // authorised signatories |"): the row is the clause.
      const clause = row ? segment.text : clauseAround(segment.text, amount.index, amount.phrase.length);
      // A matrix with a column per approver ("| Ref | Authority | ... | Managing Director |" over
      // "| A1 | Purchase orders | ... | Above N50,000,000.00 up to N250,000,000.00 |") says in its
      // header that it grants approvals, and names who approves in the amount's column.
      if (!AUTHORITY.test(clause) && !AUTHORITY.test(header) && !MATRIX_HEADER.test(header)) continue;
      const words = `${clause} ${column}`.replace(amount.phrase, ' ').replace(/\([^)]*\)/g, ' ');
      const topic = contentLemmas(words).filter((w) => !CURRENCY_NAMES.has(w));
      out.push({ segment, amount: asExclusiveBound(amount), topic });
    }
  }
  return out;
}

/**
 * "From €150,000.01" is "exceeding €150,000" written as the first cent above it: compared by the
 * amount it exceeds, it agrees with the same rule written in words.
 */
function asExclusiveBound(amount: Amount): Amount {
  const cents = Math.round(amount.value * 100) % 100;
  return cents === 1 ? { ...amount, value: Math.round(amount.value * 100 - 1) / 100 } : amount;
}

export interface ThresholdConflict {
  a: Threshold;
  b: Threshold;
  shared: string[];
}

const cache = new WeakMap<CorpusAnalysis, ThresholdConflict[]>();

/** The conflicting thresholds of each pair of documents, nearest first, each statement in one pair (once per corpus). */
export function thresholdConflicts(analysis: CorpusAnalysis): ThresholdConflict[] {
  const cached = cache.get(analysis);
  if (cached) return cached;
  const byDocument = analysis.documents.map((doc) => ({ doc, thresholds: thresholdsOf(doc) }));
  const out: ThresholdConflict[] = [];
  for (let i = 0; i < byDocument.length; i += 1)
    for (let j = i + 1; j < byDocument.length; j += 1) {
      const one = byDocument[i]!.thresholds;
      const other = byDocument[j]!.thresholds;
      // A value both documents state is agreed: the tiers of one schedule written out twice. The
      // other document's statement of it must be about as near the subject as the pair compared:
      // "Above R1 000 000 | Board" of capital expenditure agrees nothing with a payment run's
      // "above R1 000 000 require approval by the Financial Director".
      const sharedOf = (x: Threshold, y: Threshold) => x.topic.filter((w) => y.topic.includes(w));
      const states = (list: Threshold[], t: Threshold, near: number) =>
        list.some(
          (u) =>
            u.amount.currency === t.amount.currency &&
            u.amount.value === t.amount.value &&
            sharedOf(t, u).length >= Math.min(near, MIN_SHARED + 1),
        );
      const pairs: ThresholdConflict[] = [];
      for (const a of one)
        for (const b of other) {
          if (a.amount.currency !== b.amount.currency || a.amount.value === b.amount.value) continue;
          const shared = sharedOf(a, b);
          if (shared.length < MIN_SHARED) continue;
          if (states(other, a, shared.length) || states(one, b, shared.length)) continue;
          pairs.push({ a, b, shared });
        }
      // The nearest pair first; then any pair of two other statements as near as three words
      // (a policy's own-money buffer against one tier, its dual-signature rule against another).
      const used = new Set<LocatedSegment>();
      for (const pair of pairs.sort((x, y) => y.shared.length - x.shared.length)) {
        if (used.has(pair.a.segment) || used.has(pair.b.segment)) continue;
        if (used.size > 0 && pair.shared.length < MIN_SHARED + 1) continue;
        out.push(pair);
        used.add(pair.a.segment).add(pair.b.segment);
      }
    }
  cache.set(analysis, out);
  return out;
}

export function thresholdSubject(conflict: ThresholdConflict): string {
  const { a, b } = conflict;
  return `amount-threshold:${a.segment.document}:${a.amount.value}:${b.segment.document}:${b.amount.value}`;
}

export function thresholdIssue(conflict: ThresholdConflict): Issue {
  const { a, b, shared } = conflict;
  const subject = thresholdSubject(conflict);
  return {
    primitive: 'conflict_check',
    subject,
    aspects: [subject],
    title: `Conflicting approval threshold (${shared.slice(0, 3).join(', ')}): ${a.amount.phrase} in ${a.segment.document} vs ${b.amount.phrase} in ${b.segment.document}`,
    description:
      `${a.segment.document} sets the threshold of the approval rule at ${a.amount.phrase} ("${a.segment.text.slice(0, 200)}"), ` +
      `while ${b.segment.document} sets it at ${b.amount.phrase} ("${b.segment.text.slice(0, 200)}"). ` +
      'Amounts between the two are approved under one rule by one document and under the other by the other, so the stricter control can be bypassed by following the looser one.',
    rootCause: 'The approval limit was changed in one document and not in the others that state it.',
    remediationScope: `Decide the limit, correct ${a.segment.document} or ${b.segment.document}, and review the approvals given between ${a.amount.phrase} and ${b.amount.phrase}.`,
    remediationEffortHours: 3,
    severity: 'high',
    confidence: 0.75,
    frameworks: [],
    quotes: [quoteOf(a.segment), quoteOf(b.segment)],
  };
}
