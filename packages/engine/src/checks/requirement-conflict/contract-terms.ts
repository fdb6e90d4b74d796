// A contract names what it regulates by the terms it defines: "The Provider shall retain Trade
// Logs ... for thirty-six (36) months" is about "records of all orders, modifications,
// cancellations, executions ..." ("Trade Logs"). A rule elsewhere about client order and execution
// records is about the same records, though it never says "Trade Logs": a contract's requirement is
// read with the words of the definitions it uses.
import type { CorpusAnalysis } from '../../analyst/corpus-analysis';
import { contentLemmas, type Requirement } from '../../analyst/requirements';
import { definitionsOf } from '../defined-term/definitions';

interface ContractTerm {
  term: string;
  lemmas: string[];
}

// '"Trade Logs" means records of ...' is read by the defined-term check's own extractor; the two
// forms below are those it does not read.
/** A definitions list: "Documentation: in relation to any Part, its EASA Form 1, ...". */
const GLOSSARY_ENTRY =
  /^[ \t]*(?:\d+(?:\.\d+)*\.?[ \t]+)?([A-Z][\w-]*(?:[ \t]+[A-Z][\w-]*){0,3}):[ \t]+((?:any|all|each|every|the|a|an|in relation to)\b[^\n]{10,300})/gm;
/** The definition written before its term: 'records of ... ("Trade Logs")'. */
const DEFINED_BEFORE =
  /([^.;:()]{10,300})\(\s*(?:the\s+)?["\u201c]([A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,3})["\u201d]\s*\)/g;

const cache = new WeakMap<CorpusAnalysis, Map<string, ContractTerm[]>>();

function termsOf(analysis: CorpusAnalysis): Map<string, ContractTerm[]> {
  let terms = cache.get(analysis);
  if (terms) return terms;
  terms = new Map();
  for (const doc of analysis.documents) {
    if (doc.role !== 'contract') continue;
    const own: ContractTerm[] = [];
    for (const d of definitionsOf(doc.segments)) {
      // The definition's first sentence: what follows is about something else.
      const meaning = d.meaning.split(/[.;]/)[0]!;
      if (meaning.length >= 10) own.push({ term: d.term, lemmas: contentLemmas(meaning) });
    }
    for (const m of doc.text.matchAll(DEFINED_BEFORE))
      own.push({ term: m[2]!, lemmas: contentLemmas(m[1]!) });
    for (const m of doc.text.matchAll(GLOSSARY_ENTRY))
      own.push({ term: m[1]!, lemmas: contentLemmas(m[2]!) });
    if (own.length > 0) terms.set(doc.name, own);
  }
  cache.set(analysis, terms);
  return terms;
}

const KEEP =
  'retain|retains|retained|keep|keeps|kept|store|stores|stored|hold|holds|held|maintain|maintains|maintained|preserve|preserves|preserved|archive|archives|archived';

/**
 * The term is what the clause keeps: "retain Trade Logs", "retain copies of all Documentation",
 * "Service Data shall be retained"; not a
 * term merely named beside it ("back up Customer Data daily, retain backups for 35 days") nor the
 * party that keeps ("the Provider shall retain").
 */
function kept(text: string, term: string): boolean {
  return (
    new RegExp(`\\b(?:${KEEP})\\s+(?:[a-z]+\\s+){0,3}${term}\\b`).test(text) ||
    new RegExp(`\\b${term}\\s+(?:(?:shall|must|will|may)\\s+be|are|is)\\s+(?:${KEEP})\\b`).test(text)
  );
}

/** A contract's retention with the words of the defined term it keeps added to its topic. */
export function withDefinedTerms(analysis: CorpusAnalysis, r: Requirement): Requirement {
  if (r.action !== 'retain') return r;
  const used = (termsOf(analysis).get(r.segment.document) ?? []).filter((t) => kept(r.segment.text, t.term));
  const extra = [...new Set(used.flatMap((t) => t.lemmas))].filter((w) => !r.topic.includes(w));
  if (extra.length === 0) return r;
  return {
    ...r,
    topic: [...r.topic, ...extra],
    // The definition's nouns name what the clause is about: they head its topic.
    modifiers: new Map([...r.modifiers, ...extra.map((w) => [w, []] as [string, string[]])]),
  };
}
