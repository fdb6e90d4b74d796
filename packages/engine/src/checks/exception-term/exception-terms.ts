// Exceptions granted for longer than the policy allows: a normative statement caps how long an
// exception (waiver, deviation, dispensation) may run before it is re-approved, and a record (a
// form, a register row, an e-mail) grants one for a longer term, as a number of months or as a
// period from one date to another.
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { DAY_MS, extractDates, type FoundDate } from '../../analyst/dates';
import { isNormative } from '../../analyst/document-roles';
import { FIRST_PERSON_GRANT, ownMessage, EXCEPTION_WORDS, speaksOfException } from '../../analyst/exceptions';
import { quoteOf, type Issue } from '../../analyst/issue';
import { CEILING_BEFORE, describeDays, extractTimeQuantities } from '../../analyst/quantities';

/** A term as a reader counts it: in months past two months ("21 months"), else in days. */
function termLength(days: number): string {
  return days > 62 ? `${Math.round(days / 30.4375)} months` : describeDays(days);
}

/** "No exception shall be approved for a period of more than ninety (90) days": a ceiling by negation. */
function negatedExcess(text: string, index: number): boolean {
  const before = text.slice(0, index);
  return /\b(?:more|longer) than\s*$/i.test(before) && /\b(?:no|not|never)\b/i.test(before);
}

/** A record's term: "Exception period: 36 months, from 01/10/2026 to 30/09/2029". */
const TERM_LABEL =
  /\b(?:exception|waiver|deviation|dispensation)s?\b[^.\n]{0,40}?\b(?:period|term|duration|validity|valid|expir\w*|approved|granted)\b/i;
/**
 * A line of an exception's own record that opens with its term ("- validity of 24 months"), or a
 * field of it ("... Valid: 6 October 2026 to 30 June 2027").
 */
const OWN_TERM_LABEL =
  /^[\s*•-]*(?:[Vv]alidity|[Vv]alid (?:until|to|through|for)|[Dd]uration|[Tt]erm|[Pp]eriod|[Ee]xpir\w*)\b|\b(?:Valid(?:ity)?|Duration|Term|Period|Expiry)\s*:/;

/** A record (an e-mail thread, a form) that speaks of an exception, or a message that switches a control off. */
function aboutAnException(doc: AnalyzedDocument): boolean {
  const message = ['eml', 'msg', 'mbox'].includes(doc.extension);
  return doc.segments.some((s) => (message ? speaksOfException(s.text) : EXCEPTION_WORDS.test(s.text)));
}

/** The term label of a record's own line, read only where the line has one (the record scan is the dearer test). */
function ownTermLabel(doc: AnalyzedDocument, segment: LocatedSegment): RegExpExecArray | null {
  const label = OWN_TERM_LABEL.exec(segment.text);
  return label && aboutAnException(doc) ? label : null;
}

/** The date a record was made: the first date of its opening lines (an e-mail's Date header). */
function recordDate(doc: AnalyzedDocument): FoundDate | null {
  return extractDates(doc.text.slice(0, 600), doc.dateOrder)[0] ?? null;
}

/** "today through", "effective immediately until": a term from the record's own date. */
const FROM_NOW_UNTIL = /\b(?:today|now|immediately)\b[^.;]{0,20}?\b(?:through|until|till|to)\s*$/i;
/** "approving the exception through", "granted until": a grant's end date. */
const GRANTED_UNTIL = /\b(?:approv\w*|grant\w*|extend\w*)\b[^.;]{0,40}?\b(?:through|until|till)\s*$/i;

/** What joins a term's first date to its last. */
const RANGE_JOIN = /^\s*,?\s*(?:to|through|thru|until|till|-|–|—)\s*$/i;

export interface ExceptionCap {
  segment: LocatedSegment;
  days: number;
  phrase: string;
}

export interface ExceptionTerm {
  segment: LocatedSegment;
  days: number;
  /** The term as written ("10/05/2026 through 06/30/2028", "36 months"). */
  written: string;
  /** The exception's reference in its record ("EX-2026-07"), when the record names one. */
  reference: string | null;
}

/** The strictest cap on an exception's term that a normative document states. */
export function exceptionCap(analysis: CorpusAnalysis): ExceptionCap | null {
  let best: ExceptionCap | null = null;
  for (const doc of analysis.documents) {
    if (!isNormative(doc.role)) continue;
    for (const segment of doc.segments) {
      if (!EXCEPTION_WORDS.test(segment.text) || segment.text.length > 600) continue;
      for (const quantity of extractTimeQuantities(segment.text)) {
        if (quantity.kind !== 'duration' || quantity.value < 7) continue;
        const before = segment.text.slice(Math.max(0, quantity.index - 60), quantity.index);
        if (
          quantity.bound !== 'max' &&
          !CEILING_BEFORE.test(before) &&
          !negatedExcess(segment.text, quantity.index)
        )
          continue;
        // The ceiling must be the exception's, not another duty's in the same sentence.
        if (!EXCEPTION_WORDS.test(segment.text.slice(Math.max(0, quantity.index - 160), quantity.index)))
          continue;
        if (!best || quantity.value < best.days)
          best = { segment, days: quantity.value, phrase: quantity.phrase.trim() };
      }
    }
  }
  return best;
}

/**
 * Whether a segment is the granting message's own words: the sender of a record about an exception
 * grants it in the first person ("I approve exception EX-2026-014"), and the segment lies before the
 * message the reply quotes.
 */
function inOwnGrant(doc: AnalyzedDocument, segment: LocatedSegment): boolean {
  if (isNormative(doc.role) || !aboutAnException(doc)) return false;
  const own = ownMessage(doc.text);
  return segment.start < own.length && FIRST_PERSON_GRANT.test(own);
}

/** The term one segment of a record grants, if it states one. */
function termIn(doc: AnalyzedDocument, segment: LocatedSegment): Omit<ExceptionTerm, 'reference'> | null {
  // In a record about one exception (an approval e-mail), a line that opens with the term's label
  // ("- validity of 24 months, to 30/11/2028") states the exception's term; in the grant's own
  // words, a period "from 05/10/2026 until 31/03/2027" or "through 04/30/2027" does.
  const label = TERM_LABEL.exec(segment.text) ?? (isNormative(doc.role) ? null : ownTermLabel(doc, segment));
  const granted = !label && inOwnGrant(doc, segment);
  if (!label && !granted) return null;
  const rest = label ? segment.text.slice(label.index) : segment.text;
  const dates = extractDates(rest, doc.dateOrder);
  for (let i = 0; i + 1 < dates.length; i += 1) {
    const first = dates[i]!;
    const last = dates[i + 1]!;
    const between = rest.slice(first.index + first.phrase.length, last.index);
    if (!RANGE_JOIN.test(between) || last.time <= first.time) continue;
    if (granted && !/\bfrom(?:\s+today,?)?\s*$/i.test(rest.slice(0, first.index))) continue;
    return {
      segment,
      days: (last.time - first.time) / DAY_MS,
      written: rest.slice(first.index, last.index + last.phrase.length),
    };
  }
  // "effective today through 12/31/2027", "I'm approving the exception through 04/30/2027": the
  // term starts on the record's own date (an e-mail's).
  const until = dates.find((d) => (granted ? GRANTED_UNTIL : FROM_NOW_UNTIL).test(rest.slice(0, d.index)));
  const sent = recordDate(doc);
  if (until && sent && until.time > sent.time && !isNormative(doc.role))
    return {
      segment,
      days: (until.time - sent.time) / DAY_MS,
      written: `${sent.phrase} (the record's date) to ${until.phrase}`,
    };
  // A number of months is a grant only in a record, and only when no ceiling word precedes it
  // ("may be approved for up to six months" is another cap, not a term granted).
  if (isNormative(doc.role)) return null;
  const stated = extractTimeQuantities(rest).find(
    (q) =>
      q.kind === 'duration' &&
      q.value >= 7 &&
      q.bound !== 'max' &&
      !CEILING_BEFORE.test(rest.slice(Math.max(0, q.index - 60), q.index)),
  );
  return stated ? { segment, days: stated.value, written: stated.phrase.trim() } : null;
}

const REFERENCE = /\b[A-Z]{2,5}-(?:\d{4}-)?\d{2,4}\b/;

/** The exception's reference: in the term's own segment, else in the record's first lines. */
function referenceOf(doc: AnalyzedDocument, segment: LocatedSegment): string | null {
  const own = REFERENCE.exec(segment.text)?.[0];
  if (own) return own;
  for (const other of doc.segments.slice(0, 8)) {
    if (!EXCEPTION_WORDS.test(other.text)) continue;
    const found = REFERENCE.exec(other.text)?.[0];
    if (found) return found;
  }
  return null;
}

/** Every exception a record grants for longer than the cap (a day's slack for month lengths). */
export function exceptionOverruns(analysis: CorpusAnalysis, cap: ExceptionCap): ExceptionTerm[] {
  const out: ExceptionTerm[] = [];
  for (const doc of analysis.documents) {
    for (const segment of doc.segments) {
      if (segment === cap.segment) continue;
      const term = termIn(doc, segment);
      if (!term || term.days <= cap.days + 3) continue;
      out.push({ ...term, reference: referenceOf(doc, segment) });
    }
  }
  return out;
}

export function exceptionTermIssue(cap: ExceptionCap, term: ExceptionTerm): Issue {
  const document = term.segment.document;
  const name = term.reference ? `Exception ${term.reference}` : `An exception recorded in ${document}`;
  const subject = `exception-term:${document}:${term.reference ?? term.segment.start}`;
  return {
    primitive: 'conflict_check',
    subject,
    aspects: [subject],
    title: `${name} runs ${termLength(term.days)} (${term.written}), beyond the ${cap.phrase} limit of ${cap.segment.document}`,
    description:
      `${cap.segment.document} allows an exception for at most ${cap.phrase} ("${cap.segment.text.slice(0, 220)}"), ` +
      `but ${document} grants ${term.reference ? `exception ${term.reference}` : 'one'} for ${term.written} ` +
      `(about ${termLength(term.days)}). The risk it accepts goes unreviewed for longer than the policy tolerates.`,
    rootCause: `The exception was approved without checking its term against the limit in ${cap.segment.document}.`,
    remediationScope: `Shorten ${term.reference ?? 'the exception'} to the ${cap.phrase} limit, with re-approval and a fresh risk assessment at its end, and check terms against the limit when exceptions are approved.`,
    remediationEffortHours: 2,
    severity: 'medium',
    confidence: 0.8,
    frameworks: [],
    quotes: [quoteOf(cap.segment), quoteOf(term.segment)],
  };
}
