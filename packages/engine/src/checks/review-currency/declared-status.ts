// currency_check on what documents say of themselves: a document that declares itself legacy,
// obsolete, superseded or under review (and likely to be withdrawn) while it stays in the set as
// the text people follow. One finding for the set, listing them: the same note on many documents
// is one failure of document control (nobody decided to replace, reissue or retire them).
import type { CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { isNormative } from '../../analyst/document-roles';
import { listDocuments, quoteOf, type Issue } from '../../analyst/issue';

export const DECLARED_STATUS_SUBJECT = 'review:declared-status';

const DOCUMENT_WORD = String.raw`(?:document|policy|standard|guidance|guide|procedure|plan|page|manual|content)`;
const STALE_STATUS = String.raw`(?:an?\s+)?(?:legacy|obsolete|deprecated|superseded|withdrawn|out[- ]of[- ]date|outdated)\b|no\s+longer\s+(?:maintained|current|valid|in\s+use|applicable)|under\s+review\b|being\s+(?:reviewed|revised|rewritten|replaced)`;

/**
 * "This document is Legacy ... It is under review and likely to be withdrawn", "This page is no
 * longer maintained", "This is legacy guidance": the document speaks of itself, in the present.
 */
const DECLARED_STATUS = new RegExp(
  String.raw`\b(?:this|the\s+present)\s+${DOCUMENT_WORD}\s+(?:is|has\s+been)\s+(?:now\s+)?(?:${STALE_STATUS})` +
    String.raw`|\bthis\s+is\s+(?:an?\s+)?(?:legacy|obsolete|deprecated|superseded|outdated)\b` +
    String.raw`|\b(?:it|this\s+${DOCUMENT_WORD})\s+is\s+under\s+review\s+and\s+(?:is\s+)?(?:likely|due|expected|scheduled|about)\s+to\s+be\s+(?:withdrawn|replaced|retired|revised)`,
  'i',
);

/** A status note stands near the top of the document it speaks of. */
const HEAD_CHARS = 4000;
const MAX_QUOTES = 6;

export interface DeclaredStatus {
  document: string;
  segment: LocatedSegment;
  normative: boolean;
}

export function declaredStatuses(analysis: CorpusAnalysis): DeclaredStatus[] {
  const out: DeclaredStatus[] = [];
  for (const doc of analysis.documents) {
    const segment = doc.segments.find((s) => s.start < HEAD_CHARS && DECLARED_STATUS.test(s.text));
    if (segment) out.push({ document: doc.name, segment, normative: isNormative(doc.role) });
  }
  // Policies, standards and procedures first: their status matters most.
  return out.sort((a, b) => Number(b.normative) - Number(a.normative));
}

export function declaredStatusIssue(found: DeclaredStatus[]): Issue | null {
  if (found.length === 0) return null;
  const documents = found.map((f) => f.document);
  const normative = found.filter((f) => f.normative).length;
  const example = found[0]!.segment.text.slice(0, 160);
  return {
    primitive: 'currency_check',
    subject: DECLARED_STATUS_SUBJECT,
    aspects: [DECLARED_STATUS_SUBJECT],
    title: `${found.length} ${found.length === 1 ? 'document declares itself' : 'documents declare themselves'} legacy or under review but remain in force`,
    description:
      `${listDocuments(documents)} state${found.length === 1 ? 's' : ''} of ${found.length === 1 ? 'itself' : 'themselves'} that ${found.length === 1 ? 'it is' : 'they are'} legacy, superseded or under review (for example "${example}"), ` +
      `yet ${found.length === 1 ? 'it remains' : 'they remain'} in the document set${normative ? `, ${normative} of them as policies, standards or procedures people must follow` : ''}. ` +
      'Staff cannot tell whether these rules still apply, and no current replacement is named.',
    rootCause:
      'Documents were marked for withdrawal or revision, but no decision was taken to reissue, replace or retire them.',
    remediationScope: `Decide for each of the ${found.length === 1 ? 'document' : `${found.length} documents`} whether it is reissued as current, replaced (and the replacement published) or withdrawn; remove the status note once decided.`,
    remediationEffortHours: 2 * found.length,
    severity: normative > 0 ? 'high' : 'medium',
    confidence: 0.85,
    frameworks: [],
    quotes: found.slice(0, MAX_QUOTES).map((f) => quoteOf(f.segment)),
  };
}
