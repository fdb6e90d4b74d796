// currency_check on the day of the audit: documents of the set whose last review or revision lies
// further back than their own review cycle (or two years where they state none).
// One finding for the set, listing them: a set left untouched for years is one failure of document
// control, not one per document. Documents already overdue by the corpus's own newest date are the
// per-document rule's (review-currency.ts) and are not listed again.
import type { AnalyzedDocument, CorpusAnalysis } from '../../analyst/corpus-analysis';
import { DAY_MS } from '../../analyst/dates';
import { isNormative } from '../../analyst/document-roles';
import { listDocuments, type Issue } from '../../analyst/issue';
import { describePeriod } from '../../analyst/quantities';
import { fieldQuote, reviewCurrencyIssue, statedReviewCycle } from './review-currency';

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
    if (ageDays > allowed) out.push({ doc, touched, ageDays, cycleDays: cycle?.days ?? null });
  }
  // Documents past a cycle they set themselves break their own rule: they lead, most overdue first.
  const overdue = (s: StaleDocument) => (s.cycleDays ? s.ageDays / s.cycleDays : 0);
  return out.sort((a, b) => overdue(b) - overdue(a) || b.ageDays - a.ageDays);
}

export function staleSetIssue(analysis: CorpusAnalysis, stale: StaleDocument[]): Issue | null {
  if (stale.length === 0) return null;
  const documents = stale.map((s) => s.doc.name);
  const newest = stale.reduce((a, b) => (a.touched.date.time > b.touched.date.time ? a : b));
  const oldest = stale.reduce((a, b) => (a.touched.date.time < b.touched.date.time ? a : b));
  const ownCycle = stale.filter((s) => s.cycleDays !== null);
  const ownCycleText = ownCycle.length
    ? ` ${ownCycle
        .slice(0, MAX_QUOTES)
        .map(
          (s) =>
            `${s.doc.name} requires its own review ${describePeriod(s.cycleDays!)} but was last touched on ${s.touched.date.iso}`,
        )
        .join('; ')}.`
    : '';
  const dated = analysis.documents.filter((d) => isNormative(d.role) && lastTouched(d) !== null).length;
  return {
    primitive: 'currency_check',
    subject: STALE_SET_SUBJECT,
    aspects: [STALE_SET_SUBJECT],
    title: `${stale.length} of ${dated} dated ${dated === 1 ? 'policy or procedure' : 'policies and procedures'} not reviewed or revised for over ${age(newest.ageDays)} at the audit date`,
    description:
      `${listDocuments(documents)} ${stale.length === 1 ? 'was' : 'were'} last reviewed, approved or revised between ${oldest.touched.date.iso} and ${newest.touched.date.iso}, ` +
      `over ${age(newest.ageDays)} before this audit (${analysis.auditDate}), longer than their own review cycles (or two years where none is stated). ` +
      `Documents the organisation has not looked at for that long may no longer describe its systems, people or obligations, and cannot evidence the periodic review frameworks require.${ownCycleText}`,
    rootCause:
      'Policy reviews are not scheduled and tracked; documents were written once and left unchanged.',
    remediationScope: `Review and re-approve the ${stale.length === 1 ? 'document' : `${stale.length} documents`}, record each review with its date and approver, and track review dates in a policy register.`,
    remediationEffortHours: 2 * stale.length,
    severity: stale.every((s) => s.ageDays > 3 * 365.25) ? 'high' : 'medium',
    confidence: 0.8,
    frameworks: [],
    quotes: stale.slice(0, MAX_QUOTES).map(({ doc, touched }) => fieldQuote(doc, touched)),
  };
}
