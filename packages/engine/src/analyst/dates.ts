// Calendar dates in document text: ISO dates, "4 March 2019", "March 4, 2019", and the dates of
// e-mail headers. Used for document currency (last reviewed vs. the corpus's newest date) and for
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
  return out.sort((a, b) => a.index - b.index);
}

export const DAY_MS = 86_400_000;

export function isoOf(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}
