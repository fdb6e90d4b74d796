// Quantities stated in policy language, normalised so that different phrasings of one value
// compare equal: "every six months" = 180 days, "quarterly" = 90 days, "72 hours" = 3 days,
// "thirty (30) days" = 30 days, "AES-256" = 256 bits.
import { MONTH } from './dates';

export type QuantityKind = 'period' | 'duration' | 'strength' | 'count';
export type Bound = 'min' | 'max' | 'exact';

export interface Quantity {
  kind: QuantityKind;
  /** Days for periods and durations, bits for strengths, the number for counts. */
  value: number;
  /** The words that stated it, as written. */
  phrase: string;
  /** Offset of the phrase in the text it was found in. */
  index: number;
  bound: Bound;
  /** Set when the text moves from an old value to this one ("from daily to weekly"). */
  changedFrom: string | null;
}

const UNITS_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const TENS_WORDS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};

/** Cardinals of one word, zero to ninety ("fourteen", "sixty"): also read by number-words.ts. */
export const SMALL_CARDINALS: Record<string, number> = {
  zero: 0,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  ...Object.fromEntries(UNITS_WORDS.map((w, i) => [w, i + 1])),
  ...TENS_WORDS,
};

/** Number words as policies write them: "fourteen", "thirty-six", "ninety". */
const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  hundred: 100,
  ...SMALL_CARDINALS,
  ...Object.fromEntries(
    Object.entries(TENS_WORDS).flatMap(([tens, t]) => UNITS_WORDS.map((u, i) => [`${tens}-${u}`, t + i + 1])),
  ),
};
/** Ordinal days a deadline may be written with ("by the fifteenth business day"). */
const ORDINAL_WORDS: Record<string, number> = {
  fifth: 5,
  seventh: 7,
  tenth: 10,
  fourteenth: 14,
  fifteenth: 15,
  twentieth: 20,
  thirtieth: 30,
  sixtieth: 60,
  ninetieth: 90,
};

const NUMBER = `(\\d+(?:\\.\\d+)?|${Object.keys(NUMBER_WORDS)
  .sort((a, b) => b.length - a.length)
  .join('|')})`;
const NUMBER_NONCAPTURING = `(?:${NUMBER.slice(1, -1)})`;

/** How many times "once", "twice", "three times" says. */
function timesIn(word: string): number | null {
  const lower = word.toLowerCase();
  if (lower === 'once') return 1;
  if (lower === 'twice') return 2;
  if (lower === 'thrice') return 3;
  return parseNumber(lower.replace(/\s+times$/, ''));
}

const UNIT_DAYS: Record<string, number> = {
  second: 1 / 86400,
  minute: 1 / 1440,
  hour: 1 / 24,
  day: 1,
  'business day': 1.4,
  'working day': 1.4,
  'calendar day': 1,
  week: 7,
  'calendar week': 7,
  month: 30.4375,
  'calendar month': 30.4375,
  year: 365.25,
  'calendar year': 365.25,
  'fiscal year': 365.25,
  'financial year': 365.25,
  // A working hour is an eighth of a working day: "72 working hours" is nine working days.
  'working hour': 1.4 / 8,
  'business hour': 1.4 / 8,
};
// "three (3) full fiscal years", "two complete years": a word that says the span is whole is no
// other unit.
const UNIT =
  '(?:(?:full|complete|whole|clear|consecutive|continuous|successive)\\s+)?(second|minute|hour|business day|working day|calendar day|calendar week|calendar month|calendar year|fiscal year|financial year|working hour|business hour|day|week|month|year)s?';

const FREQUENCY_WORDS: Array<[RegExp, number]> = [
  [/\bhourly\b/i, 1 / 24],
  [/\b(?:daily|nightly|every day|each day|once a day|once per day|per day)\b/i, 1],
  [/\b(?:bi-?weekly|fortnightly|every other week|every two weeks)\b/i, 14],
  [/\b(?:weekly|(?:every|each|once a|once per) (?:calendar )?week)\b/i, 7],
  [
    /\b(?:semi-?annual(?:ly)?|bi-?annual(?:ly)?|twice (?:a|per|each) year|every half[- ]year|half[- ]?yearly)\b/i,
    182.6,
  ],
  [/\b(?:monthly|(?:every|each|once a|once per|once each) (?:calendar )?month)\b/i, 30.4375],
  // "at least once each calendar quarter": the calendar's quarter is still a quarter.
  [/\b(?:quarterly|(?:every|each|once a|once per|once each|per) (?:calendar )?quarter)\b/i, 91.3],
  [/\b(?:biennial(?:ly)?|every other year)\b/i, 730.5],
  [
    /\b(?:annual(?:ly)?|yearly|every year|each year|once a year|once per year|once each year|per year|per annum)\b/i,
    365.25,
  ],
];

const MONTH_NAME = new RegExp(`\\b${MONTH}\\b`, 'gi');
/** Two or more months named, then "each year" or "every year". */
const MONTHS_EACH_YEAR = new RegExp(
  `\\b${MONTH}(?:\\s*,\\s*${MONTH})*,?\\s+(?:and|&)\\s+${MONTH}\\s+(?:of\\s+)?(?:each|every)\\s+year\\b`,
  'gi',
);

export function parseNumber(word: string): number | null {
  const lower = word.toLowerCase();
  if (/^\d/.test(lower)) return Number(lower);
  return NUMBER_WORDS[lower] ?? null;
}

function boundBefore(text: string, index: number): Bound {
  // Emphasis marks ("within **one calendar month**") are no words.
  const before = text
    .slice(Math.max(0, index - 32), index)
    .toLowerCase()
    .replace(/[*_]+/g, '');
  // "a minimum length of 14", "maximum age of 90 days": the bound named with what it bounds.
  if (
    /(at least|minimum(?: [a-z]+)? of|no less than|not less than|a minimum)\s*(?:a|an|of)?\s*$/.test(before)
  )
    return 'min';
  if (
    /(within|(?:no|not|in no (?:event|case)) (?:later|longer) than|at most|maximum(?: [a-z]+)? of|up to|no more than|not more than|not (?:to )?exceed(?:ing)?)\s*(?:a|an|of)?\s*$/.test(
      before,
    )
  )
    return 'max';
  return 'exact';
}

/**
 * How often at the least or at the most: "at least every two (2) months", "at least annually", "no
 * less frequently than quarterly" bound the interval from above (no longer apart than that); "at
 * most once a year" from below. A period stated plainly is exact.
 */
function periodBoundBefore(text: string, index: number): Bound {
  const before = text
    .slice(Math.max(0, index - 40), index)
    .toLowerCase()
    .replace(/[*_]+/g, '');
  if (/(?:at least|no less (?:often|frequently) than|not less (?:often|frequently) than)\s*$/.test(before))
    return 'max';
  if (/(?:at most|no more (?:often|frequently) than|not more (?:often|frequently) than)\s*$/.test(before))
    return 'min';
  return 'exact';
}

/** A period ("every six months" = 182.625 days) found by a match, bounded by the words before it. */
function periodAt(text: string, m: RegExpMatchArray, value: number): Quantity {
  return {
    kind: 'period',
    value,
    phrase: m[0],
    index: m.index!,
    bound: periodBoundBefore(text, m.index!),
    changedFrom: null,
  };
}

/** The words before a length of time that make it the gap between repeats ("intervals not exceeding"). */
const INTERVAL_BEFORE =
  /\bintervals?\s+(?:of\s+)?(?:(?:not|no)\s+(?:exceeding|longer\s+than|greater\s+than|more\s+than)\s+|(?:of\s+)?(?:up\s+to|at\s+most)\s+)?$/i;

/** Periods (how often) and durations (how long) in a sentence, in order of appearance. */
export function extractTimeQuantities(text: string): Quantity[] {
  const found: Quantity[] = [];
  const taken: Array<[number, number]> = [];
  const overlaps = (s: number, e: number) => taken.some(([a, b]) => s < b && e > a);
  const add = (q: Quantity, length: number) => {
    if (overlaps(q.index, q.index + length)) return;
    taken.push([q.index, q.index + length]);
    found.push(q);
  };
  // "no more than twice in any calendar year", "twice a day", "three times per week", "Twice per
  // 12-hour shift": a frequency, not a length of time.
  const oncePer = new RegExp(
    `\\b(once|twice|thrice|${NUMBER_NONCAPTURING}\\s+times)\\s+(?:(?:in|per|during|within)\\s+(?:any|each|a|an|every)\\s+|(?:a|an|per|each|every)\\s+)(?:period\\s+of\\s+)?(?:${NUMBER}(?:\\s*\\((\\d+)\\))?(?:\\s+|-))?${UNIT}\\b(?:\\s+(?:period|shift))?`,
    'gi',
  );
  for (const m of text.matchAll(oncePer)) {
    // "once in any thirty-six (36) months": the digits in brackets restate the words.
    const n = m[3] ? Number(m[3]) : m[2] ? parseNumber(m[2]) : 1;
    const unit = UNIT_DAYS[m[4]!.toLowerCase()];
    const times = timesIn(m[1]!);
    if (n === null || unit === undefined || times === null) continue;
    add(periodAt(text, m, (n * unit) / times), m[0].length);
  }
  // "six-monthly", "three-monthly", "two-weekly": every so many months or weeks (British usage),
  // not "monthly".
  const everyHyphenated = new RegExp(`\\b${NUMBER}-(week|month|year)ly\\b`, 'gi');
  for (const m of text.matchAll(everyHyphenated)) {
    const n = parseNumber(m[1]!);
    const unit = UNIT_DAYS[m[2]!.toLowerCase()];
    if (n === null || unit === undefined) continue;
    add(periodAt(text, m, n * unit), m[0].length);
  }
  // "In January and July each year", "in March, June, September and December every year": as
  // many times a year as months are named, not once a year.
  for (const m of text.matchAll(MONTHS_EACH_YEAR)) {
    const months = m[0].match(MONTH_NAME)!.length;
    add(periodAt(text, m, 365.25 / months), m[0].length);
  }
  // "every 90 days", "every six months", "every six (6) months", "at least every 12 months"
  const every = new RegExp(
    `\\b(?:every|each|once every|once each)\\s+(?:${NUMBER}(?:\\s*\\((\\d+)\\))?\\s+)?${UNIT}\\b`,
    'gi',
  );
  for (const m of text.matchAll(every)) {
    const n = m[2] ? Number(m[2]) : m[1] ? parseNumber(m[1]) : 1;
    const unit = UNIT_DAYS[m[3]!.toLowerCase()];
    if (n === null || unit === undefined) continue;
    add(periodAt(text, m, n * unit), m[0].length);
  }
  for (const [pattern, days] of FREQUENCY_WORDS) {
    for (const m of text.matchAll(new RegExp(pattern.source, 'gi'))) {
      add(periodAt(text, m, days), m[0].length);
    }
  }
  // A deadline named by the day it ends: "by end of the following working day", "by
  // the end of the following working day" is at most one business day away.
  const nextDay =
    /\b(?:(?:by|before|no later than|not later than)\s+)?(?:the\s+)?(?:(?:end|close)\s+of\s+(?:business\s+)?(?:on\s+)?(?:the\s+)?)?(?:next|following)\s+(business|working|calendar)?\s*day\b/gi;
  for (const m of text.matchAll(nextDay)) {
    const days = m[1] && !/calendar/i.test(m[1]) ? UNIT_DAYS['business day']! : 1;
    add(
      { kind: 'duration', value: days, phrase: m[0], index: m.index, bound: 'max', changedFrom: null },
      m[0].length,
    );
  }
  // A deadline on the day of its trigger: "on the same day a breach is detected", "no later than
  // the end of their last working day": within that day, at most one day away ("the last day of
  // each month" is a date in a calendar, no deadline).
  const sameDay =
    /\b(?:(?:by|before|no later than|not later than|on)\s+)?(?:the\s+)?(?:(?:end|close)\s+of\s+(?:business\s+)?(?:on\s+)?)?(?:the|their|his|her|its|that)\s+(?:same|last)\s+(?:(?:business|working|calendar)\s+)?day\b(?!\s+of\s+(?:each|every|the|a|an)\b)/gi;
  for (const m of text.matchAll(sameDay))
    add(
      { kind: 'duration', value: 1, phrase: m[0], index: m.index, bound: 'max', changedFrom: null },
      m[0].length,
    );
  // "90 days", "thirty (30) days", "72 hours", "24-hour", "one year"
  const amount = new RegExp(`\\b${NUMBER}(?:\\s*\\((\\d+)\\))?(?:\\s+|-)${UNIT}\\b`, 'gi');
  for (const m of text.matchAll(amount)) {
    const n = m[2] ? Number(m[2]) : parseNumber(m[1]!);
    const unit = UNIT_DAYS[m[3]!.toLowerCase()];
    if (n === null || unit === undefined) continue;
    const bound = boundBefore(text, m.index);
    // "at intervals not exceeding two (2) hours", "at intervals of six months": how often, not how long.
    const kind = INTERVAL_BEFORE.test(text.slice(Math.max(0, m.index - 50), m.index)) ? 'period' : 'duration';
    add({ kind, value: n * unit, phrase: m[0], index: m.index, bound, changedFrom: null }, m[0].length);
  }
  // A deadline written as an ordinal day: "no later than the 15th business day after receipt",
  // "by the thirtieth day".
  const ordinalDay = new RegExp(
    `\\b(?:by|no later than|not later than|on or before)\\s+the\\s+(\\d{1,3}(?:st|nd|rd|th)|${Object.keys(ORDINAL_WORDS).join('|')})\\s+(?:(business|working|calendar)\\s+)?day\\b`,
    'gi',
  );
  for (const m of text.matchAll(ordinalDay)) {
    const n = /^\d/.test(m[1]!) ? parseInt(m[1]!, 10) : ORDINAL_WORDS[m[1]!.toLowerCase()]!;
    const unit = m[2] && !/calendar/i.test(m[2]) ? UNIT_DAYS['business day']! : 1;
    add(
      { kind: 'duration', value: n * unit, phrase: m[0], index: m.index, bound: 'max', changedFrom: null },
      m[0].length,
    );
  }
  // Table shorthand: "90d", "72h", "1 yr", "12 mos".
  const short = /\b(\d+)(?:(h|d)|\s?(hrs?|wks?|mos?|yrs?))\b(?!-)/gi;
  const SHORT_DAYS: Record<string, number> = {
    h: 1 / 24,
    hr: 1 / 24,
    hrs: 1 / 24,
    d: 1,
    wk: 7,
    wks: 7,
    mo: 30.4375,
    mos: 30.4375,
    yr: 365.25,
    yrs: 365.25,
  };
  for (const m of text.matchAll(short)) {
    const unit = SHORT_DAYS[(m[2] ?? m[3])!.toLowerCase()];
    // A capital D after a digit names a thing, not days: an "8D" report, a "3D" model.
    if (unit === undefined || m[2] === 'D') continue;
    add(
      {
        kind: 'duration',
        value: Number(m[1]) * unit,
        phrase: m[0],
        index: m.index,
        bound: boundBefore(text, m.index),
        changedFrom: null,
      },
      m[0].length,
    );
  }
  found.sort((a, b) => a.index - b.index);
  markChanges(text, found);
  return found;
}

/** "from daily to weekly": the later value is the one in force; remember what it replaced. */
function markChanges(text: string, quantities: Quantity[]): void {
  for (let i = 0; i + 1 < quantities.length; i += 1) {
    const a = quantities[i]!;
    const b = quantities[i + 1]!;
    if (a.kind !== b.kind) continue;
    const between = text.slice(a.index + a.phrase.length, b.index).toLowerCase();
    const before = text.slice(Math.max(0, a.index - 6), a.index).toLowerCase();
    if (/^\s*(?:to|into|->)\s*$/.test(between) && /from\s*$/.test(before)) {
      b.changedFrom = a.phrase;
      quantities.splice(i, 1);
      i -= 1;
    }
  }
}

/** Cipher strengths: "AES-256", "256-bit", "RSA 2048". */
export function extractStrengths(text: string): Quantity[] {
  const out: Quantity[] = [];
  const seen = new Set<number>();
  const patterns = [
    /\bAES[- ]?(128|192|256)\b/gi,
    /\b(128|192|256|1024|2048|3072|4096)[- ]?bits?\b/gi,
    /\bRSA[- ]?(1024|2048|3072|4096)\b/gi,
  ];
  for (const pattern of patterns) {
    for (const m of text.matchAll(pattern)) {
      if ([...seen].some((i) => Math.abs(i - m.index) < 12)) continue;
      seen.add(m.index);
      out.push({
        kind: 'strength',
        value: Number(m[1]),
        phrase: m[0],
        index: m.index,
        bound: boundBefore(text, m.index),
        changedFrom: null,
      });
    }
  }
  return out.sort((a, b) => a.index - b.index);
}

/** Counts with a unit word: "12 characters", "3 unsuccessful PIN entries". */
export function extractCounts(text: string, unit: RegExp): Quantity[] {
  const out: Quantity[] = [];
  const pattern = new RegExp(
    `\\b${NUMBER}(?:\\s*\\((\\d+)\\))?\\s+(?:[a-z-]+\\s+){0,2}?(?:${unit.source})`,
    'gi',
  );
  for (const m of text.matchAll(pattern)) {
    const n = m[2] ? Number(m[2]) : parseNumber(m[1]!);
    if (n === null || /^(a|an)$/i.test(m[1]!)) continue;
    out.push({
      kind: 'count',
      value: n,
      phrase: m[0],
      index: m.index,
      bound: boundBefore(text, m.index),
      changedFrom: null,
    });
  }
  return out;
}

/** Two stated values contradict each other (allowing rounding and one-sided bounds). */
export function incompatible(a: Quantity, b: Quantity): boolean {
  if (a.kind !== b.kind && !(isTime(a) && isTime(b))) return false;
  const hi = Math.max(a.value, b.value);
  const lo = Math.min(a.value, b.value);
  if (hi === 0 ? lo === 0 : (hi - lo) / hi <= 0.1) return false;
  // How often: "at least every six months" against "every 90 days" leaves the second stricter but
  // each allows what the other forbids; which one binds is the reader's question (see
  // checks/requirement-conflict), not the values'.
  if (a.kind === 'period' && b.kind === 'period') return true;
  // "at least one year" is satisfied by exactly two years, "within 72 hours" by exactly 24 hours;
  // two bounds of the same kind with different values are two different rules.
  if (a.bound === 'min' && b.bound === 'exact' && b.value >= a.value) return false;
  if (b.bound === 'min' && a.bound === 'exact' && a.value >= b.value) return false;
  if (a.bound === 'max' && b.bound === 'exact' && b.value <= a.value) return false;
  if (b.bound === 'max' && a.bound === 'exact' && a.value <= b.value) return false;
  return true;
}

function isTime(q: Quantity): boolean {
  return q.kind === 'period' || q.kind === 'duration';
}

/** A readable form of a number of days: "90 days", "1 year", "72 hours". */
export function describeDays(days: number): string {
  const hours = days * 24;
  if (hours < 1) {
    const minutes = Math.round(days * 1440);
    return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  }
  if (days < 1 || (days <= 3 && Math.abs(hours - Math.round(hours)) < 0.01)) {
    const whole = Math.round(hours);
    return `${whole} hour${whole === 1 ? '' : 's'}`;
  }
  if (Math.abs(days - 365.25) < 1) return '1 year';
  // "13 months" reads better than "396 days"; 30, 60 or 90 days stay days.
  const months = days / 30.4375;
  if (days > 120 && Math.abs(months - Math.round(months)) < 0.02 && Math.round(months) % 12 !== 0)
    return `${Math.round(months)} months`;
  if (days > 360 && Math.abs(days / 365.25 - Math.round(days / 365.25)) < 0.02)
    return `${Math.round(days / 365.25)} years`;
  return `${Math.round(days)} day${Math.round(days) === 1 ? '' : 's'}`;
}

const PERIOD_NAMES: Array<[number, string]> = [
  [1 / 24, 'hourly'],
  [1, 'daily'],
  [7, 'weekly'],
  [14, 'every two weeks'],
  [30.4375, 'monthly'],
  [91.3, 'quarterly'],
  [182.6, 'every six months'],
  [365.25, 'annually'],
];

/** A period as people say it: "quarterly", "every 90 days". */
export function describePeriod(days: number): string {
  const named = PERIOD_NAMES.find(([d]) => Math.abs(d - days) / d < 0.03);
  return named ? named[1] : `every ${describeDays(days)}`;
}

export function describeQuantity(q: Quantity): string {
  switch (q.kind) {
    case 'strength':
      return `${q.value}-bit`;
    case 'count':
      return q.phrase.replace(/\s+/g, ' ');
    case 'period': {
      const normalised = describePeriod(q.value);
      return normalised.toLowerCase() === q.phrase.toLowerCase()
        ? normalised
        : `${normalised} ("${q.phrase}")`;
    }
    case 'duration': {
      // Working days and "the same day" have no exact length in days: say them as written.
      const asWritten = /\b(?:business|working)\s+days?\b|\b(?:same|last)\s+(?:\w+\s+)?day\b/i.test(q.phrase);
      const normalised = asWritten
        ? q.phrase.replace(/\s+/g, ' ').replace(/\b[a-z-]+\s*\((\d+)\)/gi, '$1')
        : describeDays(q.value);
      return normalised.toLowerCase() === q.phrase.toLowerCase()
        ? normalised
        : `${normalised} ("${q.phrase}")`;
    }
  }
}

/**
 * A value that opens a bracket after another of its kind notes that one or another cell: "6 years
 * (13 months online)", "21 CFR 1304.04 (2 yrs)". In a table row it is not the row's value.
 */
export function notesEarlierValue(text: string, quantity: Quantity, earlier: Quantity[]): boolean {
  return (
    earlier.some((q) => q.kind === quantity.kind && q.index < quantity.index) &&
    /\(\s*$/.test(text.slice(0, quantity.index))
  );
}

/**
 * Words right before a duration that make it a ceiling ("for no more than 12 months", "shall not
 * exceed twelve (12) hours", "a maximum of 30 days"): the longest an exception, permit or pass may run.
 */
export const CEILING_BEFORE =
  /\b(?:no(?:t)? (?:more|longer) than|(?:may|must|shall|can|will) not (?:exceed|last (?:more|longer) than|run (?:for )?(?:more|longer) than|be (?:valid|issued) for (?:more|longer) than)|not to exceed|longer than|(?:a )?maximum(?: (?:term|period|duration|validity))?(?: of)?|up to|at most|exceeding)\s*(?:a\s+(?:period|term)\s+of\s+)?$/i;
