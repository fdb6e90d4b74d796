// Whether a rule admits exceptions: an exception granted on record is the process working, unless
// the rule says none may be granted. One definition for every check that weighs a recorded
// exception against a rule (register rows, waivers in correspondence and procedures).
import type { AnalyzedDocument } from './corpus-analysis';

/** Words for an exception to a rule: "exception", "waiver", "dispensation", "deviation". */
export const EXCEPTION_WORDS = /\b(?:exceptions?|waivers?|dispensations?|deviations?)\b/i;

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

/**
 * A grant in the sender's own words: "I approve the exception", "the undersigned approves that ...",
 * "I'm approving", or a reply that opens a line with "Approved.".
 */
export const FIRST_PERSON_GRANT =
  /\b(?:(?:I|we|the\s+undersigned)\s+(?:hereby\s+|therefore\s+)?(?:approve|approves|grant|grants|am approving|authori[sz]e|authori[sz]es)|(?:I'm|I\s+am|we're|we\s+are)\s+(?:approving|granting|authori[sz]ing))\b|^[ \t]*approved[.!]/im;

/** Where a reply stops and the message it answers begins. */
export const QUOTED_MESSAGE = /^(?:-{2,}\s*Original Message|On .{5,80} wrote:|From:\s.+\nSent:)/im;

/** The part of a message its sender wrote: the text before the message it answers. */
export function ownMessage(text: string): string {
  const quoted = QUOTED_MESSAGE.exec(text);
  return quoted ? text.slice(0, quoted.index) : text;
}
