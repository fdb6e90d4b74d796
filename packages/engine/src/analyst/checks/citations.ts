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
    let citedName = m[3]?.trim() ?? null;
    // "Section 5 of the Data Protection Act": a reference to something outside the corpus.
    const after = segment.text.slice(m.index + m[0].length, m.index + m[0].length + 40);
    // "Section 4 of this Agreement": the citing document's own section.
    const ofThisDocument = /^\s*(?:of|in|under)\s+this\s+[A-Za-z]+/.test(after);
    if (
      !citedName &&
      !ofThisDocument &&
      /^\s*(?:of|in|under)\s+(?:the\s+|this\s+)?(?!(?:this|the)\s+(?:document|policy|plan|procedure|standard)\b)[A-Z]/.test(
        after,
      )
    )
      continue;
    // "Information Security Policy, section 5.1" or "ISO/IEC 27001:2022 clause 7.3 and Annex A":
    // the name written just before the reference says whose section it is.
    if (!citedName && !ofThisDocument) {
      const anchor = anchorBefore(segment.text.slice(Math.max(0, m.index - 160), m.index));
      if (anchor?.kind === 'external') continue;
      if (anchor?.kind === 'document') citedName = anchor.name;
    }
    out.push({ segment, kind, number: m[2]!, citedName, phrase: m[0] });
  }
  return out;
}

/** Words that may sit between a name and the reference that belongs to it. */
const CONNECTIVE =
  /^(?:and|or|to|&|,|\(|-|–|control|controls|clauses?|sections?|sec\.|§|annex(?:es)?|appendix|appendices|requirements?|req\.|articles?|art\.|paragraphs?|para\.|part|chapter|\d+(?:\.\d+)*(?:\(\d+\))?[a-z]?|[A-Z])$/i;
const DOC_NAME_TAIL = new RegExp(`((?:[A-Z][\\w&/-]*\\s+){0,5}${DOC_KIND})$`);
/** Names of things outside the corpus: laws, regulations and numbered or acronym standards. */
const EXTERNAL_WORD =
  /^(?:Act|Regulation|Directive|Law|Code|Rule|Framework|Convention|Treaty|Statute|Ordinance)$/;

type Anchor = { kind: 'document'; name: string } | { kind: 'external' };

/**
 * The name a reference hangs on when it is written after it ("X Policy, section 5", "ISO 27001
 * clause 9.3 and Annex A"): skip the connecting words back to the first real word, then decide
 * whether that word ends a document name (a corpus document) or names a standard or law.
 */
export function anchorBefore(preceding: string): Anchor | null {
  const tokens = preceding.split(/\s+|(?=[,;()])|(?<=[,;()])/).filter((t) => t.length > 0);
  let i = tokens.length - 1;
  let skipped = 0;
  while (i >= 0 && CONNECTIVE.test(tokens[i]!) && skipped < 10) {
    i -= 1;
    skipped += 1;
  }
  if (i < 0) return null;
  const word = tokens[i]!;
  // A full stop ends the sentence: nothing before it names the reference's document.
  if (/[.;:]$/.test(word) && !/^(?:\S*\d\S*|[A-Z]{2,}\S*)$/.test(word)) return null;
  const head = tokens.slice(Math.max(0, i - 6), i + 1).join(' ');
  const docName = head.match(DOC_NAME_TAIL)?.[1];
  if (docName) return { kind: 'document', name: docName };
  if (/\d/.test(word) || /^[A-Z][A-Z0-9/&.-]+$/.test(word) || EXTERNAL_WORD.test(word))
    return /^[A-Z]{2,6}$/.test(word) ? { kind: 'document', name: word } : { kind: 'external' };
  return null;
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

const MONTH_WORD =
  /^(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b/i;

/** Numbered headings, without date lines that look like one ("30 April 2026" in a table). */
function sectionHeadings(doc: AnalyzedDocument): AnalyzedDocument['headings'] {
  return doc.headings.filter((h) => !(/^\d{1,2}$/.test(h.number) && MONTH_WORD.test(h.title)));
}

const ATTACHMENT_KINDS = ['appendix', 'annex', 'schedule', 'exhibit'];

function headingExists(doc: AnalyzedDocument, kind: string, number: string): boolean {
  if (ATTACHMENT_KINDS.includes(kind)) {
    const wanted = `${kind} ${number}`.toLowerCase();
    // A heading line, not a mention in running text (the reference itself mentions it).
    return doc.headings.some((h) => h.number === wanted);
  }
  if (sectionHeadings(doc).some((h) => h.number === number || h.number.startsWith(`${number}.`))) return true;
  // Numbered clauses that open a line ("5.1 **Incident notification.** The supplier ...") are
  // parts of the document even when they are not heading lines.
  const escaped = number.replace(/\./g, '\\.');
  return new RegExp(`^[ \\t#>|*-]*${escaped}(?:\\.\\d+)*\\.?[ \\t*]`, 'm').test(doc.text);
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
  // A document that implements a section of another shares its own subject with it: "the OT
  // segregation standard implements section 5.8 (OT/IT segregation)" is a valid reference.
  const sourceSubject = tokenize(source.title).filter((t) => !REFERENCE_WORDS.has(t));
  const headingWords = new Set(tokenize(heading.title));
  if (sourceSubject.some((t) => headingWords.has(t))) return null;
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

/** Appendices and annexes are one family; schedules and exhibits each their own. */
function sameAttachmentKind(headingNumber: string, kind: string): boolean {
  const family = (k: string) => (k === 'annex' ? 'appendix' : k);
  const headingKind = headingNumber.split(' ')[0]!;
  return ATTACHMENT_KINDS.includes(headingKind) && family(headingKind) === family(kind);
}

/** "appendix a" (a heading key) as written in prose: "Appendix A". */
function attachmentLabel(key: string): string {
  const [kind = '', id = ''] = key.split(' ');
  return `${kind.charAt(0).toUpperCase()}${kind.slice(1)} ${id.toUpperCase()}`;
}

/** "Appendix C of this plan", "the attached Schedule 2", "Annex B below": this document's own part. */
function pointsToOwnAttachment(reference: SectionReference): boolean {
  const text = reference.segment.text;
  const at = text.indexOf(reference.phrase);
  const around = text.slice(Math.max(0, at - 40), at + reference.phrase.length + 40);
  return /\b(?:(?:of|to|in)\s+this\s+(?:document|policy|plan|procedure|standard|agreement|contract|manual)|attached|enclosed|below)\b/i.test(
    around,
  );
}

export function citationIssue(analysis: CorpusAnalysis, reference: SectionReference): Issue | null {
  const source = analysis.byName.get(reference.segment.document);
  if (!source) return null;
  // "Clause 14 of the Agreement" written inside an agreement names the citing document itself.
  const selfNamed =
    reference.citedName !== null &&
    nameTokens(reference.citedName).every((t) => nameTokens(`${source.name} ${source.title}`).includes(t));
  const target = reference.citedName && !selfNamed ? resolveDocument(analysis, reference.citedName) : source;
  if (!target) return null;
  const numbered = sectionHeadings(target).filter((h) => /^\d/.test(h.number));
  // Only documents with numbered sections can be checked for a numbered reference.
  if (/^\d/.test(reference.number) && numbered.length < 2) return null;
  // A document titled "Schedule 3: ..." that mentions "Schedule 3" is naming itself.
  if (target.title.toLowerCase().includes(`${reference.kind} ${reference.number}`.toLowerCase())) return null;
  if (headingExists(target, reference.kind, reference.number))
    return target !== source ? mismatchedReference(source, target, reference) : null;
  // Appendices, annexes, schedules and exhibits are often separate attachments or parts of an
  // external standard ("Annex A controls"): only a document that carries some attachments of its
  // own (of the same kind) can be missing one.
  if (
    ATTACHMENT_KINDS.includes(reference.kind) &&
    !target.headings.some((h) => sameAttachmentKind(h.number, reference.kind)) &&
    !pointsToOwnAttachment(reference)
  )
    return null;
  const attachment = ATTACHMENT_KINDS.includes(reference.kind);
  const parts = attachment
    ? target.headings.filter((h) => sameAttachmentKind(h.number, reference.kind))
    : numbered;
  const top = [...new Set(numbered.map((h) => h.number.split('.')[0]!))];
  const range = attachment
    ? parts.length
      ? `only ${parts.map((h) => attachmentLabel(h.number)).join(', ')}`
      : `no ${reference.kind}`
    : top.length
      ? `sections ${top[0]} to ${top[top.length - 1]}`
      : 'no such part';
  const last = attachment
    ? parts[parts.length - 1]
    : (numbered.filter((h) => !h.number.includes('.')).pop() ?? numbered[numbered.length - 1]);
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
    // Each missing part is its own finding: merging them would hide all but one description.
    aspects: [`citation:${source.name}:${reference.kind}:${reference.number}:${target.name}`],
    title: `Broken reference in ${source.name}: ${reference.phrase}`,
    description:
      `${source.name} refers to "${reference.phrase}", but ${where} has ${range}` +
      `${last ? ` (the last is "${attachment ? attachmentLabel(last.number) : last.number}${/\./.test(last.number) || attachment ? '' : '.'} ${last.title}")` : ''}; ${reference.kind} ${reference.number} does not exist. ` +
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

/**
 * Where the corpus holds a broken reference that the retrieved chunks missed: the citing
 * sentence, as an evidence request for the follow-up round.
 */
export function citationEvidenceHints(
  analysis: CorpusAnalysis,
  document: string,
  reference: string,
): Array<{ query: string; document: string | null }> {
  const doc = analysis.byName.get(document);
  if (!doc) return [];
  const prefix = `citation:${document}:${reference.replace(' ', ':')}:`;
  const issue = findBrokenReferences(analysis, doc.segments).find((i) => i.subject.startsWith(prefix));
  const quote = issue?.quotes[0];
  return quote ? [{ query: quote.text.slice(0, 200), document: quote.document }] : [];
}
