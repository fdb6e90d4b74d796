// Text normalisation shared by quote verification, retrieval and the analyst: case and whitespace
// are not evidence, so comparisons ignore them; typographic quotes and dashes fold to ASCII because
// parsers of different formats render them differently.

export function foldTypography(text: string): string {
  return text
    .replace(/[\u2018\u2019\u201a\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\u00a0/g, ' ');
}

/** Lower case, ASCII quotes and dashes, runs of whitespace collapsed to one space, trimmed. */
export function normalizeForMatch(text: string): string {
  return foldTypography(text).toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Markdown emphasis marks ("**version 3.2.1**", "__DPO__") blanked to spaces: they are no words, and
 * offsets into the text stay valid.
 */
export function blankEmphasis(text: string): string {
  return text.replace(/\*\*|__/g, '  ');
}

/** Whitespace collapsed and trimmed, case kept: for sentences shown in descriptions. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

const STOPWORDS = new Set(
  (
    'a an and are as at be been by can for from has have if in into is it its may must no not of on or ' +
    'our shall should such that the their them then there these they this those to under was were will ' +
    'with within all any each other per than also which who whom when where while only more most same ' +
    'do does done so up out over about after before between both during through we you your us its'
  ).split(' '),
);

/** Lower-case word tokens without stop words: the vocabulary of retrieval and term overlap. */
export function tokenize(text: string): string[] {
  const words =
    foldTypography(text)
      .toLowerCase()
      .match(/[a-z0-9]+(?:[-.][a-z0-9]+)*/g) ?? [];
  const out: string[] = [];
  for (const word of words) {
    if (word.length < 2 && !/\d/.test(word)) continue;
    if (STOPWORDS.has(word)) continue;
    out.push(stem(word));
  }
  return out;
}

/** A light suffix stripper: enough for "reviews"/"reviewed"/"review" to meet. */
export function stem(word: string): string {
  if (/\d/.test(word) || word.length <= 4) return word;
  for (const suffix of ['ations', 'ation', 'ings', 'ing', 'ies', 'ed', 'es', 'al', 's']) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 4) {
      const base = word.slice(0, -suffix.length);
      return suffix === 'ies' ? `${base}y` : base;
    }
  }
  return word;
}

/** Jaccard similarity of two token sets. */
export function jaccard(a: Iterable<string>, b: Iterable<string>): number {
  const setA = new Set(a);
  const setB = new Set(b);
  if (setA.size === 0 && setB.size === 0) return 1;
  let shared = 0;
  for (const token of setA) if (setB.has(token)) shared += 1;
  return shared / (setA.size + setB.size - shared);
}

/** `text` as a regular expression that matches it literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
