// currency_check for documents past their review cycle: the cycle the document states for itself
// ("reviewed annually"), compared with its last-reviewed date and the newest date of the corpus.
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { DAY_MS, isoOf, type FoundDate } from '../../analyst/dates';
import { isNormative } from '../../analyst/document-roles';
import { quoteOf, quoteOfSpan, type Issue } from '../../analyst/issue';
import { describeDays, describePeriod, extractTimeQuantities } from '../../analyst/quantities';

const SELF_REVIEW =
  /\b(?:this|the)\s+(?:policy|plan|procedure|standard|document|manual|programme|program)\b[^.]{0,80}\b(?:review\w*|revis\w*|updat\w*)|\b(?:review\w*|revis\w*|updat\w*)\b[^.]{0,40}\b(?:this|the)\s+(?:policy|plan|procedure|standard|document)\b/i;

export interface ReviewCycle {
  days: number;
  segment: LocatedSegment;
}

/** A document-control field that states the cycle: "Review cycle: Annually", "Review frequency | Every 12 months". */
const REVIEW_CYCLE_FIELD =
  /^[^\n]{0,20}\breview[ \t]+(?:cycle|frequency|period|interval|schedule)\b[^\n\w]{0,12}[^\n]{0,60}$/im;

export function statedReviewCycle(
  doc: AnalyzedDocument,
  segments: LocatedSegment[] = doc.segments,
): ReviewCycle | null {
  for (const segment of segments) {
    if (segment.document !== doc.name) continue;
    const selfReview = SELF_REVIEW.test(segment.text);
    const field = !selfReview && segment.start < 3000 && REVIEW_CYCLE_FIELD.test(segment.text);
    if (!selfReview && !field) continue;
    // "refreshes the call tree quarterly and the whole manual every two years": the document as a
    // whole follows the longest cycle its review sentence states.
    const periods = extractTimeQuantities(segment.text).filter((q) => q.kind === 'period' && q.value >= 28);
    if (periods.length === 0) continue;
    return { days: Math.max(...periods.map((q) => q.value)), segment };
  }
  return null;
}

const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const NEXT_REVIEW_LABEL =
  /\b(?:next[ \t]+review(?:[ \t]+(?:date|due))?|review[ \t]+due(?:[ \t]+date)?|due[ \t]+for[ \t]+review)\b[^\n\w]{0,12}\n?[^\n\w]{0,40}/gi;
const MONTH_YEAR =
  /^(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?,?[ \t]+((?:19|20)\d\d)\b|^((?:19|20)\d\d)-(\d{1,2})(?![-\d])|^(\d{1,2})\/((?:19|20)\d\d)\b/i;

/**
 * A next-review date written as a month ("Review by: October 2019", "2022-03", "03/2022"):
 * due by the last day of that month. The shared date parser reads only full dates.
 */
export function monthNextReview(doc: AnalyzedDocument): Field | null {
  const head = doc.text.slice(0, 3000);
  for (const m of head.matchAll(NEXT_REVIEW_LABEL)) {
    const at = m.index + m[0].length;
    const value = MONTH_YEAR.exec(head.slice(at, at + 20));
    if (!value) continue;
    const month = value[1]
      ? MONTH_NAMES.indexOf(value[1].slice(0, 3).toLowerCase()) + 1
      : Number(value[4] ?? value[5]);
    const year = Number(value[2] ?? value[3] ?? value[6]);
    if (month < 1 || month > 12) continue;
    const time = Date.UTC(year, month, 0);
    const date: FoundDate = { time, iso: isoOf(time), phrase: value[0], index: at };
    return { date, start: m.index, end: at + value[0].length };
  }
  return null;
}

type Field = NonNullable<AnalyzedDocument['lastReviewed']>;

function visibleField(field: Field, doc: AnalyzedDocument, segments?: LocatedSegment[]): boolean {
  if (!segments) return true;
  return segments.some(
    (s) => s.document === doc.name && s.start <= field.date.index && s.end > field.date.index,
  );
}

/** The quote of a document-control field and its date. */
export function fieldQuote(doc: AnalyzedDocument, field: Field) {
  const segment = doc.segments.find((s) => s.start <= field.start && s.end > field.start);
  return quoteOfSpan(
    doc.name,
    doc.text,
    field.start,
    field.end,
    segment?.chunkId ?? doc.chunks[0]?.id ?? null,
    segment?.page ?? null,
  );
}

/** A document as a reader finds it: its file and, where the file name does not say it, its title. */
function named(doc: AnalyzedDocument): string {
  const words = (t: string) => t.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  const inName = new Set(words(doc.name));
  return words(doc.title).every((w) => inName.has(w)) ? doc.name : `${doc.name} ("${doc.title}")`;
}

/** A document whose own next-review date has passed, relative to the corpus's newest date. */
function nextReviewIssue(
  doc: AnalyzedDocument,
  reference: FoundDate,
  segments?: LocatedSegment[],
): Issue | null {
  const next = doc.nextReview ?? monthNextReview(doc);
  if (!next || !visibleField(next, doc, segments)) return null;
  const overdue = (reference.time - next.date.time) / DAY_MS;
  if (overdue <= 31) return null;
  const reviewed = doc.lastReviewed ?? doc.approved;
  const cycle = statedReviewCycle(doc, segments ?? doc.segments);
  const quotes = [fieldQuote(doc, next)];
  if (reviewed && visibleField(reviewed, doc, segments)) quotes.unshift(fieldQuote(doc, reviewed));
  return {
    primitive: 'currency_check',
    subject: `review:${doc.name}`,
    aspects: [`review:${doc.name}`],
    title: `${doc.title} overdue for review: next review was due ${next.date.iso}`,
    description:
      `${named(doc)}${cycle ? ` requires review ${describePeriod(cycle.days)} and` : ''} is overdue: it was due for its next review on ${next.date.iso} ("${next.date.phrase}"), ${describeDays(overdue)} before the newest date in the corpus ` +
      `(${isoOf(reference.time)})${reviewed ? `; it was last ${doc.lastReviewed ? 'reviewed' : 'approved'} on ${reviewed.date.iso}` : ''}. The review did not happen, so the document is out of date and its content may no longer reflect current practice or regulation.`,
    rootCause: `The review schedule of ${doc.name} is not tracked; the review due on ${next.date.iso} was missed.`,
    remediationScope: `Have the owner review and re-approve ${doc.name}, record the review, set the next review date, and track review dates of every policy.`,
    remediationEffortHours: 4,
    severity: overdue > 365 ? 'high' : 'medium',
    confidence: 0.9,
    frameworks: [],
    quotes,
  };
}

export function reviewCurrencyIssue(
  doc: AnalyzedDocument,
  reference: FoundDate,
  segments?: LocatedSegment[],
): Issue | null {
  const viaNext = nextReviewIssue(doc, reference, segments);
  if (viaNext) return viaNext;
  const cycle = statedReviewCycle(doc, segments ?? doc.segments);
  // Without a recorded review, a document that states a review cycle is measured from its
  // approval or effective date.
  const approvedOnly = !doc.lastReviewed && cycle !== null && isNormative(doc.role);
  const reviewed = doc.lastReviewed ?? (approvedOnly ? doc.approved : null);
  if (!reviewed || !visibleField(reviewed, doc, segments)) return null;
  const age = (reference.time - reviewed.date.time) / DAY_MS;
  const allowed = cycle ? cycle.days + 31 : 2 * 365.25;
  if (age <= allowed) return null;
  const quotes = [fieldQuote(doc, reviewed)];
  if (cycle) quotes.push(quoteOf(cycle.segment));
  const cycleText = cycle
    ? `requires review ${describePeriod(cycle.days)} ("${cycle.segment.text.slice(0, 120)}")`
    : 'states no review cycle';
  return {
    primitive: 'currency_check',
    subject: `review:${doc.name}`,
    aspects: cycle ? [`review:${doc.name}`] : [`review:${doc.name}`, 'corpus:review-without-cycle'],
    title: `${doc.title} overdue for review: last ${approvedOnly ? 'approved' : 'reviewed'} ${reviewed.date.iso}`,
    description:
      `${doc.name} is overdue for review: it ${cycleText} but was last ${approvedOnly ? 'approved (no review is recorded)' : 'reviewed'} on ${reviewed.date.iso}, ${describeDays(age)} before the newest date in the corpus ` +
      `(${isoOf(reference.time)}). Its content may no longer reflect current practice, systems or regulation.`,
    rootCause: cycle
      ? `The review cycle of ${doc.name} (${describePeriod(cycle.days)}) is not tracked; no owner review has been recorded since ${reviewed.date.iso}.`
      : `${doc.name} has no review cycle and has not been reviewed since ${reviewed.date.iso}.`,
    remediationScope: `Have the owner review and re-approve ${doc.name}, record the review date, and track the review cycle of every policy.`,
    remediationEffortHours: 4,
    severity: cycle && age > 2 * cycle.days ? 'high' : 'medium',
    confidence: cycle ? 0.9 : 0.7,
    frameworks: [],
    quotes,
  };
}

export function findStaleDocuments(analysis: CorpusAnalysis): Issue[] {
  const reference = analysis.referenceDate;
  if (!reference) return [];
  return analysis.documents
    .map((doc) => reviewCurrencyIssue(doc, reference))
    .filter((i): i is Issue => i !== null);
}
