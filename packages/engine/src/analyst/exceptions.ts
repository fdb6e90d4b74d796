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
 * "I'm approving", "I'm signing this off", or a reply that opens a line with "Approved." or
 * "Approved - go with option 2".
 */
export const FIRST_PERSON_GRANT =
  /\b(?:(?:I|we|the\s+undersigned)\s+(?:hereby\s+|therefore\s+)?(?:approve|approves|grant|grants|am approving|authori[sz]e|authori[sz]es)|(?:I'm|I\s+am|we're|we\s+are)\s+(?:approving|granting|authori[sz]ing|signing\s+(?:this|it)\s+off))\b|^[ \t]*approved(?:[.!]|\s*[-–—:]\s)/im;

/**
 * An instruction to switch off a security control ("Please turn off MFA on the staff portal",
 * "switch off MFA on the back-office accounts", "disable multi-factor authentication for"): an
 * exception to the rule that requires the control, whether or not the message calls it one.
 */
const CONTROL_SWITCHED_OFF =
  /\b(?:(?:turn|switch)(?:ing)?\s+off|disabl(?:e|ing)|suspend(?:ing)?|bypass(?:ing)?)\s+(?:the\s+)?(?:MFA|2FA|multi-factor|two-factor|multifactor)\b|\b(?:turn|switch)(?:ing)?\s+(?:the\s+)?(?:MFA|2FA)\s+off\b/i;

/** A message's own words grant or ask for an exception: by name, or by switching a control off. */
export function speaksOfException(message: string): boolean {
  return EXCEPTION_WORDS.test(message) || CONTROL_SWITCHED_OFF.test(message);
}

/** Where a reply stops and the message it answers begins. */
export const QUOTED_MESSAGE = /^(?:-{2,}\s*Original Message|On .{5,80} wrote:|From:\s.+\nSent:)/im;

/** The part of a message its sender wrote: the text before the message it answers. */
export function ownMessage(text: string): string {
  const quoted = QUOTED_MESSAGE.exec(text);
  return quoted ? text.slice(0, quoted.index) : text;
}
