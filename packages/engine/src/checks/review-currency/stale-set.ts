// currency_check on the day of the audit: documents of the set whose last review or revision lies
// further back than their own review cycle (or two years where they state none), or whose own
// next-review date has passed.
// One finding for the set, listing them: a set left untouched for years is one failure of document
// control, not one per document. Documents already overdue by the corpus's own newest date are the
// per-document rule's (review-currency.ts) and are not listed again.
import type { AnalyzedDocument, CorpusAnalysis } from '../../analyst/corpus-analysis';
import { DAY_MS } from '../../analyst/dates';
import { isNormative } from '../../analyst/document-roles';
import { listDocuments, type Issue } from '../../analyst/issue';
import { describePeriod } from '../../analyst/quantities';
import { fieldQuote, monthNextReview, reviewCurrencyIssue, statedReviewCycle } from './review-currency';

type Field = NonNullable<AnalyzedDocument['lastRevised']>;

/** Without a stated cycle, a policy unchanged for two years is out of date (common practice: annual). */
const DEFAULT_ALLOWED_DAYS = 2 * 365.25;
const MAX_QUOTES = 3;

export const STALE_SET_SUBJECT = 'review:set-on-audit-date';

/** "over 2 years", "over 14 months": how long ago, in the unit a reader thinks in. */
function age(days: number): string {
  const years = Math.floor(days / 365.25);
  if (years >= 2) return `${years} years`;
  return `${Math.floor(days / 30.44)} months`;
}

interface StaleDocument {
  doc: AnalyzedDocument;
  touched: Field;
  ageDays: number;
  /** The review cycle the document states for itself, when it states one. */
  cycleDays: number | null;
  /** The next-review date the document states, when it had passed on the audit date. */
  due: Field | null;
  /** Last touched longer ago than its cycle allows (otherwise it is listed for its due date alone). */
  pastCycle: boolean;
}

/**
 * The newest of the document's review and revision dates. (Not its "effective" or "approved"
 * field: in running text those words also date laws and rules the document quotes.)
 */
function lastTouched(doc: AnalyzedDocument): Field | null {
  return [doc.lastReviewed, doc.lastRevised].reduce<Field | null>(
    (newest, f) => (f && (newest === null || f.date.time > newest.date.time) ? f : newest),
    null,
  );
}

export function staleOnAuditDate(analysis: CorpusAnalysis): StaleDocument[] {
  const audit = Date.parse(analysis.auditDate);
  const out: StaleDocument[] = [];
  for (const doc of analysis.documents) {
    if (!isNormative(doc.role)) continue;
    const touched = lastTouched(doc);
    if (!touched || touched.date.time > audit) continue;
    if (analysis.referenceDate && reviewCurrencyIssue(doc, analysis.referenceDate)) continue;
    const cycle = statedReviewCycle(doc);
    const allowed = cycle ? cycle.days + 31 : DEFAULT_ALLOWED_DAYS;
    const ageDays = (audit - touched.date.time) / DAY_MS;
    // A date the document sets for its own next review is its owner's commitment: once it has
    // passed on the audit date with no later review, the document is out of date whatever its cycle.
    const next = doc.nextReview ?? monthNextReview(doc);
    const due = next && next.date.time > touched.date.time && next.date.time < audit ? next : null;
    if (ageDays > allowed || due)
      out.push({ doc, touched, ageDays, cycleDays: cycle?.days ?? null, due, pastCycle: ageDays > allowed });
  }
  // Documents past a cycle they set themselves break their own rule: they lead, most overdue first.
  const overdue = (s: StaleDocument) => (s.cycleDays ? s.ageDays / s.cycleDays : 0);
  return out.sort((a, b) => overdue(b) - overdue(a) || b.ageDays - a.ageDays);
}

export function staleSetIssue(analysis: CorpusAnalysis, stale: StaleDocument[]): Issue | null {
  if (stale.length === 0) return null;
  const pastCycle = stale.filter((s) => s.pastCycle);
  const dueOnly = stale.filter((s) => !s.pastCycle);
  const ownCycleText = pastCycle
    .filter((s) => s.cycleDays !== null)
    .slice(0, MAX_QUOTES)
    .map(
      (s) =>
        ` ${s.doc.name} requires its own review ${describePeriod(s.cycleDays!)} but was last touched on ${s.touched.date.iso}.`,
    )
    .join('');
  const dueText = stale
    .filter((s) => s.due)
    .slice(0, MAX_QUOTES)
    .map(
      (s) =>
        ` ${s.doc.name} set its next review date for ${s.due!.date.iso} ("${s.due!.date.phrase}"), which had passed on the audit date with no later review.`,
    )
    .join('');
  const dated = analysis.documents.filter((d) => isNormative(d.role) && lastTouched(d) !== null).length;
  const policies = dated === 1 ? 'policy or procedure' : 'policies and procedures';
  let summary = '';
  if (pastCycle.length > 0) {
    const newest = pastCycle.reduce((a, b) => (a.touched.date.time > b.touched.date.time ? a : b));
    const oldest = pastCycle.reduce((a, b) => (a.touched.date.time < b.touched.date.time ? a : b));
    summary =
      `${listDocuments(pastCycle.map((s) => s.doc.name))} ${pastCycle.length === 1 ? 'was' : 'were'} last reviewed, approved or revised between ${oldest.touched.date.iso} and ${newest.touched.date.iso}, ` +
      `over ${age(newest.ageDays)} before this audit (${analysis.auditDate}), longer than their own review cycles (or two years where none is stated). `;
  }
  if (dueOnly.length > 0)
    summary += `${listDocuments(dueOnly.map((s) => s.doc.name))} ${dueOnly.length === 1 ? 'is' : 'are'} past the next review date ${dueOnly.length === 1 ? 'it sets' : 'they set'} for ${dueOnly.length === 1 ? 'itself' : 'themselves'} (audit date ${analysis.auditDate}). `;
  const title =
    dueOnly.length === 0
      ? `${stale.length} of ${dated} dated ${policies} not reviewed or revised for over ${age(Math.min(...pastCycle.map((s) => s.ageDays)))} at the audit date`
      : `${stale.length} of ${dated} dated ${policies} past their review cycle or next review date at the audit date`;
  const quoted = [...pastCycle.slice(0, MAX_QUOTES), ...dueOnly.slice(0, MAX_QUOTES)];
  return {
    primitive: 'currency_check',
    subject: STALE_SET_SUBJECT,
    aspects: [STALE_SET_SUBJECT],
    title,
    description:
      summary +
      `Documents the organisation has not looked at ${dueOnly.length === 0 ? 'for that long' : 'when it said it would'} may no longer describe its systems, people or obligations, and cannot evidence the periodic review frameworks require.${ownCycleText}${dueText}`,
    rootCause:
      'Policy reviews are not scheduled and tracked; documents were written once and left unchanged.',
    remediationScope: `Review and re-approve the ${stale.length === 1 ? 'document' : `${stale.length} documents`}, record each review with its date and approver, and track review dates in a policy register.`,
    remediationEffortHours: 2 * stale.length,
    severity: stale.every((s) => s.ageDays > 3 * 365.25) ? 'high' : 'medium',
    confidence: 0.8,
    frameworks: [],
    quotes: quoted.map(({ doc, touched, due }) => fieldQuote(doc, due ?? touched)),
  };
}
