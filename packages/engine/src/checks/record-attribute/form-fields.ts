// A filled-in form (a scan, a PDF) read as labelled fields rather than a table: a field for a
// control the policies require (MFA, encryption, screening, training) whose value says it is off
// ("Full-device encryption enabled and verified NO - will enable at next check-in", "MFA: NOT
// ENABLED"). Unticked options of a checkbox field ("[X] Yes [ ] No") are no value.
import type { AnalyzedDocument, LocatedSegment } from '../../analyst/corpus-analysis';
import { segmentAt } from '../../analyst/corpus-analysis';

/** The controls a form field can switch off; agreements and approvals are read elsewhere. */
export const FORM_FIELD_ATTRIBUTES = new Set(['mfa', 'encryption', 'background_check', 'training']);

/** A form: a scanned image, or a document named for one. */
export function isForm(doc: AnalyzedDocument): boolean {
  return /\.(png|jpe?g|tiff?|gif|bmp)$/i.test(doc.name) || /\bform\b/i.test(doc.name.replace(/[-_.]+/g, ' '));
}

/** An option left unticked: "[ ] No", "[_] Declined", "☐ Yes". */
const UNTICKED = /(?:\[\s*_?\s*\]|\u2610)\s*[A-Za-z]+/g;
/**
 * A value that says the control is off, standing on its own ("NO", "No", "NOT ENABLED", "[X] No"),
 * at the end of the field or before a remark ("NO - will enable at next check-in").
 */
const OFF_VALUE =
  /(?:^|[\s:])(?:\[\s*[xX\u2713]\s*\]\s*)?(?:NO|No|NOT (?:ENABLED|ENFORCED|ENROLLED|CONFIGURED|DONE|COMPLETED)|Not (?:enabled|enforced|enrolled|configured|done|completed)|DISABLED|Disabled|OFF|Off)(?=\s*(?:[-\u2013\u2014:;,(]|$))/;
const TICKED_NO = /\[\s*[xX\u2713]\s*\]\s*No\b/;
/** A value alone on a line next to its label (OCR may print a field's value above or below it). */
const OFF_LINE = /^\s*(?:NO|NOT (?:ENABLED|ENFORCED|ENROLLED|CONFIGURED|DONE|COMPLETED)|DISABLED|OFF)\b/;

export interface OffField {
  segment: LocatedSegment;
  /** The field as the form prints it: label and value. */
  text: string;
}

/** The first field of the form whose label names the control and whose value says it is off. */
export function offField(doc: AnalyzedDocument, header: RegExp): OffField | null {
  const lines = [...doc.text.matchAll(/[^\n]*/g)].filter((m) => m[0].trim());
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    const label = header.exec(line[0]);
    if (!label) continue;
    const value = line[0].slice(label.index + label[0].length).replace(UNTICKED, ' ');
    // "Yes / No" left for the filler to choose is a blank template's field, not a value.
    if (/\byes\b/i.test(value) && !TICKED_NO.test(value)) continue;
    // The options may stand on the line below the question ("Media encrypted with AES-256?" over
    // "[ ] Yes [X] No If No, reason: ...").
    const beside = [lines[i - 1], lines[i + 1]].find(
      (l) => l !== undefined && (OFF_LINE.test(l[0]) || TICKED_NO.test(l[0].replace(UNTICKED, ' '))),
    );
    const at = OFF_VALUE.test(value) ? line : beside;
    if (!at) continue;
    const segment = segmentAt(doc, at.index + at[0].search(/\S/));
    if (segment)
      return { segment, text: at === line ? line[0].trim() : `${line[0].trim()} / ${at[0].trim()}` };
  }
  return null;
}
