// conflict_check on a record's validity: a normative rule caps how long a permit, pass or
// authorisation may be valid ("A permit is valid for one shift only and shall not exceed twelve
// (12) hours", "Visitor passes are valid for no more than one day"), and a record of one (a
// scanned permit, a pass, a register line) is issued "Valid from 03/11/2026 07:00 ... Valid to
// 06/11/2026 19:00", a longer span. The work it covers went on under an authority the rule had
// already ended. Exceptions have their own family (exception-term): their caps are on the risk
// accepted, not on an issued document.
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { segmentAt } from '../../analyst/corpus-analysis';
import { DAY_MS, extractDates, type FoundDate } from '../../analyst/dates';
import { isNormative } from '../../analyst/document-roles';
import { quoteOf, type Issue } from '../../analyst/issue';
import { CEILING_BEFORE, describeDays, extractTimeQuantities } from '../../analyst/quantities';

/** Things issued for a limited time: the rule and the record must name the same one. */
const VALIDITY_NOUN = /\b(permit|pass|authori[sz]ation|clearance)(?:es|s)?\b/i;
/** The rule speaks of how long the thing is valid. */
const VALIDITY_WORD = /\bvalid(?:ity)?\b/i;

export interface ValidityCap {
  segment: LocatedSegment;
  /** What is issued ("permit"), in the singular. */
  noun: string;
  days: number;
  phrase: string;
}

export interface ValiditySpan {
  document: AnalyzedDocument;
  segment: LocatedSegment;
  noun: string;
  days: number;
  written: string;
}

/** "Permits", "passes", "authorizations": "permit", "pass", "authorisation". */
const singular = (noun: string) =>
  noun
    .toLowerCase()
    .replace(/(ss)es$|([^s])s$/, '$1$2')
    .replace(/z/g, 's');

/** The strictest cap per issued thing that a normative document states. */
export function validityCaps(analysis: CorpusAnalysis): ValidityCap[] {
  const best = new Map<string, ValidityCap>();
  for (const doc of analysis.documents.filter((d) => isNormative(d.role)))
    for (const segment of doc.segments) {
      const noun = VALIDITY_NOUN.exec(segment.text);
      if (!noun || !VALIDITY_WORD.test(segment.text) || segment.text.length > 500) continue;
      for (const q of extractTimeQuantities(segment.text)) {
        if (q.kind !== 'duration') continue;
        const before = segment.text.slice(Math.max(0, q.index - 50), q.index);
        if (q.bound !== 'max' && !CEILING_BEFORE.test(before)) continue;
        const key = singular(noun[1]!);
        const current = best.get(key);
        if (!current || q.value < current.days)
          best.set(key, { segment, noun: key, days: q.value, phrase: q.phrase.trim() });
      }
    }
  return [...best.values()];
}

/** "Valid from 03/11/2026 07:00 hrs ... Valid to 06/11/2026 19:00 hrs", "valid 2 May 2026 to 9 May 2026". */
const VALID_FROM = /\bvalid(?:ity)?\s*(?:period\s*)?(?:from\b|:)/gi;
const UNTIL =
  /^[\s:.,-]*(?:hrs|hours|h)?[\s.,;|-]*(?:valid(?:ity)?\s*)?(?:to|until|till|through|thru|expires?(?:\s+on)?|-|–)\s*:?\s*$/i;

/** A time of day written right after a date ("07:00 hrs", "at 19.00"). */
const TIME_OF_DAY = /^\s*(?:at\s+)?(\d{1,2})[:.](\d{2})\b(?:\s*hrs)?/;

/** The time written after a date, as a fraction of a day, and how long its writing is. */
function timeAfter(text: string, date: FoundDate): { fraction: number; length: number } {
  const m = TIME_OF_DAY.exec(text.slice(date.index + date.phrase.length));
  if (!m) return { fraction: 0, length: 0 };
  const hours = Number(m[1]);
  const minutes = Number(m[2]);
  const fraction = hours < 24 && minutes < 60 ? (hours * 60 + minutes) / (24 * 60) : 0;
  return { fraction, length: m[0].length };
}

/** The span a record is issued for, when it writes one from a date (and time) to another. */
export function validitySpans(analysis: CorpusAnalysis, nouns: Set<string>): ValiditySpan[] {
  const out: ValiditySpan[] = [];
  for (const doc of analysis.documents) {
    if (isNormative(doc.role) || doc.role === 'contract') continue;
    const noun = VALIDITY_NOUN.exec(doc.text);
    if (!noun || !nouns.has(singular(noun[1]!))) continue;
    for (const m of doc.text.matchAll(VALID_FROM)) {
      const window = doc.text.slice(m.index, m.index + 160);
      const dates = extractDates(window, doc.dateOrder);
      const [first, last] = dates;
      if (!first || !last) continue;
      const between = window
        .slice(first.index + first.phrase.length, last.index)
        .replace(/\d{1,2}[:.]\d{2}/, ' ');
      if (!UNTIL.test(between)) continue;
      const until = timeAfter(window, last);
      const days = (last.time - first.time) / DAY_MS + until.fraction - timeAfter(window, first).fraction;
      if (days <= 0) continue;
      const segment = segmentAt(doc, m.index) ?? segmentAt(doc, m.index + 1);
      if (!segment) continue;
      const end = last.index + last.phrase.length + until.length;
      out.push({
        document: doc,
        segment,
        noun: singular(noun[1]!),
        days,
        written: window.slice(first.index, end).replace(/\s+/g, ' ').trim(),
      });
      break;
    }
  }
  return out;
}

export interface ValidityOverrun {
  cap: ValidityCap;
  span: ValiditySpan;
}

const cache = new WeakMap<CorpusAnalysis, ValidityOverrun[]>();

/** The records issued for longer than their cap (an hour's slack), read once per corpus. */
export function validityOverruns(analysis: CorpusAnalysis): ValidityOverrun[] {
  let found = cache.get(analysis);
  if (!found) {
    const caps = validityCaps(analysis);
    const byNoun = new Map(caps.map((c) => [c.noun, c]));
    found = validitySpans(analysis, new Set(byNoun.keys()))
      .map((span) => ({ cap: byNoun.get(span.noun)!, span }))
      .filter(({ cap, span }) => span.days > cap.days + 1 / 24);
    cache.set(analysis, found);
  }
  return found;
}

/** A span as a reader counts it: in hours under a week, else in days. */
function spanLength(days: number): string {
  return days < 7 ? `${Math.round(days * 24)} hours` : describeDays(Math.round(days));
}

export function validitySubject(document: string): string {
  return `validity-term:${document}`;
}

export function validityIssue({ cap, span }: ValidityOverrun): Issue {
  const subject = validitySubject(span.document.name);
  return {
    primitive: 'conflict_check',
    subject,
    aspects: [subject],
    title: `${span.document.name}: a ${span.noun} valid for ${spanLength(span.days)} (${span.written}), beyond the ${cap.phrase} limit of ${cap.segment.document}`,
    description:
      `${cap.segment.document} caps a ${span.noun}'s validity at ${cap.phrase} ("${cap.segment.text.slice(0, 220)}"), ` +
      `but ${span.document.name} is issued for ${span.written}, about ${spanLength(span.days)}. ` +
      `The work went on under a ${span.noun} the rule had already ended, without the re-issue and fresh checks it requires.`,
    rootCause: `The ${span.noun} was issued without checking its validity against ${cap.segment.document}.`,
    remediationScope: `Re-issue the ${span.noun} within the ${cap.phrase} limit (with its checks repeated), and make the issuing step refuse a longer validity.`,
    remediationEffortHours: 2,
    severity: 'medium',
    confidence: 0.78,
    frameworks: [],
    quotes: [quoteOf(cap.segment), quoteOf(span.segment)],
  };
}
