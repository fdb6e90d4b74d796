// Document control: the fields by which a governed document shows it is current and owned: a
// version, an owner, an approval (who or when), and a review date or cycle. Read from the
// document's head (its title block, control table or front matter) and, for the review cycle,
// from a sentence about reviewing the document itself.
import type { AnalyzedDocument } from '../../analyst/corpus-analysis';
import { statedReviewCycle } from '../review-currency/review-currency';

export const CONTROL_FIELDS = ['version', 'owner', 'approval', 'review'] as const;
export type ControlField = (typeof CONTROL_FIELDS)[number];

export const FIELD_LABELS: Record<ControlField, string> = {
  version: 'version or revision',
  owner: 'owner',
  approval: 'approval (approver or date)',
  review: 'review date or review cycle',
};

const HEAD_CHARS = 2500;

const FIELD_PATTERNS: Record<Exclude<ControlField, 'review'>, RegExp> = {
  // "Version: 1.3", "Version ....... 1.3", "Rev. 3.0", "Revision: F", "Issue 9", "v2.1".
  version:
    /\b(?:version|ver\.|rev(?:ision)?\.?|issue|edition)\s*(?:no\.?|number)?[\s:#|*.]*(?:v?\d+(?:\.\d+)*|[A-Z])\b|\bv\d+\.\d+\b/i,
  owner:
    /\b(?:(?:policy|document|process|plan|procedure|standard)\s+)?(?:owner|owned by|author(?:ed by)?|maintained by|custodian|prepared by|responsible (?:officer|person|role|executive|owner))\b[\s:|*.]*\S/i,
  approval:
    /\b(?:approv(?:ed|al|er)|authori[sz](?:ed|ation)|signed off|sign-off|ratified|adopted|endorsed|effective(?:\s+(?:date|from|on))?|issued(?:\s+on)?|issue date|date of issue|release date)\b[\s:|*.]*\S/i,
};

/** Review information in the head: "Review: annually", "Next review: 07/2027", "Review cycle | Annual". */
const REVIEW_INFO =
  /\breview(?:ed|s)?\b[^\n]{0,60}?(?:\d{4}|\d{1,2}[/.-]\d{1,2}|annual|year|month|quarter|bienn|triennial|every|[0-9]+\s*(?:months?|years?))/i;

export function controlFieldsOf(doc: AnalyzedDocument): Record<ControlField, boolean> {
  const head = doc.text.slice(0, HEAD_CHARS);
  return {
    version: FIELD_PATTERNS.version.test(head),
    owner: FIELD_PATTERNS.owner.test(head),
    approval: FIELD_PATTERNS.approval.test(head) || doc.approved !== null,
    review:
      doc.lastReviewed !== null ||
      doc.nextReview !== null ||
      REVIEW_INFO.test(head) ||
      statedReviewCycle(doc) !== null,
  };
}
