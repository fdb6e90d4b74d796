// Calendar dates in document text: ISO dates, "4 March 2019", "March 4, 2019", US "03/14/2019",
// day-first "14.03.2019", and the dates of e-mail headers. Used for document currency (last reviewed vs. the corpus's newest date) and for
// evidence records (the dates of an access-review log).

export interface FoundDate {
  /** Milliseconds since the epoch, UTC midnight. */
  time: number;
  iso: string;
  phrase: string;
  index: number;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';

function make(year: number, month: number, day: number, phrase: string, index: number): FoundDate | null {
  if (year < 1970 || year > 2100 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  const time = Date.UTC(year, month - 1, day);
  return { time, iso: new Date(time).toISOString().slice(0, 10), phrase, index };
}

export function extractDates(text: string): FoundDate[] {
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
  // Numeric day-first or month-first dates: "03/14/2021" (US), "14/03/2021" (day over 12, so
  // day-first), "14.03.2021" (dotted, day-first as written in Europe).
  for (const m of text.matchAll(/(?<![\w/.-])(\d{1,2})([/.])(\d{1,2})\2((?:19|20)\d\d)(?![\d/.-]\d)/g)) {
    // Dotted dates are written with two-digit parts; "2.1.2024" is more likely a version.
    if (m[2] === '.' && (m[1]!.length < 2 || m[3]!.length < 2)) continue;
    const a = Number(m[1]);
    const b = Number(m[3]);
    const dayFirst = m[2] === '.' || a > 12;
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
export function extractMonthYears(text: string): FoundDate[] {
  const out: FoundDate[] = [];
  const full = extractDates(text);
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
export function parseDateCell(cell: string): FoundDate | null {
  const trimmed = cell.trim();
  if (trimmed.length === 0 || trimmed.length > 40) return null;
  const date = extractDates(trimmed)[0];
  return date && date.phrase.length >= trimmed.length - 12 ? date : null;
}

export const DAY_MS = 86_400_000;

export function isoOf(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}
