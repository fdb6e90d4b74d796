// The topic of a stated quantity: the key nouns of what is retained, rotated, reviewed or tested.
// Two statements of one concept only contradict each other when they speak about the same thing:
// "call recordings are kept 90 days" and "tickets are kept 2 years" are two rules, while "vehicle
// telematics data are retained for six months" and a schedule row "Vehicle telematics (GPS traces)
// | 90 days" are one rule stated twice. Topics are compared as sets of normalised key nouns.
import { foldTypography } from '../text/normalize';
import { parseNumber } from './quantities';

/** Words that never name the thing a rule is about: grammar, modal verbs, time, policy verbs. */
const NOT_TOPIC = new Set(
  (
    'a an and are as at be been being by can could for from has have had if in into is it its may must ' +
    'no not of on or our shall should such that the their them then there these they this those to ' +
    'under was were will would with within all any each other per than also which who whom whose when where ' +
    'while but only more most same do does done so up out over about after before between both during ' +
    'through we you your us i he she his her one two three four five six seven eight nine ten eleven ' +
    'twelve thirteen fifteen twenty thirty forty fifty sixty ninety hundred least less longer maximum ' +
    'minimum period periods second seconds minute minutes hour hours day days week weeks month months year years ' +
    'calendar business working daily weekly monthly quarterly annually annual yearly every once ' +
    'twice time times date dates retain retains retained retaining retention kept keep keeps keeping ' +
    'stored store storing storage hold held deleted delete deletion destroyed destroy disposal dispose ' +
    'purged purge overwritten overwrite automatically archived archive erased rotated rotate rotation ' +
    'reviewed review reviews tested test tests testing performed perform set sets new old now ' +
    'instead unless except until required requires require requirement available immediately ' +
    'recent most last first next following use used using made make general typically normally ' +
    'system systems data record records information documents document files file item items ' +
    'recording recordings recorded log logs copy copies category categories type types example examples trigger event value values policy standard ' +
    'procedure schedule section table row column note notes see via based aligned line accordance ' +
    'total overall case cases applicable apply applies approx approximately around thereafter ' +
    'end start subject whichever earlier later without undue delay becoming became aware likely ' +
    'unlikely result change changes against feasible affecting affected default exactly exception ' +
    'exceptions approved permit permits permitting obtained shorter longer guideline granted etc ' +
    'specific comply purpose purposes significant necessary appropriate relevant respective ' +
    'including include includes covered covers cover accept accepts accepted level levels based taken take takes carried conducted completed ' +
    'run runs held applied sent given provided ensure ensured ensures maintained maintain updated ' +
    'occur occurs happen happens done'
  ).split(' '),
);

/** Words for one thing in different vocabularies (video surveillance has several names). */
const SYNONYMS: Record<string, string> = {
  cctv: 'video',
  camera: 'video',
  cameras: 'video',
  footage: 'video',
  surveillance: 'video',
  vms: 'video',
  gps: 'location',
  geolocation: 'location',
  telemetry: 'telematics',
  // Handheld devices go by their product names; a rule about them speaks of "devices".
  phone: 'device',
  phones: 'device',
  smartphone: 'device',
  smartphones: 'device',
  iphone: 'device',
  ipad: 'device',
  tablet: 'device',
  tablets: 'device',
  handset: 'device',
  handsets: 'device',
  emails: 'email',
  'e-mail': 'email',
  'e-mails': 'email',
};

function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Key nouns of a span of text, normalised; abbreviations expand to their defined long form. */
export function topicWords(text: string, abbreviations: Map<string, string> = new Map()): string[] {
  const raw = foldTypography(text).match(/[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*/g) ?? [];
  const out = new Set<string>();
  for (const token of raw) {
    const expanded = abbreviations.get(token);
    const words = [token, ...(expanded ? expanded.split(/\s+/) : [])];
    for (const w of words) {
      // "user-level passwords" are user passwords: generic parts of a compound drop out.
      const lower = w
        .toLowerCase()
        .split('-')
        .filter((part) => !NOT_TOPIC.has(part))
        .join('-');
      if (lower.length < 3 && !/^[A-Z]{2}$/.test(w)) continue;
      if (NOT_TOPIC.has(lower) || lower === '' || parseNumber(lower) !== null) continue;
      const synonym = SYNONYMS[lower];
      const word = synonym ?? stem(lower);
      if (NOT_TOPIC.has(word)) continue;
      out.add(word);
    }
  }
  return [...out];
}

/**
 * Abbreviations a corpus defines, "Data-encrypting key (DEK)" -> "data-encrypting key": a table
 * that names the DEK and a sentence about data-encrypting keys speak about the same thing.
 */
export function definedAbbreviations(texts: string[]): Map<string, string> {
  const out = new Map<string, string>();
  const pattern = /((?:[A-Za-z][A-Za-z-]*\s+){1,5})\(([A-Z][A-Z0-9]{1,7})s?[),;]/g;
  for (const text of texts) {
    for (const m of foldTypography(text).matchAll(pattern)) {
      const abbreviation = m[2]!;
      // Empty hyphen parts are dropped: a word broken at a line end ("multi-\nfactor") has one.
      const words = m[1]!.trim().split(/\s+/);
      const partsOf = (word: string) => word.split('-').filter(Boolean);
      // The long form is as many trailing words as the abbreviation has letters (hyphenated words
      // count once per part): "Data-encrypting key (DEK)" -> 2 words, 3 parts.
      const letters = abbreviation.replace(/[0-9]/g, '').length;
      const picked: string[] = [];
      let parts = 0;
      for (let i = words.length - 1; i >= 0 && parts < letters; i -= 1) {
        picked.unshift(words[i]!);
        parts += partsOf(words[i]!).length;
      }
      const initials = picked
        .flatMap(partsOf)
        .map((w) => w[0]!.toUpperCase())
        .join('');
      if (parts !== letters || initials !== abbreviation.replace(/[0-9]/g, '')) continue;
      if (!out.has(abbreviation)) out.set(abbreviation, picked.join(' ').toLowerCase());
    }
  }
  return out;
}

/** Share of the smaller topic found in the larger one (0 when either is empty). */
export function topicOverlap(a: string[], b: string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const bs = new Set(b);
  const shared = a.filter((w) => bs.has(w)).length;
  return shared / Math.min(a.length, b.length);
}

const CLAUSE_LOOK_BACK = 600;

/** The clause around a value: from the last clause break before it to the next one after it. */
export function clauseAround(text: string, index: number, length: number): string {
  // A full stop after a single letter ("U.S.", "e.g.") ends an abbreviation, not a clause.
  // Look back a bounded distance: a clause is never longer, and scanning from the start of the
  // text for every value would be quadratic in long documents.
  const from = Math.max(0, index - CLAUSE_LOOK_BACK);
  const before = text.slice(from, index);
  const breaks = [
    ...before.matchAll(
      /(?:(?<!(?:^|[\s.(])[A-Za-z])\.|[;:!?])(?:\s|$)|\s[-\u2013\u2014]\s|,\s(?=(?:we|they|it|but|while)\b)/gi,
    ),
  ];
  // An aside between two dashes ("keeps the record — the player's data, the dates — for five
  // years") leaves the clause it interrupts: the clause starts before it.
  const dash = (m: RegExpMatchArray) => /^\s[-\u2013\u2014]\s$/.test(m[0]);
  let last = breaks.length - 1;
  if (last >= 1 && dash(breaks[last]!) && dash(breaks[last - 1]!)) last -= 2;
  const start = last >= 0 ? from + breaks[last]!.index! + breaks[last]![0].length : from;
  const after = text.slice(index + length);
  const next = after.search(
    /(?:(?<!(?:^|[\s.(])[A-Za-z])\.|[;!?])(?:\s|$)|,\s(?:which|unless|except|but|while|and then|or earlier)\b|\s\(except/i,
  );
  const end = next === -1 ? text.length : index + length + next;
  return text.slice(start, end);
}
