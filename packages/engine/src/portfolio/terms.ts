// Terms of a finding's text and their TF-IDF weights, for clustering findings by what they are
// about. Words are lower-cased and lightly stemmed (plural endings), so "policies" and "policy"
// are one term; the most common surface form of each term is kept to name themes with.

const STOPWORDS = new Set(
  `a about above after again against all also an and any are as at be because been before being
  below between both but by can could did do does doing down during each either few finding findings
  for from further had has have having here how if in into is it its itself just more most must no
  nor not of off on once one only or other our out over own per same shall should so some such than
  that the their them then there these they this those through to too two under until up upon very
  was we were what when where which while who whom why will with within without would yet you your
  document documents states stated state says said found shows shown described describes lists
  listed named names uses used another across via day days week weeks month months year years hour
  hours time times require requires required requirement although despite whereas never since
  still ever`
    .split(/\s+/)
    .filter(Boolean),
);

/** Plural and verb endings, so that variants of a word are one term ("tested", "tests", "test"). */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('ing') && word.length >= 7) return word.slice(0, -3);
  if (word.endsWith('ed') && word.length >= 6 && !word.endsWith('eed')) return word.slice(0, -2);
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ss|us|is)$/.test(word)) return word;
  if (word.endsWith('es') && /(?:ch|sh|x|ss)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/**
 * Words of at least three letters (or version-like numbers such as 800-53 or 27001) as terms, in
 * text order; null marks a removed word, so that bigrams never span one.
 */
export function tokenise(text: string, surfaces?: Map<string, Map<string, number>>): (string | null)[] {
  const words = text.toLowerCase().match(/[a-z0-9]+(?:[-.][a-z0-9]+)*/g) ?? [];
  return words.map((word) => {
    const isNumber = /^[\d.-]+$/.test(word);
    if (isNumber ? word.replace(/\D/g, '').length < 4 : word.length < 3) return null;
    if (STOPWORDS.has(word)) return null;
    const term = stem(word);
    if (surfaces) {
      const forms = surfaces.get(term) ?? new Map<string, number>();
      forms.set(word, (forms.get(word) ?? 0) + 1);
      surfaces.set(term, forms);
    }
    return term;
  });
}

/** Adjacent terms of one phrase ("password rotation"), joined by a space. */
export function bigrams(sequence: (string | null)[]): string[] {
  const pairs: string[] = [];
  for (let i = 0; i + 1 < sequence.length; i++) {
    const a = sequence[i];
    const b = sequence[i + 1];
    if (a && b && a !== b) pairs.push(`${a} ${b}`);
  }
  return pairs;
}

export type SparseVector = Map<string, number>;

/** Smoothed inverse document frequency of every term over the given term sets. */
export function inverseDocumentFrequency(termSets: Set<string>[]): Map<string, number> {
  const df = new Map<string, number>();
  for (const terms of termSets) for (const term of terms) df.set(term, (df.get(term) ?? 0) + 1);
  const n = termSets.length;
  const idf = new Map<string, number>();
  for (const [term, count] of df) idf.set(term, Math.log((n + 1) / (count + 1)) + 1);
  return idf;
}

/** Sublinear TF-IDF, normalised to unit length. */
export function tfidfVector(terms: string[], idf: Map<string, number>): SparseVector {
  const tf = new Map<string, number>();
  for (const term of terms) tf.set(term, (tf.get(term) ?? 0) + 1);
  const vector: SparseVector = new Map();
  let norm = 0;
  for (const [term, count] of tf) {
    const weight = (1 + Math.log(count)) * (idf.get(term) ?? 1);
    vector.set(term, weight);
    norm += weight * weight;
  }
  norm = Math.sqrt(norm);
  if (norm > 0) for (const [term, weight] of vector) vector.set(term, weight / norm);
  return vector;
}

export function dot(a: SparseVector, b: SparseVector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let sum = 0;
  for (const [term, weight] of small) {
    const other = large.get(term);
    if (other !== undefined) sum += weight * other;
  }
  return sum;
}

/** The surface form a term was written in most often ("policies" for the term "policy"). */
export function surfaceOf(term: string, surfaces: Map<string, Map<string, number>>): string {
  const forms = surfaces.get(term);
  if (!forms) return term;
  return [...forms.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
}
