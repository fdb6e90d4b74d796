// citation_integrity_check: a reference to a section, clause or appendix of a named document (or
// of the same document) that the document's numbered headings do not contain.
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../corpus-analysis';
import { quoteOf, quoteOfSpan, type Issue } from '../issue';
import { tokenize } from '../../text/normalize';

export interface SectionReference {
  segment: LocatedSegment;
  kind: string;
  number: string;
  citedName: string | null;
  phrase: string;
}

const DOC_KIND =
  '(?:Policy|Plan|Procedure|Standard|Agreement|Contract|Manual|Handbook|Guideline|Charter|Addendum|Program(?:me)?|Playbook|Runbook)';
const REFERENCE = new RegExp(
  `\\b([Ss]ections?|[Ss]ec\\.|§|[Cc]lauses?|[Pp]aragraphs?|Appendix|Annex|Schedule|Exhibit)\\s+((?:\\d{1,3}(?:\\.\\d{1,3}){0,4})|[A-Z]\\b)` +
    `(?:\\s+(?:of|in)\\s+(?:the\\s+|our\\s+|its\\s+)?((?:[A-Z][\\w&/-]*\\s+){0,5}${DOC_KIND}|[A-Z]{2,6}\\b(?![a-z])))?`,
  'g',
);

export function extractReferences(segment: LocatedSegment): SectionReference[] {
  const out: SectionReference[] = [];
  for (const m of segment.text.matchAll(REFERENCE)) {
    const kind = m[1]!.toLowerCase().replace(/s$/, '').replace('sec.', 'section').replace('§', 'section');
    const citedName = m[3]?.trim() ?? null;
    // "Section 5 of the Data Protection Act": a reference to something outside the corpus.
    const after = segment.text.slice(m.index + m[0].length, m.index + m[0].length + 40);
    if (
      !citedName &&
      /^\s*(?:of|in|under)\s+(?:the\s+|this\s+)?(?!(?:this|the)\s+(?:document|policy|plan|procedure|standard)\b)[A-Z]/.test(
        after,
      )
    )
      continue;
    out.push({ segment, kind, number: m[2]!, citedName, phrase: m[0] });
  }
  return out;
}

function nameTokens(text: string): string[] {
  return text
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\.[a-z0-9]+$/i, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 1 && !['the', 'of', 'and', 'for', 'inc'].includes(t));
}

/** The corpus document a cited name refers to, when one matches all its words. */
const nameCache = new WeakMap<
  CorpusAnalysis,
  Array<{ doc: AnalyzedDocument; have: Set<string>; nameLength: number }>
>();

/** Every document's name and title words (cached per corpus). */
function documentNames(analysis: CorpusAnalysis) {
  let names = nameCache.get(analysis);
  if (!names) {
    names = analysis.documents.map((doc) => ({
      doc,
      have: new Set([...nameTokens(doc.name), ...nameTokens(doc.title)]),
      nameLength: nameTokens(doc.name).length,
    }));
    nameCache.set(analysis, names);
  }
  return names;
}

/** "BCP" for "Business Continuity Plan (BCP)" or "Business-Continuity-Plan.pdf". */
function acronymsOf(doc: AnalyzedDocument): string[] {
  const out: string[] = [];
  const stated = doc.title.match(/\(([A-Z]{2,6})\)/);
  if (stated) out.push(stated[1]!);
  const initials = (text: string) =>
    nameTokens(text)
      .filter((t) => !/^\d/.test(t))
      .map((t) => t[0]!.toUpperCase())
      .join('');
  out.push(initials(doc.name), initials(doc.title.replace(/\([^)]*\)/g, ' ')));
  return out.filter((a) => a.length >= 2);
}

export function resolveDocument(analysis: CorpusAnalysis, citedName: string): AnalyzedDocument | null {
  if (/^[A-Z]{2,6}$/.test(citedName)) {
    const matches = analysis.documents.filter((doc) => acronymsOf(doc).includes(citedName));
    return matches.length === 1 ? matches[0]! : null;
  }
  const wanted = nameTokens(citedName);
  if (wanted.length === 0) return null;
  let best: AnalyzedDocument | null = null;
  let bestExtra = Infinity;
  for (const { doc, have, nameLength } of documentNames(analysis)) {
    if (!wanted.every((t) => have.has(t))) continue;
    const extra = nameLength - wanted.length;
    if (extra < bestExtra) {
      best = doc;
      bestExtra = extra;
    }
  }
  return best;
}

function headingExists(doc: AnalyzedDocument, kind: string, number: string): boolean {
  if (kind === 'appendix' || kind === 'annex' || kind === 'schedule' || kind === 'exhibit') {
    const wanted = `${kind} ${number}`.toLowerCase();
    // A heading line, not a mention in running text (the reference itself mentions it).
    return doc.headings.some((h) => h.number === wanted);
  }
  return doc.headings.some((h) => h.number === number || h.number.startsWith(`${number}.`));
}

const REFERENCE_WORDS = new Set(
  tokenize(
    'section sections clause paragraph described describe accordance according follow follows see refer referred per set out defined define document policy plan procedure standard',
  ),
);

/** The cited section exists but shares no subject word with the sentence citing it. */
function mismatchedReference(
  source: AnalyzedDocument,
  target: AnalyzedDocument,
  reference: SectionReference,
): Issue | null {
  if (!/^\d/.test(reference.number)) return null;
  const index = target.headings.findIndex((h) => h.number === reference.number);
  if (index < 0) return null;
  const heading = target.headings[index]!;
  const depth = heading.number.split('.').length;
  const next = target.headings
    .slice(index + 1)
    .find((h) => /^\d/.test(h.number) && h.number.split('.').length <= depth);
  const sectionText = target.text.slice(
    heading.start,
    Math.min(next?.start ?? target.text.length, heading.start + 1500),
  );
  const nameWords = new Set(tokenize(`${reference.citedName ?? ''} ${target.title}`));
  const context = new Set(
    tokenize(reference.segment.text.replace(reference.phrase, ' ')).filter(
      (t) => !REFERENCE_WORDS.has(t) && !nameWords.has(t) && !/^\d/.test(t),
    ),
  );
  if (context.size < 3) return null;
  const section = new Set(tokenize(sectionText));
  if ([...context].some((t) => section.has(t))) return null;
  const seg = target.segments.find((x) => x.start <= heading.start && x.end > heading.start);
  return {
    primitive: 'citation_integrity_check',
    subject: `citation:${source.name}:${reference.kind}:${reference.number}:${target.name}`,
    aspects: [`citation:${source.name}:${target.name}`],
    title: `Reference in ${source.name} to ${reference.kind} ${reference.number} of ${target.name} points to unrelated content`,
    description:
      `${source.name} cites "${reference.phrase}" for "${reference.segment.text.slice(0, 160)}", but ${reference.kind} ${reference.number} of ${target.name} ` +
      `is "${heading.number} ${heading.title}", which does not address that subject. The reference probably points to the wrong section.`,
    rootCause: `${target.name} was renumbered or restructured without updating the references to it in ${source.name}.`,
    remediationScope: `Correct the reference in ${source.name} to the section of ${target.name} that holds the cited content.`,
    remediationEffortHours: 1,
    severity: 'low',
    confidence: 0.6,
    frameworks: [],
    quotes: [
      quoteOf(reference.segment),
      quoteOfSpan(
        target.name,
        target.text,
        heading.start,
        heading.end,
        seg?.chunkId ?? null,
        seg?.page ?? null,
      ),
    ],
  };
}

export function citationIssue(analysis: CorpusAnalysis, reference: SectionReference): Issue | null {
  const source = analysis.byName.get(reference.segment.document);
  if (!source) return null;
  const target = reference.citedName ? resolveDocument(analysis, reference.citedName) : source;
  if (!target) return null;
  const numbered = target.headings.filter((h) => /^\d/.test(h.number));
  // Only documents with numbered sections can be checked for a numbered reference.
  if (/^\d/.test(reference.number) && numbered.length < 2) return null;
  if (headingExists(target, reference.kind, reference.number))
    return target !== source ? mismatchedReference(source, target, reference) : null;
  // Schedules and exhibits are usually separate attachments: only a document that carries some
  // of its own can be missing one.
  if (
    (reference.kind === 'schedule' || reference.kind === 'exhibit') &&
    !target.headings.some((h) => h.number.startsWith(reference.kind))
  )
    return null;
  const top = [...new Set(numbered.map((h) => h.number.split('.')[0]!))];
  const range = top.length ? `sections ${top[0]} to ${top[top.length - 1]}` : 'no such part';
  const last = numbered.filter((h) => !h.number.includes('.')).pop() ?? numbered[numbered.length - 1];
  const quotes = [quoteOf(reference.segment)];
  if (last && target !== source) {
    const seg = target.segments.find((s) => s.start <= last.start && s.end > last.start);
    quotes.push(
      quoteOfSpan(target.name, target.text, last.start, last.end, seg?.chunkId ?? null, seg?.page ?? null),
    );
  }
  const where = target === source ? 'the same document' : target.name;
  return {
    primitive: 'citation_integrity_check',
    subject: `citation:${source.name}:${reference.kind}:${reference.number}:${target.name}`,
    aspects: [`citation:${source.name}:${target.name}`],
    title: `Broken reference in ${source.name}: ${reference.phrase}`,
    description:
      `${source.name} refers to "${reference.phrase}", but ${where} has ${range}` +
      `${last ? ` (the last is "${last.number}${/\./.test(last.number) ? '' : '.'} ${last.title}")` : ''}; ${reference.kind} ${reference.number} does not exist. ` +
      `Readers following the reference cannot find the procedure it points to.`,
    rootCause: `${target === source ? source.name : target.name} was restructured or renumbered without updating the documents that reference its sections.`,
    remediationScope: `Correct the reference in ${source.name} to the section that holds the intended content, or add the missing section to ${target.name}; check cross-references whenever a document is renumbered.`,
    remediationEffortHours: 2,
    severity: 'medium',
    confidence: 0.88,
    frameworks: [],
    quotes,
  };
}

export function findBrokenReferences(analysis: CorpusAnalysis, segments?: LocatedSegment[]): Issue[] {
  const issues = new Map<string, Issue>();
  for (const doc of analysis.documents) {
    for (const segment of segments ?? doc.segments) {
      if (segment.document !== doc.name) continue;
      if (!/\b(section|sec\.|§|clause|paragraph|appendix|annex|schedule|exhibit)\s/i.test(segment.text))
        continue;
      for (const reference of extractReferences(segment)) {
        const issue = citationIssue(analysis, reference);
        if (issue && !issues.has(issue.subject)) issues.set(issue.subject, issue);
      }
    }
  }
  return [...issues.values()];
}
