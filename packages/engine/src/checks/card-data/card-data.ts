// flow_down_check on records: a form, register, note or e-mail that holds a full payment card
// number (a Luhn-valid PAN of 13 to 19 digits, not masked) or a card security code, where a policy
// forbids keeping them ("Full PAN must never be written on paper forms", "card verification codes
// ... must never be stored after authorization"). The rule is found by what it forbids, not by a
// framework: any normative statement that prohibits recording card numbers or security codes.
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { isNormative } from '../../analyst/document-roles';
import { quoteOf, type Issue } from '../../analyst/issue';

/** A card number as written: 13 to 19 digits, in groups of 4 (or 4-6-5) or run together. */
const PAN = /(?<![\d-])(?:[2-6]\d{3}(?:[ -]?\d{4}){2}[ -]?\d{1,7}|[2-6]\d{12,18})(?![\d-])/g;
/** A card security code written with its label: "Card security code (3 digits on back): 417". */
const SECURITY_CODE =
  /\b(?:CVV2?|CVC2?|CID|CAV2|card (?:security|verification) (?:code|value|number)|security code)\b[^\n:]{0,40}[:=]?\s*(\d{3,4})\b/i;
/** What the rule is about: card numbers or the data a card's security rests on. */
const CARD_DATA =
  /\b(?:PANs?|primary account numbers?|(?:full |payment )?card numbers?|card verification (?:codes?|values?)|CVV2?|CVC2?|security codes?|sensitive authentication data)\b/i;
/** What makes it a prohibition. */
const FORBIDS =
  /\b(?:never|must not|shall not|may not|is not (?:to be|permitted)|are not (?:to be|permitted)|prohibited|forbidden|not (?:be )?(?:stored|recorded|written|retained|kept)|only the (?:last|first) (?:four|4|six|6))\b/i;

/** Whether a digit string passes the Luhn check every payment card number passes. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A label that names a card number ("Card number:", "PAN", "Visa no."). */
const CARD_LABEL = /\b(?:card(?:\s+(?:number|no\.?|#))?|PAN|Visa|Mastercard|Amex)\b[^\n\d]{0,20}$/i;

/** Labels of other long numbers that can pass the Luhn check (a handset's IMEI, an account). */
const OTHER_NUMBER = /\b(?:IMEI|serial|S\/N|account|IBAN|phone|tel|mobile|ID)\b[^\n]{0,30}$/i;

/**
 * The full card numbers a text writes out (masked ones, "**** 6648", are not): a digit string that
 * passes the Luhn check, or one a card label introduces (a made-up number on a form is still one).
 */
export function cardNumbersIn(text: string): Array<{ value: string; index: number }> {
  return [...text.matchAll(PAN)]
    .map((m) => ({ value: m[0], index: m.index, digits: m[0].replace(/\D/g, '') }))
    .filter(
      (m) =>
        m.digits.length >= 13 &&
        m.digits.length <= 19 &&
        !/^(\d)\1+$/.test(m.digits) &&
        (CARD_LABEL.test(text.slice(Math.max(0, m.index - 40), m.index)) ||
          (luhnValid(m.digits) &&
            /^(?:4\d{15}|5[1-5]\d{14}|2[2-7]\d{14}|6\d{15}|3[47]\d{13})$/.test(m.digits) &&
            !OTHER_NUMBER.test(text.slice(Math.max(0, m.index - 40), m.index)))),
    )
    .map(({ value, index }) => ({ value, index }));
}

export interface StoredCardData {
  record: AnalyzedDocument;
  rule: LocatedSegment;
  /** The segments holding a full card number, and the one holding a security code (if any). */
  numbers: Array<{ segment: LocatedSegment; value: string }>;
  code: LocatedSegment | null;
}

function cardRule(analysis: CorpusAnalysis, securityCode: boolean): LocatedSegment | null {
  const rules = analysis.documents
    .filter((d) => isNormative(d.role))
    .flatMap((d) => d.segments)
    .filter((s) => CARD_DATA.test(s.text) && FORBIDS.test(s.text));
  // A rule about the security code quotes best for a record that holds one.
  const about = (s: LocatedSegment) =>
    /\b(?:CVV|CVC|CID|verification|security code|authentication data)/i.test(s.text);
  return (securityCode ? rules.find(about) : null) ?? rules[0] ?? null;
}

const cache = new WeakMap<CorpusAnalysis, StoredCardData[]>();

/** The records holding card data a rule forbids, read once per corpus. */
export function storedCardData(analysis: CorpusAnalysis): StoredCardData[] {
  let found = cache.get(analysis);
  if (found) return found;
  found = [];
  for (const record of analysis.documents) {
    if (isNormative(record.role)) continue;
    const numbers = record.segments.flatMap((segment) =>
      cardNumbersIn(segment.text).map((n) => ({ segment, value: n.value })),
    );
    if (numbers.length === 0) continue;
    const code = record.segments.find((s) => SECURITY_CODE.test(s.text)) ?? null;
    const rule = cardRule(analysis, code !== null);
    if (rule) found.push({ record, rule, numbers, code });
  }
  cache.set(analysis, found);
  return found;
}

export function cardDataSubject(record: string): string {
  return `card-data:${record}`;
}

/** A card number as a report may show it: its last four digits. */
function masked(value: string): string {
  return `ending ${value.replace(/\D/g, '').slice(-4)}`;
}

export function storedCardDataIssue(found: StoredCardData): Issue {
  const { record, rule, numbers, code } = found;
  const subject = cardDataSubject(record.name);
  const what = `${numbers.length === 1 ? 'a full card number' : `${numbers.length} full card numbers`} (${numbers
    .slice(0, 3)
    .map((n) => masked(n.value))
    .join(', ')})${code ? ' and a card security code' : ''}`;
  return {
    primitive: 'flow_down_check',
    subject,
    aspects: [subject],
    title: `${record.name} records ${what}, which ${rule.document} forbids`,
    description:
      `${rule.document} forbids keeping card data ("${rule.text.slice(0, 220)}"), but ${record.name} holds ${what} in full. ` +
      'Card data written into a record outside the payment system is exposed wherever the record is kept or copied.',
    rootCause: `The record's layout asks for card data, or its users were not held to ${rule.document}.`,
    remediationScope: `Destroy or redact the card data in ${record.name}, remove the fields that collect it, and check the other records of its kind.`,
    remediationEffortHours: 3,
    severity: 'high',
    confidence: 0.85,
    frameworks: [],
    quotes: [
      quoteOf(rule),
      quoteOf(numbers[0]!.segment),
      ...(code && code !== numbers[0]!.segment ? [quoteOf(code)] : []),
    ],
  };
}
