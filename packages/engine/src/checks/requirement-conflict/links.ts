// Whether two documents of a set name each other: a procedure that cites its policy by identifier
// or title, a contract that incorporates a policy, a policy that names the standard implementing
// it. A rule restated across such a pair is expected to carry the same value. Asked only of the
// pairs a conflict is weighed for, so a large set costs no all-pairs scan.
import type { AnalyzedDocument, CorpusAnalysis } from '../../analyst/corpus-analysis';
import { carriedIdentifiers, identifiersIn } from '../document-reference/references';

interface Naming {
  /** The identifiers the document carries ("ISP-4"). */
  ids: Set<string>;
  /** Its title, lower case, when specific enough to be a citation; else null. */
  title: string | null;
  /** What it cites: the identifiers in its text, and its text in lower case. */
  cited: Set<string>;
  text: string;
}

const namings = new WeakMap<AnalyzedDocument, Naming>();
const pairs = new WeakMap<CorpusAnalysis, Map<string, boolean>>();

/** A title specific enough to be a citation when another document writes it. */
function citableTitle(doc: AnalyzedDocument): string | null {
  const title = doc.title.replace(/\s+/g, ' ').trim();
  const words = title.split(' ').filter((w) => /[A-Za-z]{3}/.test(w));
  return words.length >= 2 && title.length <= 80 ? title.toLowerCase() : null;
}

function namingOf(doc: AnalyzedDocument): Naming {
  let naming = namings.get(doc);
  if (!naming)
    namings.set(
      doc,
      (naming = {
        ids: new Set(carriedIdentifiers(doc).map((id) => id.key)),
        title: citableTitle(doc),
        cited: new Set(identifiersIn(doc.text).map((id) => id.key)),
        text: doc.text.toLowerCase(),
      }),
    );
  return naming;
}

function names(source: Naming, target: Naming): boolean {
  return (
    [...target.ids].some((id) => source.cited.has(id)) ||
    (target.title !== null && source.text.includes(target.title))
  );
}

export function linked(analysis: CorpusAnalysis, a: string, b: string): boolean {
  if (a === b) return false;
  let cache = pairs.get(analysis);
  if (!cache) pairs.set(analysis, (cache = new Map()));
  const key = a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  const docA = analysis.byName.get(a);
  const docB = analysis.byName.get(b);
  const result =
    docA !== undefined &&
    docB !== undefined &&
    (names(namingOf(docA), namingOf(docB)) || names(namingOf(docB), namingOf(docA)));
  cache.set(key, result);
  return result;
}
