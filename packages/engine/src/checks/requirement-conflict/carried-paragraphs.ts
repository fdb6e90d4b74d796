// Paragraphs of a policy that the policy itself says its contracts must carry: "Every reseller
// agreement must reflect these rules, in particular the rebate period in paragraph 4.3", "All
// supplier contracts shall include the notification periods of section 8.2". A value such a
// paragraph states is the contract's rule too, whoever acts on it.
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { contentLemmas } from '../../analyst/requirements';

export interface CarriedParagraph {
  /** The paragraph's number as the directive writes it ("6.1"). */
  number: string;
  /** A statement opening with that number ("6.1 ...", not "6.10" or "6.1.2"). */
  opens: RegExp;
  /** Content words of the kind of contract the directive names ("reseller"). */
  contractKind: string[];
  directive: LocatedSegment;
}

const DIRECTIVE =
  /\b(?:every|each|all|any)\s+((?:[\w-]+\s+){0,4}?)(?:agreements?|contracts?)\b([^.]{0,80}?)\b(?:must|shall|is to|are to)\s+(?:reflect|include|contain|carry|incorporate|state|set out)\b([^]*)/i;
const PARAGRAPH = /\b(?:paragraph|section|clause|rule)s?\s+(\d+(?:\.\d+)+)/gi;

const cache = new WeakMap<AnalyzedDocument, CarriedParagraph[]>();

/** The paragraphs a policy's directives say its contracts must carry. */
export function carriedParagraphs(doc: AnalyzedDocument): CarriedParagraph[] {
  let found = cache.get(doc);
  if (found) return found;
  found = doc.segments.flatMap((directive) => {
    const m = DIRECTIVE.exec(directive.text);
    if (!m) return [];
    const contractKind = contentLemmas(`${m[1]} ${m[2]}`);
    return [...m[3]!.matchAll(PARAGRAPH)].map((p) => ({
      number: p[1]!,
      opens: new RegExp(`^\\s*${p[1]!.replace(/\./g, '\\.')}(?!\\d|\\.\\d)`),
      contractKind,
      directive,
    }));
  });
  cache.set(doc, found);
  return found;
}

/**
 * Whether a policy's statement stands in a paragraph its contracts must carry, for the contract
 * `contractText` is (its text names the kind of contract the directive names).
 */
export function carriedInto(
  analysis: CorpusAnalysis,
  statement: LocatedSegment,
  contractText: string,
): boolean {
  const doc = analysis.byName.get(statement.document);
  if (!doc) return false;
  const lower = contractText.toLowerCase();
  return carriedParagraphs(doc).some(
    (p) => p.opens.test(statement.text) && p.contractKind.every((w) => lower.includes(w)),
  );
}
