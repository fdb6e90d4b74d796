// Which documents of a set name each other: a procedure that cites its policy by identifier or
// title, a contract that incorporates a policy, a policy that names the standard implementing it.
// A rule restated across such a pair is expected to carry the same value.
import type { AnalyzedDocument, CorpusAnalysis } from '../../analyst/corpus-analysis';
import { carriedIdentifiers, identifiersIn } from '../document-reference/references';

const cache = new WeakMap<CorpusAnalysis, Set<string>>();

/** A title specific enough to be a citation when another document writes it. */
function citableTitle(doc: AnalyzedDocument): string | null {
  const title = doc.title.replace(/\s+/g, ' ').trim();
  const words = title.split(' ').filter((w) => /[A-Za-z]{3}/.test(w));
  return words.length >= 2 && title.length <= 80 ? title.toLowerCase() : null;
}

function pairKey(a: string, b: string): string {
  return a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
}

/** Pairs of documents (either direction) where one names the other. */
function links(analysis: CorpusAnalysis): Set<string> {
  let set = cache.get(analysis);
  if (set) return set;
  set = new Set();
  const named = analysis.documents.map((doc) => ({
    doc,
    ids: new Set(carriedIdentifiers(doc).map((id) => id.key)),
    title: citableTitle(doc),
  }));
  for (const source of analysis.documents) {
    const cited = new Set(identifiersIn(source.text).map((id) => id.key));
    const text = source.text.toLowerCase();
    for (const target of named) {
      if (target.doc === source) continue;
      const byId = [...target.ids].some((id) => cited.has(id));
      const byTitle = target.title !== null && text.includes(target.title);
      if (byId || byTitle) set.add(pairKey(source.name, target.doc.name));
    }
  }
  cache.set(analysis, set);
  return set;
}

export function linked(analysis: CorpusAnalysis, a: string, b: string): boolean {
  return a !== b && links(analysis).has(pairKey(a, b));
}
