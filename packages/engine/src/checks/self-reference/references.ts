// A document's references to parts of itself that it does not have: "(See Appendix)" in a document
// with no appendix, "Contacts are listed in the Contact Information section" with no section of
// that name. Numbered and lettered parts ("Section 4.2", "Appendix B") are the citation family's;
// these are the unnumbered ones, which a reader can only look for by name.
import type { AnalyzedDocument, LocatedSegment } from '../../analyst/corpus-analysis';

export interface SelfReference {
  segment: LocatedSegment;
  /** As written: "See Appendix", "the Contact Information section". */
  phrase: string;
  /** What the document lacks: "an appendix", "a section \"Contact Information\"". */
  missing: string;
}

/**
 * "(See Appendix)", "see the appendix for details", "as shown in the appendices": no letter or
 * number. A bare "applies to appendices" speaks of appendices in general, not of one to read.
 */
const UNNAMED_APPENDIX =
  /\b(?:see(?:\s+the)?|(?:in|per|to)\s+the)\s+(?:attached\s+)?(appendix|appendices|annex|attachment)\b(?!\s*(?:[A-Z0-9]\b|[IVX]+\b|\d))/gi;
/** "the Contact Information section", "under the Reporting Data Loss section" (capitalised words name it). */
const NAMED_SECTION =
  /\b(?:in|under|see|per|to|from)\s+the\s+((?:[A-Z][\w'’-]*\s+(?:(?:and|of|for|&)\s+)?){1,5})section\b(?!\s+(?:of|in)\b)/g;

/** The titles the document gives its parts: numbered and Markdown headings, and lines in bold alone. */
function partTitles(doc: AnalyzedDocument): string[] {
  const titles = doc.headings.map((h) => h.title);
  for (const m of doc.text.matchAll(/^[ \t]*(?:#{1,6}[ \t]+(.+?)|\*\*([^*\n]{2,80})\*\*:?)[ \t]*$/gm))
    titles.push((m[1] ?? m[2])!);
  return titles;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 2 && !['the', 'and', 'for'].includes(w));

/** A part the name fits: a title holding every word of the name (singular or plural aside). */
function hasPart(titles: string[], name: string): boolean {
  const wanted = words(name).map((w) => w.replace(/s$/, ''));
  return titles.some((title) => {
    const have = new Set(words(title).map((w) => w.replace(/s$/, '')));
    return wanted.every((w) => have.has(w));
  });
}

function hasAppendix(doc: AnalyzedDocument, titles: string[]): boolean {
  return (
    titles.some((t) => /\b(?:appendix|appendices|annex|attachment|schedule|exhibit)\b/i.test(t)) ||
    /^[ \t]*(?:appendix|annex|attachment)\b/im.test(doc.text)
  );
}

/** A link beside the phrase: the part lives in the linked document, not in this one. */
function linkedNearby(text: string, end: number): boolean {
  return /^[^.\n]{0,40}(?:\]\(|https?:\/\/|\b(?:of|in)\s+(?:the\s+)?\[)/.test(text.slice(end));
}

export function unresolvedSelfReferences(doc: AnalyzedDocument, segments: LocatedSegment[]): SelfReference[] {
  const titles = partTitles(doc);
  const out: SelfReference[] = [];
  for (const segment of segments) {
    if (segment.document !== doc.name) continue;
    for (const m of segment.text.matchAll(UNNAMED_APPENDIX)) {
      if (hasAppendix(doc, titles) || linkedNearby(segment.text, m.index + m[0].length)) continue;
      out.push({ segment, phrase: m[0], missing: 'an appendix' });
    }
    for (const m of segment.text.matchAll(NAMED_SECTION)) {
      const name = m[1]!.trim();
      if (hasPart(titles, name) || linkedNearby(segment.text, m.index + m[0].length)) continue;
      // "store the codes in LastPass in the Notes section": a section of the product just named.
      if (/\b(?:in|on|at|of)\s+[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)?\s*$/.test(segment.text.slice(0, m.index)))
        continue;
      out.push({ segment, phrase: `the ${name} section`, missing: `a section "${name}"` });
    }
  }
  return out;
}
