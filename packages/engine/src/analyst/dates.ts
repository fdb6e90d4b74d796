// Calendar dates in document text: ISO dates, "4 March 2019", "March 4, 2019", numeric "03/14/2019"
// and "14/03/2019", dotted "14.03.2019", and the dates of e-mail headers. Used for document currency
// (last reviewed vs. the corpus's newest date) and for evidence records (the dates of a log).
//
// A numeric date whose day and month could be swapped ("04/12/2025") is read only in the order
// its document is known to write dates (DateOrder, decided from the document's unambiguous dates
// by dateOrderEvidence); without that evidence it is not read at all, so it gives no finding.

export interface FoundDate {
  /** Milliseconds since the epoch, UTC midnight. */
  time: number;
  iso: string;
  phrase: string;
  index: number;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
/** A month's name or its abbreviation, as a capturing group; match case-insensitively. */
export const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';

function make(year: number, month: number, day: number, phrase: string, index: number): FoundDate | null {
  if (year < 1970 || year > 2100 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  const time = Date.UTC(year, month - 1, day);
  return { time, iso: new Date(time).toISOString().slice(0, 10), phrase, index };
}

/** How a document writes numeric dates: day first (14/03/2025) or month first (03/14/2025). */
export type DateOrder = 'dmy' | 'mdy';

const DAY_MONTH_YEAR = new RegExp(
  `\\b\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH}\\.?,?\\s+(?:19|20)\\d\\d\\b`,
  'gi',
);
const MONTH_DAY_YEAR = new RegExp(`\\b${MONTH}\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?,\\s+(?:19|20)\\d\\d\\b`, 'gi');
const NUMERIC_DATE = /(?<![\w/.-])(\d{1,2})([/.-])(\d{1,2})\2((?:19|20)\d\d)(?![\d/.-]\d)/g;

/** What a text shows of its date order: from unambiguous numeric dates, and from dates in words. */
export interface DateOrderEvidence {
  /** From numeric dates with a part over 12 (strong). */
  numeric: DateOrder | null;
  /** From dates written in words: "4 March 2025" is day first, "March 4, 2025" month first (weak:
   * writers of month-first numeric dates also write "4 March 2025"). */
  words: DateOrder | null;
}

/** Votes one way win when they are at least three times the other way's. */
function decide(dayFirst: number, monthFirst: number): DateOrder | null {
  if (dayFirst > monthFirst && dayFirst >= 3 * monthFirst) return 'dmy';
  if (monthFirst > dayFirst && monthFirst >= 3 * dayFirst) return 'mdy';
  return null;
}

export function dateOrderEvidence(text: string): DateOrderEvidence {
  let dayFirst = 0;
  let monthFirst = 0;
  for (const m of text.matchAll(NUMERIC_DATE)) {
    const a = Number(m[1]);
    const b = Number(m[3]);
    if (a > 12 && b <= 12) dayFirst += 1;
    if (b > 12 && a <= 12) monthFirst += 1;
  }
  const wordsDayFirst = [...text.matchAll(DAY_MONTH_YEAR)].length;
  const wordsMonthFirst = [...text.matchAll(MONTH_DAY_YEAR)].length;
  return { numeric: decide(dayFirst, monthFirst), words: decide(wordsDayFirst, wordsMonthFirst) };
}

/**
 * The dates of a text. `order` is how its document writes numeric dates; an ambiguous numeric
 * date ("04/12/2025") is skipped when it is null.
 */
export function extractDates(text: string, order: DateOrder | null = null): FoundDate[] {
  const out: FoundDate[] = [];
  for (const m of text.matchAll(/\b((?:19|20)\d\d)[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/g)) {
    const d = make(Number(m[1]), Number(m[2]), Number(m[3]), m[0], m.index);
    if (d) out.push(d);
  }
  for (const m of text.matchAll(
    new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+${MONTH}\\.?,?\\s+((?:19|20)\\d\\d)\\b`, 'gi'),
  )) {
    const d = make(
      Number(m[3]),
      MONTHS.indexOf(m[2]!.slice(0, 3).toLowerCase()) + 1,
      Number(m[1]),
      m[0],
      m.index,
    );
    if (d) out.push(d);
  }
  for (const m of text.matchAll(
    new RegExp(`\\b${MONTH}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+((?:19|20)\\d\\d)\\b`, 'gi'),
  )) {
    const d = make(
      Number(m[3]),
      MONTHS.indexOf(m[1]!.slice(0, 3).toLowerCase()) + 1,
      Number(m[2]),
      m[0],
      m.index,
    );
    if (d) out.push(d);
  }
  // Numeric dates: "03/14/2021" (month first: the second part is over 12), "14/03/2021" (day
  // first), "14.03.2021" (dotted: day first as written in Europe), "04/12/2021" in the
  // document's own order when it is known.
  for (const m of text.matchAll(NUMERIC_DATE)) {
    const separator = m[2]!;
    // Dotted dates are written with two-digit parts; "2.1.2024" is more likely a version.
    if (separator === '.' && (m[1]!.length < 2 || m[3]!.length < 2)) continue;
    const a = Number(m[1]);
    const b = Number(m[3]);
    let dayFirst: boolean;
    if (a > 12 || separator === '.') dayFirst = true;
    else if (b > 12 || a === b) dayFirst = false;
    else if (order !== null) dayFirst = order === 'dmy';
    else continue; // ambiguous, and nothing says how this document writes dates
    const d = make(Number(m[4]), dayFirst ? b : a, dayFirst ? a : b, m[0], m.index);
    if (d) out.push(d);
  }
  // "14-Mar-2025", "14-March-2025".
  for (const m of text.matchAll(new RegExp(`\\b(\\d{1,2})-${MONTH}-((?:19|20)\\d\\d)\\b`, 'gi'))) {
    const d = make(
      Number(m[3]),
      MONTHS.indexOf(m[2]!.slice(0, 3).toLowerCase()) + 1,
      Number(m[1]),
      m[0],
      m.index,
    );
    if (d) out.push(d);
  }
  // Spreadsheet exports: "14-Mar-25" (two-digit year, read as 20xx).
  for (const m of text.matchAll(new RegExp(`\\b(\\d{1,2})-${MONTH}-(\\d{2})(?![\\d-])`, 'gi'))) {
    const d = make(
      2000 + Number(m[3]),
      MONTHS.indexOf(m[2]!.slice(0, 3).toLowerCase()) + 1,
      Number(m[1]),
      m[0],
      m.index,
    );
    if (d) out.push(d);
  }
  return out.sort((a, b) => a.index - b.index);
}

/**
 * Month-and-year phrases without a day ("in March 2025", "March-2025"), dated to the month's last
 * day: the latest the event can have happened, so an elapsed time computed from it is never
 * overstated. Kept apart from extractDates, whose full dates drive the corpus's reference date.
 */
export function extractMonthYears(text: string, order: DateOrder | null = null): FoundDate[] {
  const out: FoundDate[] = [];
  const full = extractDates(text, order);
  for (const m of text.matchAll(new RegExp(`\\b${MONTH}\\.?[ -]((?:19|20)\\d\\d)\\b`, 'gi'))) {
    if (full.some((d) => m.index >= d.index && m.index < d.index + d.phrase.length)) continue;
    const month = MONTHS.indexOf(m[1]!.slice(0, 3).toLowerCase()) + 1;
    const year = Number(m[2]);
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const d = make(year, month, last, m[0], m.index);
    if (d) out.push(d);
  }
  return out;
}

/** The date a short cell or phrase holds when it is (almost) nothing but a date, else null. */
export function parseDateCell(cell: string, order: DateOrder | null = null): FoundDate | null {
  const trimmed = cell.trim();
  if (trimmed.length === 0 || trimmed.length > 40) return null;
  const date = extractDates(trimmed, order)[0];
  return date && date.phrase.length >= trimmed.length - 12 ? date : null;
}

export const DAY_MS = 86_400_000;

export function isoOf(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}
