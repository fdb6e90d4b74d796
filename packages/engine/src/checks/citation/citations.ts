// citation_integrity_check: a reference to a section, clause or appendix of a named document (or
// of the same document) that the document's numbered headings do not contain.
import {
  segmentAt,
  type AnalyzedDocument,
  type CorpusAnalysis,
  type LocatedSegment,
} from '../../analyst/corpus-analysis';
import { quoteOf, quoteOfSpan, type Issue } from '../../analyst/issue';
import { escapeRegExp, tokenize } from '../../text/normalize';

export interface SectionReference {
  segment: LocatedSegment;
  kind: string;
  number: string;
  citedName: string | null;
  phrase: string;
  /** "Section 4 of this Agreement": the citing document's own section, said so. */
  ofThisDocument: boolean;
}

// Names an unresolved document may end in are harmless: a cited name that matches no corpus
// document is never checked (it is an external publication or simply not supplied).
const DOC_KIND =
  '(?:Policy|Plan|Procedure|Standard|Agreement|Contract|Manual|Handbook|Guidelines?|Guide|Charter|Addendum|Program(?:me)?|Playbook|Runbook|Framework|Methodology|Specification|Baseline|Register)';
/** A document code ("ISP-01", "QP-7.5", "TC-POL-001"): documents are often cited by their ID. */
export const DOC_CODE = '[A-Z]{2,6}(?:-[A-Z0-9]{1,6}(?:\\.\\d{1,3})?){1,3}\\b(?!-)';
/**
 * A document's name: its words may join with "and", "of", "for" ("the Health and Safety Policy").
 * A named "Schedule" is a document too ("the Export Market Phytosanitary Schedule"); a bare one is
 * a part of the document at hand.
 */
const NAMED_DOCUMENT = `(?:(?:[A-Z][\\w&/-]*\\s+(?:(?:and|of|for|&)\\s+(?=[A-Z]))?){1,6}Schedule\\b|(?:[A-Z][\\w&/-]*\\s+(?:(?:and|of|for|&)\\s+(?=[A-Z]))?){0,6}${DOC_KIND})`;
const REFERENCE = new RegExp(
  // A number followed by "/" and digits is a date ("Schedule 22/09/2025"), not a reference.
  // "§" binds to its number with or without a space ("§12.3.1"); "para" is a paragraph.
  `(?:\\b([Ss]ections?|[Ss]ec\\.|[Cc]lauses?|[Pp]aragraphs?|[Pp]aras?\\.?|Appendix|Annexure|Annex|Schedule|Exhibit)\\s+|(§)\\s*)((?:\\d{1,3}(?:\\.\\d{1,3}){0,4})(?![A-Za-z\\d]|[/-]\\d)|[A-Z]\\b)` +
    // "Schedule 6 (Security Incident Notification) of the Agreement": a part's title may stand between;
    // a name may join its words with "and", "of", "for" ("the OT Remote Access and Hardening Standard").
    `(?:(?:\\s*\\([^()\\n]{1,60}\\))?\\s+(?:of|in)\\s+(?:the\\s+|our\\s+|its\\s+)?(${NAMED_DOCUMENT}|${DOC_CODE}|[A-Z]{2,6}\\b(?![a-z])))?`,
  'g',
);

export function extractReferences(segment: LocatedSegment): SectionReference[] {
  const out: SectionReference[] = [];
  for (const m of segment.text.matchAll(REFERENCE)) {
    // "`§2.1(a)`": an example of the notation in a code span, not a reference.
    if (segment.text[m.index - 1] === '`') continue;
    if (isPartHeading(segment.text, m.index, m[0].length)) continue;
    // "Section 01 (measurement and payment)": a construction specification's division, numbered
    // with a leading zero as no corpus document numbers its own sections.
    if (/^0\d/.test(m[3]!)) continue;
    const kind = (m[1] ?? m[2]!)
      .toLowerCase()
      .replace(/\.$/, '')
      .replace(/s$/, '')
      .replace(/^sec$/, 'section')
      .replace(/^para$/, 'paragraph')
      .replace('§', 'section');
    let citedName = m[4]?.trim() ?? null;
    // "Section 5 of the Data Protection Act": a reference to something outside the corpus.
    const after = segment.text.slice(m.index + m[0].length, m.index + m[0].length + 40);
    // "Section 4 of this Agreement": the citing document's own section.
    const ofThisDocument = /^\s*(?:of|in|under)\s+this\s+[A-Za-z]+/.test(after);
    if (mapsToExternalClause(segment.text, m.index)) continue;
    // "34 C.F.R. § 99.31", "65 P.S. § 67.101", "15 U.S.C. § 6801": a statute's or a code of
    // regulations' section, by its citation form.
    if (
      /\b\d+\s+(?:C\.?\s?F\.?\s?R|U\.?\s?S\.?\s?C|P\.?\s?S|Pa\.?\s?C\.?\s?S|Stat)\.?\s*$/.test(
        segment.text.slice(Math.max(0, m.index - 24), m.index),
      )
    )
      continue;
    // "Annex A control(s)", "the Annex A controls": a standard's annex of controls (ISO/IEC 27001),
    // not an annex of a corpus document.
    if (kind === 'annex' && !citedName && /^\s*control(?:s|\(s\))?\b/i.test(after)) continue;
    // "Annex A" beside ISO/IEC 27001 or "the standard" ("use the Annex A numbering of that
    // edition", "Annex A of the standard"): the standard's annex of controls.
    if (
      kind === 'annex' &&
      m[3] === 'A' &&
      !citedName &&
      /\bISO\b|\b2700[12]\b|\bstandard\b|\bedition\b/i.test(
        segment.text.slice(Math.max(0, m.index - 200), m.index + m[0].length + 200),
      )
    )
      continue;
    // "sections 20 and 21 of POPIA": the name after the list is every listed section's; so is it
    // after titles in brackets ("section 3.2 (aviation security) and section 6 (access control)
    // of the Information Security Policy").
    if (!citedName) {
      const listed =
        LISTED_REFERENCE_TAIL.exec(after) ??
        BRACKETED_REFERENCE_TAIL.exec(segment.text.slice(m.index + m[0].length, m.index + m[0].length + 200));
      if (listed) citedName = listed[1]!.trim();
    }
    // "Annex A checklist of OSL-PRO-006": the part's kind of content stands between it and its
    // document.
    if (!citedName) {
      const described = DESCRIBED_PART_TAIL.exec(after);
      if (described) citedName = described[1]!.trim();
    }
    // "section 38 of that Act": a section of the law the sentence named, outside the set.
    if (
      !citedName &&
      /^\s*(?:of|in|under)\s+(?:that|the\s+same|the\s+said|said)\s+(?:Act|Regulations?|Law|Code|Directive|Ordinance|Rules|Order|Statute)\b/.test(
        after,
      )
    )
      continue;
    if (partOfPrecedingReference(segment.text, m.index)) continue;
    // "Part 4 of that manual": the document named earlier in the sentence, if any.
    if (!citedName && /^\s*(?:of|in|under)\s+(?:that|the\s+same|the\s+said|said)\s+[a-z]+/.test(after)) {
      const earlier = [
        ...segment.text.slice(0, m.index).matchAll(new RegExp(DOC_NAME_TAIL_INLINE, 'g')),
      ].pop();
      if (!earlier) continue;
      citedName = earlier[1]!.trim();
    }
    if (
      !citedName &&
      !ofThisDocument &&
      /^\s*(?:(?:controls?|clauses?|requirements?)\s+)?(?:of|in|under)\s+(?:the\s+|this\s+)?(?!(?:this|the)\s+(?:document|policy|plan|procedure|standard)\b)[A-Z]/.test(
        after,
      )
    )
      continue;
    // "Annexure I to the CERT-In Directions": a part of some other named text (a name that is no
    // document's, unlike "Schedule 2 to the Agreement").
    const toNamed = /^\s*to\s+(?:the\s+)?((?:[A-Z][\w&/-]*\s*){1,6})/.exec(after);
    if (!citedName && !ofThisDocument && toNamed && !DOC_KIND_AT_END.test(toNamed[1]!.trim())) continue;
    // "Quality Manual, section 3.2" or "ISO 9001:2015 clause 8.4 and Annex B":
    // the name written just before the reference says whose section it is.
    if (!citedName && !ofThisDocument) {
      const anchor = anchorBefore(segment.text.slice(Math.max(0, m.index - 160), m.index));
      if (anchor?.kind === 'external') continue;
      if (anchor?.kind === 'document') citedName = anchor.name;
    }
    out.push({ segment, kind, number: m[3]!, citedName, phrase: m[0], ofThisDocument });
  }
  return out;
}

const DOC_KIND_AT_END = new RegExp(`\\b${DOC_KIND}$`);

/**
 * A part's title in brackets, perhaps more parts with theirs, then whose they are: " (aviation
 * security) and section 6 (access control) of the Information Security Policy (BGH-POL-001)".
 */
const BRACKETED_REFERENCE_TAIL = new RegExp(
  `^\\s*\\([^()]{1,80}\\)(?:\\s*(?:,|and|or|&)\\s*(?:(?:sections?|clauses?|paragraphs?)\\s+)?\\d{1,3}(?:\\.\\d{1,3})*(?:\\s*\\([^()]{1,80}\\))?)*\\s+(?:of|in)\\s+(?:the\\s+)?(${NAMED_DOCUMENT}|${DOC_CODE}|[A-Z]{2,6}\\b(?![a-z]))`,
);

/** Every document name a text holds (built once: the unrelated-content judgement reads it per reference). */
const NAMED_DOCUMENTS = new RegExp(NAMED_DOCUMENT, 'g');

/** A part's content named before its document: " checklist of OSL-PRO-006", " form in the Fleet Procedure". */
const DESCRIBED_PART_TAIL = new RegExp(
  `^\\s+[a-z]+(?:\\s+[a-z]+)?\\s+(?:of|in)\\s+(?:the\\s+)?(${NAMED_DOCUMENT}|${DOC_CODE})`,
);

/** The rest of a list of numbers and the name it belongs to: " and 21 of POPIA", ", 4.2 and 4.3 of the Plan". */
const LISTED_REFERENCE_TAIL = new RegExp(
  `^(?:\\s*(?:,|and|or|to|&|-)\\s*\\d{1,3}(?:\\.\\d{1,3})*(?:\\([0-9a-z]{1,3}\\))*)+\\s+(?:of|in)\\s+(?:the\\s+)?(${NAMED_DOCUMENT}|${DOC_CODE}|[A-Z]{2,6}\\b(?![a-z]))`,
);

/**
 * "Section A - Document details" opening a line of a form, "Schedule 2: Fees" in a contract: the
 * part's own heading, not a reference to it.
 */
function isPartHeading(text: string, index: number, length: number): boolean {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  if (!/^[\s#*>|]*$/.test(text.slice(lineStart, index))) return false;
  return /^[ \t*]*(?:[-\u2013\u2014:.][ \t]+\S|$|\n)/.test(text.slice(index + length, index + length + 40));
}

const DOC_NAME_TAIL_INLINE = `((?:[A-Z][\\w&/-]*\\s+(?:and\\s+|of\\s+|&\\s+)?){0,5}${DOC_KIND})\\b`;

/**
 * "## 6. Support (clause 7)": a parenthesised reference on a heading line maps the section to
 * a clause of an external standard, not to a part of a corpus document.
 */
function mapsToExternalClause(text: string, index: number): boolean {
  // A heading line is short: look back a bounded distance, so a long line of references does not
  // make every reference rescan it.
  const from = Math.max(0, index - 300);
  const window = text.slice(from, index);
  const newline = window.lastIndexOf('\n');
  if (newline < 0 && from > 0) return false;
  const line = window.slice(newline + 1);
  return /^\s*(?:#{1,6}\s|\d+(?:\.\d+)*\.?\s+[A-Z][^.]{0,80}$)/.test(line) && /\(\s*$/.test(line);
}

/**
 * "Annex 11 clause 14", "Article 28, paragraph 3", "Sch 2 para 16": a numbered division written right after another
 * numbered reference is part of that one; the outer reference is judged on its own.
 */
function partOfPrecedingReference(text: string, index: number): boolean {
  const before = text.slice(Math.max(0, index - 40), index);
  return /\b(?:Annex|Article|Art\.|Schedule|Sch\.?|Appendix|Part|Chapter|Volume|Title)\s+(?:\d{1,3}|[A-Z]|[IVX]{1,5})\s*[,(]?\s*$/.test(
    before,
  );
}

/** Words that may sit between a name and the reference that belongs to it. */
const CONNECTIVE =
  /^(?:and|or|to|&|,|\(|-|–|control|controls|clauses?|sections?|sec\.|§|annex(?:es)?|appendix|appendices|requirements?|req\.|articles?|art\.|paragraphs?|para\.|part|chapter|\d+(?:\.\d+)*(?:\(\d+\))?[a-z]?|[A-Z])$/i;
const DOC_NAME_TAIL = new RegExp(`((?:[A-Z][\\w&/-]*\\s+){0,5}${DOC_KIND})$`);
/** Names of things outside the corpus: laws, regulations and numbered or acronym standards. */
const EXTERNAL_WORD =
  /^(?:Act|Regulation|Directive|Law|Code|Rule|Framework|Convention|Treaty|Statute|Ordinance|Volume|Guidance)$/;

type Anchor = { kind: 'document'; name: string } | { kind: 'external' };

/**
 * The name a reference hangs on when it is written after it ("X Policy, section 5", "ISO 27001
 * clause 9.3 and Annex A"): skip the connecting words back to the first real word, then decide
 * whether that word ends a document name (a corpus document) or names a standard or law.
 */
export function anchorBefore(preceding: string): Anchor | null {
  // "Records Manual (RM-02), section 4.3": a document code in brackets is part of the name.
  const tokens = preceding
    .replace(/\s*\([A-Z0-9][\w./-]{1,20}\)/g, '')
    .split(/\s+|(?=[,;()])|(?<=[,;()])/)
    .filter((t) => t.length > 0);
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
  // "Code of Conduct para 3.9", "Code of Practice, section 4": a regulator's code, not a document of the set.
  if (/\b(?:Code|Rules|Regulations?)\s+of\s+[A-Z][\w-]*[,;]?$/.test(head)) return { kind: 'external' };
  // "(Form SR-7, Annex D)": a form's number says which form, the part after it is where the form
  // is kept, in the citing document itself.
  if (/^(?:forms?|templates?|checklists?|worksheets?)$/i.test(tokens[i - 1] ?? '') && /\d/.test(word))
    return null;
  if (/\d/.test(word) || /^[A-Z][A-Z0-9/&.-]+$/.test(word) || EXTERNAL_WORD.test(word))
    return /^[A-Z]{2,6}$/.test(word) || new RegExp(`^${DOC_CODE}`).test(word.replace(/[,;:]$/, ''))
      ? { kind: 'document', name: word.replace(/[,;:]$/, '') }
      : { kind: 'external' };
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

/** "DRM" for "Data Retention Manual (DRM)" or "Data-Retention-Manual.pdf". */
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

/** The one document whose control header or title carries this code ("Document ID: ISP-04"). */
function documentByCode(analysis: CorpusAnalysis, code: string): AnalyzedDocument | null {
  const escaped = code.replace(/[.]/g, '\\.');
  const labelled = new RegExp(
    `\\b(?:ID|Identifier|Document(?:\\s+(?:ID|No\\.?|number|reference|code))?|Ref(?:erence)?|Number|Code|No\\.)\\b[^\\n\\w]{0,8}${escaped}(?![\\w-])`,
    'i',
  );
  const titled = new RegExp(`(?:^|[\\s(])${escaped}(?![\\w-])`);
  // A title block that sets the code on a line of its own (a Word table's cell) carries it too.
  const ownLine = new RegExp(`^[ \\t|*]*${escaped}[ \\t|*]*$`, 'm');
  // A file named by its code ("HP-QP-002_Data-Integrity-Policy.docx") carries it too.
  const matches = analysis.documents.filter(
    (doc) =>
      titled.test(doc.title) ||
      titled.test(doc.name.replace(/_/g, ' ')) ||
      labelled.test(doc.text.slice(0, 800)) ||
      ownLine.test(doc.text.slice(0, 800)),
  );
  return matches.length === 1 ? matches[0]! : null;
}

const LEADING_CODE = new RegExp(`^${DOC_CODE}`);

export function resolveDocument(analysis: CorpusAnalysis, citedName: string): AnalyzedDocument | null {
  // "HP-QP-002 Data Integrity Policy": the code identifies the document, the title only repeats it.
  const code = LEADING_CODE.exec(citedName)?.[0];
  if (code) return documentByCode(analysis, code);
  if (/^[A-Z]{2,6}-/.test(citedName)) return documentByCode(analysis, citedName);
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

const ATTACHMENT_KINDS = ['appendix', 'annex', 'annexure', 'schedule', 'exhibit'];

const REFERENCE_KIND_WORDS = 'sections?|clauses?|paragraphs?|paras?\\.?';

function headingExists(doc: AnalyzedDocument, kind: string, number: string): boolean {
  if (ATTACHMENT_KINDS.includes(kind)) {
    const wanted = `${kind} ${number}`.toLowerCase();
    // A heading line, not a mention in running text (the reference itself mentions it).
    return doc.headings.some((h) => h.number === wanted);
  }
  if (sectionHeadings(doc).some((h) => h.number === number || h.number.startsWith(`${number}.`))) return true;
  if (/^[A-Z]$/i.test(number) && letteredPartHeading(kind, number).test(doc.text)) return true;
  // Numbered clauses that open a line ("4.2 **Deliveries.** The carrier ...") are
  // parts of the document even when they are not heading lines.
  // A line that opens with the number right after a line ending in "clause" or "section" is a
  // reference wrapped at the line's end ("... in accordance with clause\n21 (Exit Assistance)").
  const escaped = number.replace(/\./g, '\\.');
  return (
    new RegExp(
      `^(?<!\\b(?:${REFERENCE_KIND_WORDS})[ \\t]*\\n)[ \\t#>|*-]*${escaped}(?:\\.\\d+)*\\.?[ \\t*]`,
      'mi',
    ).test(doc.text) || listItemOfSection(doc, number)
  );
}

/**
 * "Section 6.4" of a document whose section 6 is a numbered list "1." to "4." (and has no
 * numbered paragraphs of its own): the fourth item of section 6 is its paragraph 6.4.
 */
function listItemOfSection(doc: AnalyzedDocument, number: string): boolean {
  const m = /^(\d+)\.(\d+)$/.exec(number);
  if (!m) return false;
  const headings = sectionHeadings(doc);
  const index = headings.findIndex((h) => h.number === m[1]);
  // A section numbered in paragraphs of its own ("6.1", "6.2") has no unnumbered list standing in for them.
  if (index < 0 || headings.some((h) => h.number.startsWith(`${m[1]}.`))) return false;
  // The section runs to the next top-level number above it (its list items read as headings too).
  const next = headings
    .slice(index + 1)
    .find((h) => /^\d+$/.test(h.number) && Number(h.number) > Number(m[1]));
  const body = doc.text.slice(headings[index]!.end, next?.start ?? doc.text.length);
  return new RegExp(`^[ \\t]*${m[2]}[.)][ \\t]+\\S`, 'm').test(body);
}

const REFERENCE_WORDS = new Set(
  tokenize(
    'section sections clause paragraph described describe accordance according follow follows see refer referred per set out defined define document documents policy plan procedure standard parent related supporting',
  ),
);

/** The cited section exists but shares no subject word with the sentence citing it. */
function mismatchedReference(
  source: AnalyzedDocument,
  target: AnalyzedDocument,
  reference: SectionReference,
): Issue | null {
  if (!/^\d/.test(reference.number)) return null;
  // "sections 4.2 to 4.7 of the Policy": a range's subject is its sections', not the first one's.
  const after = reference.segment.text.slice(
    reference.segment.text.indexOf(reference.phrase) + reference.phrase.length,
  );
  if (/^\s*(?:to|-|–|through)\s*\d/.test(after)) return null;
  // A sentence citing sections of two documents speaks of both: its words are no one section's.
  const documentsNamed = new Set(
    [...reference.segment.text.matchAll(NAMED_DOCUMENTS)].map((m) => m[0].toLowerCase()),
  );
  if (documentsNamed.size > 1) return null;
  // A document-control field listing parent or related documents states no subject to compare.
  const text = reference.segment.text;
  const at = text.indexOf(reference.phrase);
  const line = text.slice(text.lastIndexOf('\n', at) + 1, at);
  if (
    /^[\s*_|]*[A-Za-z ]{0,30}\b(?:documents?|references?|parents?|related)\b[A-Za-z ]{0,12}[*_]*:/i.test(line)
  )
    return null;
  // "Schedule 2" is the heading "Schedule 2 - ...", not clause "2. Term"; and a schedule or annex is
  // a table or form more often than prose, whose words a citing sentence need not share: its
  // subject is judged by the title a reference gives it (misnamedPart), not here.
  if (ATTACHMENT_KINDS.includes(reference.kind)) return null;
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
      (t) => !REFERENCE_WORDS.has(t) && !nameWords.has(t) && !/\d/.test(t),
    ),
  );
  // Too few subject words to judge: a short "as set out in section 3" sentence proves nothing.
  if (context.size < 4) return null;
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

/**
 * The title a reference gives its part in brackets: "Section 11 (Information Security Incident
 * Management)", "Schedule D (Data Retention Schedule)"; null when it gives none.
 */
function citedTitle(reference: SectionReference): string | null {
  const text = reference.segment.text;
  const at = text.indexOf(reference.phrase);
  if (at < 0) return null;
  const number = escapeRegExp(reference.number);
  const m = new RegExp(`^[^()]{0,24}?\\b${number}\\s*\\(([^()]{3,80})\\)`).exec(text.slice(at));
  return m ? m[1]!.replace(/\s+/g, ' ').trim() : null;
}

/** Words of a part's title that say what it is about (not "section", "schedule", numbers). */
function titleWords(title: string): Set<string> {
  return new Set(
    tokenize(title).filter((t) => !REFERENCE_WORDS.has(t) && !/\d/.test(t) && !ATTACHMENT_WORDS.has(t)),
  );
}

const ATTACHMENT_WORDS = new Set(tokenize('schedule schedules appendix appendices annex annexure exhibit'));

/**
 * The reference names its part by number and title, and the two disagree: the numbered part is
 * about something else, and another part of the same document carries the title ("Schedule D
 * (Data Retention Schedule)" where Schedule D is Fees and Schedule C the retention schedule).
 */
function misnamedPart(
  source: AnalyzedDocument,
  target: AnalyzedDocument,
  reference: SectionReference,
): Issue | null {
  const title = citedTitle(reference);
  if (!title) return null;
  const wanted = titleWords(title);
  if (wanted.size < 2) return null;
  const attachment = ATTACHMENT_KINDS.includes(reference.kind);
  const key = attachment ? `${reference.kind} ${reference.number}`.toLowerCase() : reference.number;
  const parts = target.headings.filter((h) =>
    attachment ? sameAttachmentKind(h.number, reference.kind) : /^\d+$/.test(h.number) || h.number === key,
  );
  // A part may be headed twice (a caption line, then its title): any of them may carry the title.
  const numbered = parts.filter((h) => h.number === key && titleWords(h.title).size > 0);
  const cited = numbered[0];
  if (!cited) return null;
  const shared = (h: { title: string }) => [...titleWords(h.title)].filter((t) => wanted.has(t)).length;
  if (numbered.some((h) => shared(h) * 3 > wanted.size)) return null;
  // The closest title wins a tie: "Data Retention Schedule" over a line that lists every schedule.
  const carrier = parts
    .filter((h) => h.number !== key)
    .sort((a, b) => shared(b) - shared(a) || titleWords(a.title).size - titleWords(b.title).size)[0];
  if (!carrier || shared(carrier) < Math.max(2, Math.ceil((wanted.size * 2) / 3))) return null;
  const part = `${reference.kind.charAt(0).toUpperCase()}${reference.kind.slice(1)} ${reference.number}`;
  const label = (h: { number: string; title: string }) =>
    `${attachment ? attachmentLabel(h.number) : `${reference.kind} ${h.number}`} ("${h.title}")`;
  const where = target === source ? 'the same document' : target.name;
  const seg = segmentAt(target, cited.start);
  return {
    primitive: 'citation_integrity_check',
    subject: `citation:${source.name}:${reference.kind}:${reference.number}:${target.name}`,
    aspects: [`citation:${source.name}:${reference.kind}:${reference.number}:${target.name}`],
    title: `Reference in ${source.name} to ${part} (${title}) points to another part`,
    description:
      `${source.name} refers to ${part} as "${title}", but in ${where} that is ${label(cited)}; ` +
      `the part about ${title.toLowerCase()} is ${label(carrier)}. Readers following the number reach the wrong content.`,
    rootCause: `${target === source ? source.name : target.name} was renumbered or restructured, and the reference kept its old number.`,
    remediationScope: `Correct the reference in ${source.name} to ${attachment ? attachmentLabel(carrier.number) : `${reference.kind} ${carrier.number}`}.`,
    remediationEffortHours: 1,
    severity: 'medium',
    confidence: 0.85,
    frameworks: [],
    quotes: [
      quoteOf(reference.segment),
      quoteOfSpan(target.name, target.text, cited.start, cited.end, seg?.chunkId ?? null, seg?.page ?? null),
    ],
  };
}

/** Appendices, annexes and annexures are one family; schedules and exhibits each their own. */
function sameAttachmentKind(headingNumber: string, kind: string): boolean {
  const family = (k: string) => (k === 'annex' || k === 'annexure' ? 'appendix' : k);
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

/**
 * Whether the citing sentence names some other source before the reference (an acronym, a link,
 * a named document: "see the [ACME SSP](...), including section 9.7"): the section is likely that
 * source's, not the citing document's.
 */
function namesAnotherSource(reference: SectionReference): boolean {
  const before = reference.segment.text.slice(
    0,
    Math.max(0, reference.segment.text.indexOf(reference.phrase)),
  );
  return /\b[A-Z]{2,6}\b|\]\(|https?:\/\//.test(before) || new RegExp(`\\b${DOC_KIND}\\b`).test(before);
}

/** A document's chapter number, where the set numbers its documents ("8. Auditing Policy"). */
function chapterOf(doc: AnalyzedDocument): string | null {
  return /^(\d{1,2})\.\s/.exec(doc.title)?.[1] ?? null;
}

/**
 * In a set numbered by document (chapter 8 is the Auditing Policy, its sections 8.1, 8.2 ...), an
 * unnamed "§8.6" in one of its chapters is that document's section, whichever chapter cites it.
 */
function chapterDocument(analysis: CorpusAnalysis, number: string): AnalyzedDocument | null {
  const top = number.split('.')[0]!;
  if (!number.includes('.')) return null;
  const chapters = analysis.documents.filter((doc) => chapterOf(doc) !== null);
  if (chapters.length < 3) return null;
  return chapters.find((doc) => chapterOf(doc) === top) ?? null;
}

/** Header fields that open an e-mail or a memo. */
const MESSAGE_HEADER = /^[ \t>*]*(?:From|To|Cc|Subject|Sent|Date)[ \t*]*:/gim;

/**
 * An e-mail or the minutes of a meeting: correspondence about other documents. Its
 * "clause 7.2" or "paragraph 3" is a part of the contract or policy under discussion, never of the
 * message itself.
 */
function isCorrespondence(doc: AnalyzedDocument): boolean {
  if (/\.(?:eml|msg)$/i.test(doc.name)) return true;
  const head = doc.text.slice(0, 800);
  if ((head.match(MESSAGE_HEADER) ?? []).length >= 2) return true;
  return (
    /^(?:draft\s+)?minutes\b|\bminutes\s+of\b/i.test(doc.title) ||
    /^[ \t*#]*(?:attendees|present|apologies)[ \t*]*:/im.test(head)
  );
}

/**
 * "the security measures referred to in section 19" where the same document writes "section 19 of
 * POPIA" elsewhere: the bare number is the other source's section, cited again.
 */
function citedElsewhereAsAnothers(source: AnalyzedDocument, reference: SectionReference): boolean {
  const number = reference.number.replace(/\./g, '\\.');
  // The kind in either case, the name capitalised or a link: "Section 19 of POPIA", "section 7 of the [Guide](...)".
  const kind = `[${reference.kind[0]!.toUpperCase()}${reference.kind[0]}]${reference.kind.slice(1)}s?`;
  // Only a part's title in brackets may stand between ("Section 7 (Reporting) of the Act"): in
  // "Appendix D, and shall be approved by the Head of Legal" the "of" is another phrase's.
  return new RegExp(
    `\\b${kind}\\s+${number}(?![\\d.])(?:\\s*\\([^()\\n]{0,60}\\))?\\s+(?:of|in)\\s+(?:the\\s+)?(?!this\\b)(?:[A-Z]|\\[)`,
  ).test(source.text);
}

const lawAcronymCache = new WeakMap<CorpusAnalysis, Map<string, boolean>>();

/**
 * Whether the set introduces an acronym as a law's ("the Protection of Personal Information Act 4
 * of 2013 (POPIA)", "General Data Protection Regulation (EU) 2016/679 ("GDPR")"): its sections
 * are the law's, whichever document carries the acronym in its name.
 */
function namesALaw(analysis: CorpusAnalysis, acronym: string): boolean {
  let cache = lawAcronymCache.get(analysis);
  if (!cache) lawAcronymCache.set(analysis, (cache = new Map()));
  const known = cache.get(acronym);
  if (known !== undefined) return known;
  const definition = new RegExp(
    `\\b(?:Act|Acts|Regulations?|Directive|Law|Ordinance|Code|Rules|Bill|Directions)\\b[^()\\n.;]{0,40}\\(\\s*(?:the\\s+)?["'\u201c]?${acronym}["'\u201d]?\\s*\\)`,
  );
  const found = analysis.documents.some((doc) => definition.test(doc.text));
  cache.set(acronym, found);
  return found;
}

/**
 * The document whose code follows the cited name in brackets ("Section 11 of the Information
 * Security Incident and Data Breach Procedure (CCAS-IG-PRO-006)"): the code names it exactly,
 * whatever title the document carries.
 */
function codedAfter(analysis: CorpusAnalysis, reference: SectionReference): AnalyzedDocument | null {
  const text = reference.segment.text;
  const after = text.slice(text.indexOf(reference.phrase) + reference.phrase.length);
  const code = new RegExp(`^\\s*\\((${DOC_CODE})\\)`).exec(after)?.[1];
  return code ? documentByCode(analysis, code) : null;
}

/** A law named by its year: "Criminal Justice Act 2010", "Act No. 9 of 2022", "(Scotland) Act 2002". */
const LAW_WITH_YEAR =
  /\b(?:Act|Acts|Regulations|Ordinance|Law)\s+(?:No\.?\s*\d+\s+of\s+)?\(?(?:19|20)\d\d\)?/;

/**
 * "section 37" or "section 38 personal information" bare, in a document of nine sections that
 * applies a named Act: a section number far past the document's own, where a law is in play, is
 * the law's section (an exemption, a duty), not a broken reference to the document itself.
 */
function lawsSection(
  source: AnalyzedDocument,
  reference: SectionReference,
  numbered: AnalyzedDocument['headings'],
): boolean {
  if (!/^\d+$/.test(reference.number) || reference.citedName) return false;
  const wanted = Number(reference.number);
  const top = Math.max(0, ...numbered.filter((h) => /^\d+$/.test(h.number)).map((h) => Number(h.number)));
  return wanted >= 20 && wanted >= 2 * top && LAW_WITH_YEAR.test(source.text);
}

/**
 * A lettered part's heading: the kind and letter open a line and a dash, colon or the line's end
 * follows ("SECTION D - PAYMENT CARD ON FILE", "## Section A: Scope"), unlike a wrapped sentence
 * that starts a line with "Section D in place of ...".
 */
function letteredPartHeading(kind: string, letter: string): RegExp {
  return new RegExp(`^[ \\t#*|]*${kind}[ \\t]+${letter}\\b[ \\t]*(?:[-\u2013\u2014:.)]|$)`, 'im');
}

/** A form the text has just named: "Form CCA-F-214", "the request form", "the checklist". */
const FORM_NAMED = /\b(?:forms?|templates?|checklists?|worksheets?)\b/i;

/**
 * "The requester's manager signs Section B of the form ... The system owner signs Section C": a
 * lettered part, in a procedure that has no lettered parts of its own and has just named a form,
 * is the form's part, not the procedure's.
 */
function formsPart(source: AnalyzedDocument, reference: SectionReference): boolean {
  if (!/^[A-Z]$/.test(reference.number) || ATTACHMENT_KINDS.includes(reference.kind)) return false;
  if (letteredPartHeading(reference.kind, '[A-Z]').test(source.text)) return false;
  const at = reference.segment.start + Math.max(0, reference.segment.text.indexOf(reference.phrase));
  return FORM_NAMED.test(source.text.slice(Math.max(0, at - 600), at + reference.phrase.length + 40));
}

export function citationIssue(analysis: CorpusAnalysis, reference: SectionReference): Issue | null {
  const source = analysis.byName.get(reference.segment.document);
  if (!source) return null;
  if (
    reference.citedName &&
    /^[A-Z]{2,6}$/.test(reference.citedName) &&
    namesALaw(analysis, reference.citedName)
  )
    return null;
  // "Clause 14 of the Agreement" written inside an agreement names the citing document itself.
  const selfNamed =
    reference.citedName !== null &&
    nameTokens(reference.citedName).every((t) => nameTokens(`${source.name} ${source.title}`).includes(t));
  const chapter =
    !reference.citedName || selfNamed
      ? chapterOf(source) !== null && !reference.ofThisDocument
        ? chapterDocument(analysis, reference.number)
        : null
      : null;
  const target =
    reference.citedName && !selfNamed
      ? (codedAfter(analysis, reference) ?? resolveDocument(analysis, reference.citedName))
      : (chapter ?? source);
  if (!target) return null;
  if (target === source && isCorrespondence(source)) return null;
  if (target === source && formsPart(source, reference)) return null;
  // "§164.514": a section of a regulation's part (CFR style), not of a document of the set.
  if (Number(reference.number.split('.')[0]) >= 100) return null;
  const numbered = sectionHeadings(target).filter((h) => /^\d/.test(h.number));
  // Only documents with numbered sections can be checked for a numbered reference; a document
  // with none at all cannot hold its own "§12.3.1" or "para 2.4.3.6" (a multi-level number, so
  // not a loose "section 5" that may mean another document).
  const unnumberedSelf =
    target === source &&
    numbered.length === 0 &&
    reference.number.includes('.') &&
    !namesAnotherSource(reference);
  if (/^\d/.test(reference.number) && numbered.length < 2 && !unnumberedSelf) return null;
  if (target === source && lawsSection(source, reference, numbered)) return null;
  // A document titled "Schedule 3: ..." that mentions "Schedule 3" is naming itself.
  if (target.title.toLowerCase().includes(`${reference.kind} ${reference.number}`.toLowerCase())) return null;
  // A chapter's section found by its number alone: whether it is on topic is not judged (the
  // sentence names no document to compare the section with).
  if (headingExists(target, reference.kind, reference.number))
    return (
      misnamedPart(source, target, reference) ??
      (target !== source && target !== chapter ? mismatchedReference(source, target, reference) : null)
    );
  // Scanned only for a reference that would be reported: the document has no such part.
  if (
    target === source &&
    reference.citedName === null &&
    !reference.ofThisDocument &&
    citedElsewhereAsAnothers(source, reference)
  )
    return null;
  // Appendices, annexes, schedules and exhibits are often separate attachments or parts of an
  // external standard ("Annex A controls"): only a document that carries some attachments of its
  // own (of the same kind) can be missing one.
  // A document named in the reference that carries attachments of another kind only ("Appendix D
  // of the agreement", whose attachments are Schedules A to C) has none of the kind cited.
  const otherAttachments =
    reference.citedName !== null && target !== source
      ? target.headings.filter((h) => ATTACHMENT_KINDS.includes(h.number.split(' ')[0]!))
      : [];
  if (
    ATTACHMENT_KINDS.includes(reference.kind) &&
    !target.headings.some((h) => sameAttachmentKind(h.number, reference.kind)) &&
    !pointsToOwnAttachment(reference) &&
    otherAttachments.length === 0
  )
    return null;
  const attachment = ATTACHMENT_KINDS.includes(reference.kind);
  const sameKind = target.headings.filter((h) => sameAttachmentKind(h.number, reference.kind));
  const parts = attachment ? (sameKind.length ? sameKind : otherAttachments) : numbered;
  const top = [...new Set(numbered.map((h) => h.number.split('.')[0]!))];
  const range = attachment
    ? sameKind.length
      ? `only ${parts.map((h) => attachmentLabel(h.number)).join(', ')}`
      : parts.length
        ? `no ${reference.kind}, only ${parts.map((h) => attachmentLabel(h.number)).join(', ')}`
        : `no ${reference.kind}`
    : top.length
      ? `sections ${top[0]} to ${top[top.length - 1]}`
      : unnumberedSelf
        ? 'no numbered sections'
        : 'no such part';
  const last = attachment
    ? parts[parts.length - 1]
    : // The highest part named in the range, not a list item numbered "6." in a later schedule.
      (numbered.filter((h) => h.number === top[top.length - 1]).pop() ??
      numbered.filter((h) => !h.number.includes('.')).pop() ??
      numbered[numbered.length - 1]);
  const quotes = [quoteOf(reference.segment)];
  if (last && target !== source) {
    const seg = segmentAt(target, last.start);
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
    const own = (segments ?? doc.segments).filter((s) => s.document === doc.name);
    for (const issue of findInvalidRegulationCitations(own, doc.text)) issues.set(issue.subject, issue);
    for (const segment of segments ?? doc.segments) {
      if (segment.document !== doc.name) continue;
      if (
        !/\b(?:section|sec\.|clause|paragraph|paras?\.?|appendix|annexure|annex|schedule|exhibit)\s|§/i.test(
          segment.text,
        )
      )
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

// ---------------------------------------------------------------------------------------------
// Citations of well-known regulations: a section or article number that the regulation does not
// have ("45 CFR 164.312(f)" where 164.312 runs from (a) to (e); "Article 103 GDPR").

interface RegulationCitation {
  segment: LocatedSegment;
  /** As written, for the finding ("45 CFR 164.312(f)"). */
  phrase: string;
  /** Stable key without spaces or colons ("45-CFR-164.312(f)"). */
  key: string;
  /** Why it does not exist. */
  problem: string;
  /** What the valid range is. */
  valid: string;
}

/**
 * Top-level paragraphs of the HIPAA Security Rule and Breach Notification Rule sections (45 CFR
 * Part 164, Subparts C and D), with the numbered (a)(N) standards where a section has them.
 */
const CFR_164_PARAGRAPHS: Record<string, { letters: string; aStandards?: number }> = {
  '164.302': { letters: '' },
  '164.304': { letters: '' },
  '164.306': { letters: 'abcde' },
  '164.308': { letters: 'ab', aStandards: 8 },
  '164.310': { letters: 'abcd' },
  '164.312': { letters: 'abcde' },
  '164.314': { letters: 'ab' },
  '164.316': { letters: 'ab' },
  '164.318': { letters: 'abc' },
  '164.400': { letters: '' },
  '164.402': { letters: '' },
  '164.404': { letters: 'abcd' },
  '164.406': { letters: 'abc' },
  '164.408': { letters: 'abc' },
  '164.410': { letters: 'abc' },
  '164.412': { letters: 'ab' },
  '164.414': { letters: 'ab' },
  // Privacy Rule (Subpart E).
  '164.502': { letters: 'abcdefghij' },
  '164.504': { letters: 'abcdefg' },
  '164.506': { letters: 'abc' },
  '164.508': { letters: 'abc' },
  '164.510': { letters: 'ab' },
  '164.512': { letters: 'abcdefghijkl' },
  '164.514': { letters: 'abcdefghi' },
  '164.520': { letters: 'abcde' },
  '164.522': { letters: 'ab' },
  '164.524': { letters: 'abcde' },
  '164.526': { letters: 'abcdef' },
  '164.528': { letters: 'abcd' },
  '164.530': { letters: 'abcdefghijk' },
};

/** Numbered paragraphs of the GDPR articles most often cited (EU and UK GDPR share numbering). */
const GDPR_ARTICLE_PARAGRAPHS: Record<number, number> = {
  5: 2,
  6: 4,
  7: 4,
  9: 4,
  12: 8,
  13: 4,
  14: 5,
  15: 4,
  16: 1,
  17: 3,
  18: 3,
  20: 4,
  21: 6,
  22: 4,
  24: 3,
  25: 3,
  28: 10,
  30: 5,
  32: 4,
  33: 5,
  34: 4,
  35: 11,
  36: 5,
  37: 7,
  38: 6,
  39: 2,
  44: 1,
  45: 9,
  46: 5,
  47: 3,
  49: 6,
  83: 11,
};
const GDPR_LAST_ARTICLE = 99;

const CFR_164 =
  /(?:\b45\s*C\.?\s?F\.?\s?R\.?\s*(?:(?:Part\s+)?§+\s*|§+\s*)?|§+\s*)?\b(164\.[3-5]\d\d)((?:\([a-z0-9]{1,5}\))*)/g;
const GDPR_ARTICLE =
  /\b(?:Art(?:icle)?s?\.?\s*(\d{1,3})((?:\(\d{1,2}\))?)(?:\([a-z]\))*\s*(?:of\s+(?:the\s+)?)?(?:UK\s+|EU\s+)?GDPR\b|(?:UK\s+|EU\s+)?GDPR,?\s+Art(?:icle)?s?\.?\s*(\d{1,3})((?:\(\d{1,2}\))?))/g;

function cfrProblems(segment: LocatedSegment): RegulationCitation[] {
  const out: RegulationCitation[] = [];
  for (const m of segment.text.matchAll(CFR_164)) {
    const section = m[1]!;
    const known = CFR_164_PARAGRAPHS[section];
    if (!known) continue;
    const parts = [...(m[2] ?? '').matchAll(/\(([a-z0-9]{1,5})\)/g)].map((p) => p[1]!);
    const first = parts[0];
    const phrase = m[0].trim();
    const key = phrase.replace(/:/g, ' ');
    const range = known.letters
      ? `paragraphs (${known.letters[0]}) to (${known.letters.slice(-1)})`
      : 'no lettered paragraphs';
    if (first && /^[a-z]$/.test(first) && !known.letters.includes(first)) {
      out.push({
        segment,
        phrase,
        key,
        problem: `${section} has no paragraph (${first})`,
        valid: `${section} has ${range}`,
      });
      continue;
    }
    const second = parts[1];
    if (
      first === 'a' &&
      known.aStandards &&
      second &&
      /^\d+$/.test(second) &&
      Number(second) > known.aStandards
    )
      out.push({
        segment,
        phrase,
        key,
        problem: `${section}(a) has no standard (${second})`,
        valid: `${section}(a) runs from (a)(1) to (a)(${known.aStandards})`,
      });
  }
  return out;
}

function gdprProblems(segment: LocatedSegment): RegulationCitation[] {
  const out: RegulationCitation[] = [];
  for (const m of segment.text.matchAll(GDPR_ARTICLE)) {
    const article = Number(m[1] ?? m[3]);
    const paragraph = (m[2] ?? m[4] ?? '').replace(/[()]/g, '');
    const phrase = m[0].trim();
    const key = `GDPR Article ${article}${paragraph ? `(${paragraph})` : ''}`;
    if (article < 1 || article > GDPR_LAST_ARTICLE)
      out.push({
        segment,
        phrase,
        key,
        problem: `the GDPR has no Article ${article}`,
        valid: `the GDPR has Articles 1 to ${GDPR_LAST_ARTICLE}`,
      });
    else if (
      paragraph &&
      GDPR_ARTICLE_PARAGRAPHS[article] &&
      Number(paragraph) > GDPR_ARTICLE_PARAGRAPHS[article]!
    )
      out.push({
        segment,
        phrase,
        key,
        problem: `Article ${article} of the GDPR has no paragraph ${paragraph}`,
        valid: `Article ${article} has paragraphs 1 to ${GDPR_ARTICLE_PARAGRAPHS[article]}`,
      });
  }
  return out;
}

function regulationIssue(citation: RegulationCitation): Issue {
  const { segment, phrase, key, problem, valid } = citation;
  return {
    primitive: 'citation_integrity_check',
    subject: `citation:${segment.document}:regulation:${key}:${segment.document}`,
    aspects: [`citation:${segment.document}:regulation:${key}`],
    title: `Invalid regulation citation in ${segment.document}: ${phrase}`,
    description:
      `${segment.document} cites "${phrase}", but ${problem}: ${valid}. The reference does not resolve, so the ` +
      `requirement it is meant to rest on cannot be traced, and the mapping of the control to the regulation is wrong.`,
    rootCause: `The regulatory references of ${segment.document} were written or renumbered without checking them against the text of the regulation.`,
    remediationScope: `Correct the citation in ${segment.document} to the provision that holds the requirement, and check the document's other regulatory references.`,
    remediationEffortHours: 1,
    severity: 'medium',
    confidence: 0.85,
    frameworks: [],
    quotes: [quoteOf(segment)],
  };
}

/** Highest control number of each NIST SP 800-53 family (Revision 5, a superset of Revision 4). */
const SP800_53_CONTROLS: Record<string, number> = {
  AC: 25,
  AT: 6,
  AU: 16,
  CA: 9,
  CM: 14,
  CP: 13,
  IA: 13,
  IR: 10,
  MA: 7,
  MP: 8,
  PE: 23,
  PL: 11,
  PM: 32,
  PS: 9,
  PT: 8,
  RA: 10,
  SA: 23,
  SC: 51,
  SI: 23,
  SR: 12,
};
const SP800_53_CONTROL = /\b(AC|AT|AU|CA|CM|CP|IA|IR|MA|MP|PE|PL|PM|PS|PT|RA|SA|SC|SI|SR)-(\d{1,3})\b/g;

/** Control identifiers in a document that relies on NIST SP 800-53 that the catalogue lacks ("AC-31"). */
function sp80053Problems(segment: LocatedSegment, documentText: string): RegulationCitation[] {
  if (!/800-53(?![A-Z\d])/.test(documentText)) return [];
  const out: RegulationCitation[] = [];
  for (const m of segment.text.matchAll(SP800_53_CONTROL)) {
    const last = SP800_53_CONTROLS[m[1]!]!;
    if (Number(m[2]) <= last || Number(m[2]) === 0) continue;
    out.push({
      segment,
      phrase: m[0],
      key: `NIST SP 800-53 ${m[0]}`,
      problem: `NIST SP 800-53 has no control ${m[0]}`,
      valid: `the ${m[1]} family runs from ${m[1]}-1 to ${m[1]}-${last}`,
    });
  }
  return out;
}

/** Citations of well-known regulation and control-catalogue provisions that do not exist. */
export function findInvalidRegulationCitations(segments: LocatedSegment[], documentText = ''): Issue[] {
  const issues = new Map<string, Issue>();
  const text = documentText || segments.map((s) => s.text).join('\n');
  for (const segment of segments) {
    if (!/164\.|GDPR|[A-Z]{2}-\d/.test(segment.text)) continue;
    for (const citation of [
      ...cfrProblems(segment),
      ...gdprProblems(segment),
      ...sp80053Problems(segment, text),
    ]) {
      const issue = regulationIssue(citation);
      if (!issues.has(issue.subject)) issues.set(issue.subject, issue);
    }
  }
  return [...issues.values()];
}
