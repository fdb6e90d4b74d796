// What an unwritten document claims to cover: the framework controls or criteria it lists (in its
// front matter or its text), resolved against the control catalogues, and whether other documents
// of the set rely on it by name. Either makes its emptiness a high-severity gap.
import type { AnalyzedDocument, CorpusAnalysis } from '../../analyst/corpus-analysis';
import { knowledge, normaliseIdentifier } from '../../knowledge';

export interface ClaimedControl {
  framework: string;
  id: string;
}

/** Controls of a catalogue whose identifiers the text lists and the catalogue has. */
export function claimedControls(text: string): ClaimedControl[] {
  const out: ClaimedControl[] = [];
  const seen = new Set<string>();
  for (const catalogue of knowledge().catalogues) {
    if (catalogue.status !== 'current') continue;
    // Identifiers that look like other numbering ("A.5.1", "3.2") count only where the framework
    // is named.
    if (catalogue.context_pattern && !new RegExp(catalogue.context_pattern, 'i').test(text)) continue;
    const ids = new Set(catalogue.controls.map((c) => c.id));
    for (const m of text.matchAll(new RegExp(catalogue.id_pattern, 'g'))) {
      const id = normaliseIdentifier(catalogue, m[0]);
      const key = `${catalogue.family}:${id}`;
      if (!ids.has(id) || seen.has(key)) continue;
      seen.add(key);
      out.push({ framework: catalogue.name, id });
    }
  }
  return out;
}

/** The document's name as the set would cite it: its front-matter name or title, else its title. */
export function documentName(doc: AnalyzedDocument): string {
  const m = /^(?:name|title):\s*["']?([^"'\n]{4,100}?)["']?\s*$/m.exec(doc.text.slice(0, 2000));
  return (m ? m[1]! : doc.title).trim();
}

/** Other documents that name this one: the set relies on it. */
export function citedBy(analysis: CorpusAnalysis, doc: AnalyzedDocument): string[] {
  const name = documentName(doc);
  if (name.split(/\s+/).length < 2) return [];
  const pattern = new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i');
  return analysis.documents.filter((d) => d !== doc && pattern.test(d.text)).map((d) => d.name);
}
