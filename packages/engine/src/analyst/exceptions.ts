// Whether a rule admits exceptions: an exception granted on record is the process working, unless
// the rule says none may be granted. One definition for every check that weighs a recorded
// exception against a rule (register rows, waivers in correspondence and procedures).
import type { AnalyzedDocument } from './corpus-analysis';

/**
 * "without exception", "no exceptions", "not subject to any exception", "may not be waived",
 * "No exception to this requirement may be granted", "exceptions are not permitted".
 */
const NO_EXCEPTION =
  /\b(?:without|not subject to)\s+(?:any\s+)?exceptions?\b|\bno\s+exceptions?\b|\bmay\s+not\s+be\s+waived\b|\bforbids?\s+any\s+exception|\bexceptions?\s+(?:are|is|will|shall|may|can)\s+not\b|\bnot\s+(?:be\s+)?(?:granted|permitted|allowed|approved)\b[^.]{0,30}\bexceptions?\b|\bexceptions?\b[^.]{0,60}\b(?:not|never|cannot)\s+be\s+(?:granted|permitted|allowed|approved)\b/i;

/** The rule at `segIndex` of `doc` allows no exception, in its own sentence or the next one. */
export function allowsNoException(doc: AnalyzedDocument, segIndex: number): boolean {
  const own = doc.segments[segIndex];
  const next = doc.segments[segIndex + 1];
  return (
    (own !== undefined && NO_EXCEPTION.test(own.text)) || (next !== undefined && NO_EXCEPTION.test(next.text))
  );
}
