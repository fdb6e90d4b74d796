// References to other documents of the set, by identifier ("see PRC-07") or by name ("the
// Sanctions Policy"), and whether any document of the corpus is the one referred to.
//
// Identifiers: the corpus's own scheme is learned from the identifiers its documents carry (in
// their file names, titles and control headers); an identifier in that scheme that no document
// carries is unresolved. Identifiers of other schemes (tickets, framework controls) are never
// judged. Names: a capitalised document name ending in a document kind ("... Policy", "...
// Procedure") that matches no corpus document's name, title or heading.
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { extractLinks } from '../../text/links';
import { escapeRegExp } from '../../text/normalize';
import { sentenceAround } from '../../text/sentences';
import { resolveDocument } from '../citation/citations';
import { isNormative } from '../../analyst/document-roles';

/** "ISP-01", "POL-ISMS-004", "SOP-IT-12", "P-7.2": letters, then a number. */
const IDENTIFIER = /\b([A-Z]{1,6}(?:-[A-Z]{1,6}){0,2})-(\d{1,4}(?:\.\d{1,2})?)([A-Z]?)\b(?![-.]\d)/g;
/** The label of a control-header field, with what may separate it from its value (a colon, a
 * table bar, Markdown emphasis). */
const LABEL =
  /\b(?:doc(?:ument)?\.?|policy|procedure|standard|plan|reference|ref|control|form)?\s*(?:id|identifier|no\.?|number|code|ref(?:erence)?)\b[\s:#|*_.]*$/i;
/** Words before an identifier that make it a framework control, not a document of the set. */
const FRAMEWORK_CONTEXT =
  /\b(?:NIST|SP\s*800|800-53|ISO|IEC|CSF|PCI|CIS|SOC\s*2|COBIT|HIPAA|CFR|controls?|criteri(?:on|a)|requirements?|article|CVE|CWE|RFC|ticket|incident|change|request|case|invoice|order|PO|CR|INC|CHG)\W*$/i;

export interface DocumentIdentifier {
  prefix: string;
  number: string;
  /** Canonical form: prefix and number without leading zeros ("ISP-1"). */
  key: string;
  text: string;
}

export function identifiersIn(text: string): Array<DocumentIdentifier & { index: number }> {
  const out: Array<DocumentIdentifier & { index: number }> = [];
  for (const m of text.matchAll(IDENTIFIER)) {
    const prefix = m[1]!;
    // "MCC-SEC-003A": a sub-document of MCC-SEC-003, an identifier of its own.
    const number = m[2]!.replace(/^0+(?=\d)/, '') + m[3]!;
    out.push({ prefix, number: m[2]! + m[3]!, key: `${prefix}-${number}`, text: m[0], index: m.index });
  }
  return out;
}

/**
 * The identifiers a document carries: those in its file name, and, for documents other than
 * evidence records (whose rows carry ticket and record numbers), those in its title, its control header
 * labels ("Document ID: ISP-04", "Doc. No. PRC-07") or its first lines show ("ACCESS STANDARD
 * ISP-04").
 */
export function carriedIdentifiers(doc: AnalyzedDocument): DocumentIdentifier[] {
  const fromName = identifiersIn(doc.name.replace(/[_]+/g, ' '));
  // An evidence record's "title" is its first row.
  if (doc.role === 'evidence') return fromName;
  const out = [...fromName, ...identifiersIn(doc.title)];
  const header = doc.text.slice(0, 1200);
  const titleBlockEnd = header.split('\n').slice(0, 4).join('\n').length;
  for (const id of identifiersIn(header)) {
    const before = header.slice(Math.max(0, id.index - 40), id.index);
    if (LABEL.test(before)) out.push(id);
    else if (id.index < titleBlockEnd && !citedInTitleBlock(header, id)) out.push(id);
  }
  return out.filter((id, i) => out.findIndex((o) => o.key === id.key) === i);
}

/** The word that labels a form's own number: "Form AHPT-FRM-BP-07", "Form No: HR-F-12". */
const FORM_LABEL = /\bform\s*(?:no\.?|number|id|ref(?:erence)?)?[\s:#|*_.]*$/i;

/**
 * The number a filled-in form carries in its first lines ("Form AHPT-FRM-BP-07 Version 2 (issued
 * under ...)"): the form it is, which a procedure citing another number for it does not name.
 */
function formNumbers(doc: AnalyzedDocument): DocumentIdentifier[] {
  const head = doc.text.slice(0, 600);
  return identifiersIn(head).filter((id) =>
    FORM_LABEL.test(head.slice(Math.max(0, id.index - 20), id.index)),
  );
}

/** Two numbers of one series a slip of the pen apart: digits swapped ("021" for "012") or one digit changed ("05" for "07"). */
function slipApart(a: string, b: string): boolean {
  if (a === b || a.length !== b.length) return false;
  const differing = [...a].filter((ch, i) => ch !== b[i]).length;
  return differing === 1 || [...a].sort().join('') === [...b].sort().join('');
}

/** Words that say what a form is for ("payment", "details", "change"), not that it is a form. */
function purposeWords(text: string): Set<string> {
  return new Set(
    (text.toLowerCase().match(/[a-z]{4,}/g) ?? []).filter(
      (w) =>
        !/^(?:form|forms|this|that|with|from|using|must|shall|which|their|under|issued|version|block|letters|dates)$/.test(
          w,
        ),
    ),
  );
}

interface FilledForm {
  doc: AnalyzedDocument;
  carried: DocumentIdentifier;
  /** What the form is for, from its first lines. */
  words: Set<string>;
}

const formCache = new WeakMap<CorpusAnalysis, FilledForm[]>();

/** The set's filled-in forms with the number each carries (once per corpus: every verdict asks). */
function filledForms(analysis: CorpusAnalysis): FilledForm[] {
  let forms = formCache.get(analysis);
  if (!forms) {
    forms = analysis.documents
      .filter((doc) => doc.role === 'evidence')
      .flatMap((doc) =>
        formNumbers(doc).map((carried) => ({ doc, carried, words: purposeWords(doc.text.slice(0, 400)) })),
      );
    formCache.set(analysis, forms);
  }
  return forms;
}

export interface MisnumberedForm {
  identifier: DocumentIdentifier;
  segment: LocatedSegment;
  /** The filled-in form the citation means, and the number it carries. */
  form: AnalyzedDocument;
  carried: DocumentIdentifier;
}

/**
 * A form cited by a number that no document carries, where a filled-in form of the set carries a
 * number of the same series a slip apart and the citation names what that form is for ("the
 * Change of Payment Details Form (AHPT-FRM-BP-05)" beside a form headed "CHANGE OF PAYMENT DETAILS
 * REQUEST / Form AHPT-FRM-BP-07"): the form is cited under the wrong number.
 */
export function misnumberedForms(analysis: CorpusAnalysis, segments: LocatedSegment[]): MisnumberedForm[] {
  const forms = filledForms(analysis);
  if (forms.length === 0) return [];
  const scheme = identifierScheme(analysis);
  const out: MisnumberedForm[] = [];
  for (const segment of segments) {
    if (analysis.byName.get(segment.document)?.role === 'evidence') continue;
    for (const id of identifiersIn(segment.text)) {
      if (scheme.carried.has(id.key) || scheme.listed.has(id.key)) continue;
      if (forms.some((f) => f.carried.key === id.key)) continue;
      const around = purposeWords(
        segment.text.slice(Math.max(0, id.index - 80), id.index + id.text.length + 60),
      );
      const form = forms.find(
        (f) =>
          f.carried.prefix === id.prefix &&
          slipApart(f.carried.number, id.number) &&
          [...around].filter((w) => f.words.has(w)).length >= 2,
      );
      if (form) out.push({ identifier: id, segment, form: form.doc, carried: form.carried });
    }
  }
  return out;
}

/**
 * "(CIP-003 R3 and R4)", "(SQF-2 clause 11)": an identifier in parentheses or followed by a
 * requirement, part or clause in a title block names the standard the document implements, not
 * the document itself.
 */
function citedInTitleBlock(header: string, id: DocumentIdentifier & { index: number }): boolean {
  const after = header.slice(id.index + id.text.length, id.index + id.text.length + 20);
  return (
    header[id.index - 1] === '(' ||
    /^\s+(?:R\d|req(?:uirement)?s?\b|parts?\s|clauses?\s|sections?\s|§)/i.test(after)
  );
}

export interface IdentifierScheme {
  /** Prefixes of identifiers the corpus's documents carry. */
  prefixes: Set<string>;
  /** Canonical keys of carried identifiers, with the document carrying each. */
  carried: Map<string, AnalyzedDocument>;
  /**
   * Canonical keys listed as rows of a document register or index of the set: such a document
   * exists (the register says so); it was only not supplied, which is no citation defect.
   */
  listed: Set<string>;
}

/** A cell separator of a table row: a bar, a tab, a comma or a run of spaces in aligned text. */
// Within one line: a separator row ("|---|---|") must not run into the row below it.
const CELL = String.raw`(?:[ \t]*\|[ \t]*|\t+|[ \t]*,[ \t]*| {2,})`;
/** A register row that opens with an identifier, then a title, then at least one more cell. */
const REGISTER_ROW = new RegExp(
  String.raw`^[ \t]*\|?[ \t]*(\S+)${CELL}"?([A-Z][^|\t\n]{2,100}?)${CELL}\S`,
  'gm',
);

/** Identifiers standing as the first cell of a row that names a document and goes on. */
export function registerRows(text: string): DocumentIdentifier[] {
  const out: DocumentIdentifier[] = [];
  for (const m of text.matchAll(REGISTER_ROW)) {
    const [first] = identifiersIn(m[1]!);
    if (first && first.text === m[1]) out.push(first);
  }
  return out;
}

/** The titles of a register's rows (an identifier, then the document's title, then more cells). */
function registerTitles(text: string): string[] {
  return [...text.matchAll(REGISTER_ROW)]
    .filter((m) => identifiersIn(m[1]!)[0]?.text === m[1])
    .map((m) => m[2]!.replace(/["”*_`]+$/, '').trim());
}

const schemeCache = new WeakMap<CorpusAnalysis, IdentifierScheme>();

export function identifierScheme(analysis: CorpusAnalysis): IdentifierScheme {
  const cached = schemeCache.get(analysis);
  if (cached) return cached;
  const carried = new Map<string, AnalyzedDocument>();
  for (const doc of analysis.documents) for (const id of carriedIdentifiers(doc)) carried.set(id.key, doc);
  const listed = new Set(analysis.documents.flatMap((doc) => registerRows(doc.text).map((id) => id.key)));
  const scheme = {
    prefixes: new Set([...carried.keys()].map((k) => k.replace(/-[\d.]+$/, ''))),
    carried,
    listed,
  };
  schemeCache.set(analysis, scheme);
  return scheme;
}

export interface UnresolvedIdentifier {
  identifier: DocumentIdentifier;
  segment: LocatedSegment;
}

/** Identifiers of the corpus's scheme, cited in these segments, that no document carries. */
export function unresolvedIdentifiers(
  analysis: CorpusAnalysis,
  segments: LocatedSegment[],
): UnresolvedIdentifier[] {
  const scheme = identifierScheme(analysis);
  if (scheme.carried.size < 2) return [];
  const out: UnresolvedIdentifier[] = [];
  for (const segment of segments) {
    for (const id of identifiersIn(segment.text)) {
      if (!scheme.prefixes.has(id.prefix) || scheme.carried.has(id.key) || scheme.listed.has(id.key))
        continue;
      if (FRAMEWORK_CONTEXT.test(segment.text.slice(Math.max(0, id.index - 30), id.index))) continue;
      out.push({ identifier: id, segment });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Named documents.

const DOCUMENT_KIND =
  '(?:Policy|Policies|Procedure|Procedures|Standard|Plan|Manual|Handbook|Charter|Playbook|Runbook|Guidelines?|Guide|Strategy|Programme|Program)';
// The name ends at the document kind: "the Model Procurement Clauses" names no standard. A name
// may stand in quotation marks ('comply with the "Remote Working Standard"'), or after a template
// variable standing for the organisation ("the {{company}} Roles Policy").
const NAME = `((?:[A-Z][A-Za-z&'’-]*\\s+(?:(?:and|of|for|&)\\s+)?){1,5}${DOCUMENT_KIND})`;
const NAMED_DOCUMENT = new RegExp(
  `\\b(?:[Tt]he|[Oo]ur|[Ii]ts|[Tt]heir|[Pp]er|[Ss]ee|[Uu]nder|[Ii]n|[Ww]ith|[Tt]o)\\s+(?:\\{\\{[^}]{1,40}\\}\\}(?:['’]s)?\\s+)?["“‘']?${NAME}\\b(?!\\s+(?:(?:of|for)\\s+)?[A-Z])`,
  'g',
);
/**
 * In a set that titles its documents in sentence case ("Access control policy"), a reference
 * writes the name the same way: "the Vulnerability management policy" after a lower-case
 * determiner (a capital mid-sentence marks the name's start).
 */
const SENTENCE_KIND =
  '(?:policy|procedure|standard|plan|manual|handbook|playbook|runbook|guidelines?|strategy)';
const SENTENCE_NAMED_DOCUMENT = new RegExp(
  `\\b(?:the|our|its|their|per|see|under|with)\\s+["“‘']?([A-Z][a-z]+(?:\\s+[a-z]+){0,3}\\s+${SENTENCE_KIND})\\b`,
  'g',
);
const SENTENCE_CASE_TITLE = new RegExp(`^[A-Z][a-z]+(?:\\s+[a-z]+){0,3}\\s+${SENTENCE_KIND}$`);
/** Fewer sentence-case titles than this is no house style. */
const SENTENCE_CASE_TITLES = 2;

const sentenceCaseSets = new WeakMap<CorpusAnalysis, boolean>();

function titlesInSentenceCase(analysis: CorpusAnalysis): boolean {
  let yes = sentenceCaseSets.get(analysis);
  if (yes === undefined)
    sentenceCaseSets.set(
      analysis,
      (yes =
        analysis.documents.filter((doc) => SENTENCE_CASE_TITLE.test(doc.title.trim())).length >=
        SENTENCE_CASE_TITLES),
    );
  return yes;
}

/** A list item that is only a document's name: a policy's list of related documents. */
const LISTED_DOCUMENT = new RegExp(`^[ \\t]*(?:[-*•]|[a-z0-9]{1,3}[.)])[ \\t]+${NAME}[ \\t]*$`, 'gm');
/** Words that do not tell one document from another. */
const GENERIC =
  /^(?:applicable|relevant|related|appropriate|other|such|corresponding|respective|existing|current|same|above|below|following|this|that|these|those|each|every|any|all|company|corporate|organisational|organizational|group|departmental|local|internal|master|main|overall|new|draft|approved|security|information|it|controls?)$/i;
/**
 * Names of things outside the set: laws, published frameworks, a vendor's own documents, and the
 * publications of government security authorities and standards bodies (their good-practice
 * guides and operating procedures are cited, never part of an organisation's own set), and
 * technologies whose names end like a document (Windows Group Policy).
 */
const EXTERNAL =
  /\b(?:NIST|ISO|IEC|PCI|CIS|HIPAA|GDPR|SOC|COBIT|ITIL|EU|UK|US|Payment Card|Industry|Cybersecurity Framework|Privacy Framework|Act|Regulation|Directive|Federal|National|Government|HMG|CESG|NCSC|ENISA|CISA|OMB|FedRAMP|AICPA|IETF|OWASP|SANS|British Standards?|BS|Good Practice Guide|Group Policy|Vendor'?s|Supplier'?s|Provider'?s|Customer'?s|Client'?s|Sponsor'?s|Commissioner'?s|Regulator'?s|Authority'?s)\b/;

/**
 * A sentence that says where the document lives ("the Information Handling Standard published on
 * the intranet", "maintained by Group Cyber Security"): it exists and is kept elsewhere, outside
 * the sample supplied.
 */
const HELD_ELSEWHERE =
  /\b(?:published|available|held|kept|maintained|stored|issued)\s+(?:on|in|by|at|from|under)\b/i;

/**
 * A web address on the public internet. An intranet, document-management or wiki address is the
 * organisation's own store, where a document of the set may well live.
 */
const PUBLIC_URL =
  /^https?:\/\/(?![^/\s]*(?:intranet|sharepoint|confluence|atlassian|wiki|internal|\.local\b|\.corp\b|\.lan\b|localhost))[^/\s]+\.[^/\s]+/i;
/** The texts of a document's links (Markdown inline or by reference, HTML) to public web addresses. */
function publicLinkLabels(text: string): string[] {
  return extractLinks(text)
    .filter((link) => !link.image && PUBLIC_URL.test(link.target))
    .map((link) => link.text);
}

/**
 * "The Home Working Policy was withdrawn in 2023", "replaces the former Visitor Procedure": a
 * document the set names as retired or past is history, not a document missing from it.
 */
const HISTORICAL =
  /\b(?:withdrawn|superseded|replaced|replaces|retired|rescinded|revoked|archived|former(?:ly)?|historic(?:al)?|obsolete|no\s+longer\s+(?:in\s+(?:use|force)|applies|used|exists?))\b/i;

const registeredNames = new WeakMap<CorpusAnalysis, Set<string>>();

/**
 * A title a register or index of the set lists: that document exists (the register says so); it
 * was only not supplied, which is no citation defect (as for identifiers, see IdentifierScheme).
 */
function listedInRegister(analysis: CorpusAnalysis, key: string): boolean {
  let names = registeredNames.get(analysis);
  if (!names)
    registeredNames.set(
      analysis,
      (names = new Set(analysis.documents.flatMap((doc) => registerTitles(doc.text)).map(nameKey))),
    );
  return names.has(key);
}

const publicLinks = new WeakMap<CorpusAnalysis, string[]>();

/**
 * The set itself links the name to a public web address ("the [GOV.UK Service Manual](https://...)",
 * "[Point 3 of the Service Standard][std]" with "[std]: https://..."): a publication outside the
 * set, not a document missing from it, wherever else the set names it.
 */
function linkedOnTheWeb(analysis: CorpusAnalysis, key: string): boolean {
  let labels = publicLinks.get(analysis);
  if (!labels)
    publicLinks.set(
      analysis,
      (labels = analysis.documents
        .flatMap((doc) => publicLinkLabels(doc.text))
        .map((l) => ` ${nameKey(l)} `)),
    );
  return labels.some((label) => label.includes(` ${key} `));
}

export interface NamedReference {
  name: string;
  key: string;
  segment: LocatedSegment;
}

function nameKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/policies$/, 'policy')
    .replace(/procedures$/, 'procedure')
    .replace(/guidelines$/, 'guideline')
    .replace(/guide$/, 'guideline')
    .replace(/programme$/, 'program')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * A framework the intake audits against ("FBI CJIS Security Policy", "the World Lottery Association
 * Security Control Standard") is the auditor's yardstick, not a document the set should hold: the
 * cited name's words, its kind aside, all stand in one framework entry.
 */
function namedByIntake(analysis: CorpusAnalysis, key: string): boolean {
  const words = key
    .split(' ')
    .slice(0, -1)
    .filter((w) => !/^(?:the|and|of|for)$/.test(w));
  if (words.length < 2) return false;
  return analysis.frameworks.some((framework) => {
    const entry = new Set(nameKey(framework).split(' '));
    return words.every((w) => entry.has(w));
  });
}

function distinctive(name: string): boolean {
  const words = name.split(/\s+/).slice(0, -1);
  // "the GCDM Policies", "the Company's Procedures": a body of documents of the organisation (its
  // acronym or a possessive), not one document's name.
  const collection =
    /(?:Policies|Procedures)$/.test(name) && words.every((w) => /^[A-Z]{2,6}$|['\u2019]s$/.test(w));
  return !collection && words.some((w) => !GENERIC.test(w) && !/^(?:and|of|for|&)$/i.test(w));
}

/**
 * A heading of some document is the named document: a combined document may hold several
 * policies. The heading must be little more than the name (a sentence that happens to open with
 * "Schedule 2" and mention the name is no heading of it).
 */
function namedByHeading(analysis: CorpusAnalysis, key: string): boolean {
  const size = key.split(' ').length;
  return analysis.documents.some((doc) =>
    doc.headings.some((h) => {
      const heading = nameKey(h.title);
      return heading.includes(key) && heading.split(' ').length <= size + 3;
    }),
  );
}

/**
 * How a cited name resolves to a document of the corpus: `exact` as written, or either half of a
 * name joined by "and", or after dropping leading words that only qualify it with the
 * organisation's own name ("Acme Supplier Security Policy", "the Authority's Remote Access
 * Standard"), or a document calls itself by it ("this Contingency Plan"); `near` when a
 * document's title is the name less one or two ordinary words ("the System Availability Policy"
 * for the set's "Availability Policy"): the reader can guess the document, but the reference names
 * one that does not exist; `none` when no document is meant.
 */
export type NameResolution =
  { status: 'exact' } | { status: 'near'; document: AnalyzedDocument } | { status: 'none' };

/** The words of a document's file name, without extension or a leading number ("13-disaster_recovery"). */
function fileNameWords(document: AnalyzedDocument): string[] {
  return nameKey(document.name.replace(/\.[a-z0-9]+$/i, '').replace(/^[\d\s._-]+/, ''))
    .split(' ')
    .filter(Boolean);
}

/**
 * A document that calls itself by the name: "This Contingency Plan sets out ...", "this
 * {{company}} disaster recovery plan" (a template variable for the organisation may stand between).
 */
function callsItself(analysis: CorpusAnalysis, name: string): boolean {
  const words = name
    .split(/\s+/)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('\\s+');
  const self = new RegExp(`\\bthis\\s+(?:\\{\\{[^}]{1,40}\\}\\}\\s+)?${words}\\b`, 'i');
  return analysis.documents.some((doc) => self.test(doc.text));
}

function resolveName(analysis: CorpusAnalysis, name: string): NameResolution {
  if (callsItself(analysis, name)) return { status: 'exact' };
  // "the Business Continuity and Disaster Recovery Plan" is either plan of the set.
  const joined = /^(.+?)\s+(?:and|&)\s+(.+)\s+(\S+)$/.exec(name);
  if (
    joined &&
    [joined[1], joined[2]].some((part) => matchAsWritten(analysis, `${part} ${joined[3]}`) !== 'none')
  )
    return { status: 'exact' };
  const match = matchAsWritten(analysis, name);
  if (match === 'exact') return { status: 'exact' };
  const document = nearTitle(analysis, name);
  if (document) return { status: 'near', document };
  // Some document about the subject, but not one this name is a variant of: no finding.
  return match === 'loose' ? { status: 'exact' } : { status: 'none' };
}

/**
 * exact: the name, or the name less leading words that are the organisation's own ("Acme
 * Supplier Security Policy"), is a document's name, title or heading; loose: only after dropping
 * ordinary words; none: not even then.
 */
function matchAsWritten(analysis: CorpusAnalysis, name: string): 'exact' | 'loose' | 'none' {
  const words = name.split(/\s+/).filter((w) => !/['’]s$/.test(w));
  for (let start = 0; start < words.length - 1; start += 1) {
    const candidate = words.slice(start).join(' ');
    if (start > 0 && !distinctive(candidate)) break;
    if (resolveDocument(analysis, candidate) === null && !namedByHeading(analysis, nameKey(candidate)))
      continue;
    return words.slice(0, start).every((word) => isProperName(analysis, word)) ? 'exact' : 'loose';
  }
  return 'none';
}

/**
 * The document whose title is the cited name less one or two ordinary words, of the same kind
 * ("the Workstation Security Policy" for the set's "Workstation Policy").
 */
function nearTitle(analysis: CorpusAnalysis, name: string): AnalyzedDocument | null {
  const cited = nameKey(name).split(' ');
  const written = name.split(/\s+/);
  for (const document of analysis.documents) {
    const title = titleWords(document);
    if (title.length < 2 || title.at(-1) !== cited.at(-1)) continue;
    if (!title.every((word) => cited.includes(word))) continue;
    const extra = written.filter((word) => !title.includes(nameKey(word)));
    if (extra.length === 0 || extra.length > 2) continue;
    if (extra.every((word) => isProperName(analysis, word) || /^(?:and|of|for|&)$/i.test(word))) continue;
    return document;
  }
  return substitutedTitle(analysis, cited);
}

/**
 * The one document whose title of four words or more is the cited name with one word other than
 * the kind changed ("the Security Incident Management Policy" for the set's "Security Incident
 * Response Policy"): three words in place are too many to share by chance; a shorter title may
 * ("Remote Onboarding Policy" is no "Remote Access Policy").
 */
function substitutedTitle(analysis: CorpusAnalysis, cited: string[]): AnalyzedDocument | null {
  if (cited.length < 4) return null;
  const near = analysis.documents.filter((document) => {
    const title = titleWords(document);
    if (title.length !== cited.length || title.at(-1) !== cited.at(-1)) return false;
    const changed = title.filter((word, i) => word !== cited[i]);
    return changed.length === 1 && !cited.includes(changed[0]!);
  });
  return near.length === 1 ? near[0]! : null;
}

/** The words of a document's title, without its numbering ("8. Auditing Policy"). */
function titleWords(document: AnalyzedDocument): string[] {
  return nameKey(document.title.replace(/^[\d.\s]+/, '')).split(' ');
}

const properNames = new WeakMap<CorpusAnalysis, Map<string, boolean>>();

/**
 * A word the corpus only ever writes capitalised (an organisation, a department, a product) or an
 * acronym: a qualifier of a document's name, not part of it. "System" or "Data", written in lower
 * case elsewhere, are ordinary words.
 */
function isProperName(analysis: CorpusAnalysis, word: string): boolean {
  if (/^[A-Z][A-Za-z]*[A-Z][A-Za-z]*$/.test(word)) return true;
  let cache = properNames.get(analysis);
  if (!cache) properNames.set(analysis, (cache = new Map()));
  const known = cache.get(word);
  if (known !== undefined) return known;
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // In running text: not part of an address, a file name or an identifier ("acme.com", "acme-policies").
  const lower = new RegExp(`(?<![\\w.@/-])${escaped.toLowerCase()}(?![\\w@/-]|\\.\\w)`);
  const proper = !analysis.documents.some((doc) => lower.test(doc.text));
  cache.set(word, proper);
  return proper;
}

/**
 * How each cited name resolves, per corpus: the candidates and every verdict ask again (for
 * missing and for misnamed references), and the answer depends only on the corpus and the name.
 */
const resolutionCache = new WeakMap<CorpusAnalysis, Map<string, NameResolution>>();

export interface MisnamedReference extends NamedReference {
  /** The document of the set the name most likely means. */
  meant: AnalyzedDocument;
}

/** A table whose first column holds posts: "Role", "Position", "Post", "Title". */
const ROLE_COLUMN = /^\s*\|?\s*(?:role|position|post|job title|title|function|responsible person)s?\b/i;
const tabledRolesCache = new WeakMap<CorpusAnalysis, Set<string>>();

/**
 * The posts a roles table names in its first column ("| Head Guide | Keeps the Guide Licence
 * Register ... |"): a name ending in "Guide" or "Plan" there is a person's title, not a document.
 */
function tabledRoles(analysis: CorpusAnalysis): Set<string> {
  let roles = tabledRolesCache.get(analysis);
  if (roles) return roles;
  roles = new Set();
  for (const doc of analysis.documents)
    for (const segment of doc.segments) {
      if (!ROLE_COLUMN.test(segment.frame?.header ?? '')) continue;
      const first = segment.text
        .split('|')
        .find((cell) => cell.trim())
        ?.trim();
      if (first && first.length <= 60) roles.add(nameKey(first));
    }
  tabledRolesCache.set(analysis, roles);
  return roles;
}

function namedReferences(
  analysis: CorpusAnalysis,
  segments: LocatedSegment[],
): Array<NamedReference & { resolution: NameResolution }> {
  const out: Array<NamedReference & { resolution: NameResolution }> = [];
  let resolutions = resolutionCache.get(analysis);
  if (!resolutions) resolutionCache.set(analysis, (resolutions = new Map()));
  for (const segment of segments) {
    const source = analysis.byName.get(segment.document);
    const matches = [...segment.text.matchAll(NAMED_DOCUMENT), ...segment.text.matchAll(LISTED_DOCUMENT)];
    if (titlesInSentenceCase(analysis)) matches.push(...segment.text.matchAll(SENTENCE_NAMED_DOCUMENT));
    for (const m of matches) {
      const name = m[1]!.replace(/\s+/g, ' ').trim();
      if (!distinctive(name) || EXTERNAL.test(name)) continue;
      const key = nameKey(name);
      // The citing document naming itself: by its title, or by a name its file name abbreviates
      // ("remote-working.md" speaking of "the Remote Working Guide").
      if (source && (nameKey(source.title).includes(key) || nameKey(source.name).includes(key))) continue;
      if (source && fileNameWords(source).every((word) => key.split(' ').includes(word))) continue;
      if (linkedOnTheWeb(analysis, key) || listedInRegister(analysis, key)) continue;
      if (namedByIntake(analysis, key) || tabledRoles(analysis).has(key)) continue;
      // The retired document, not its replacement ("replaced by the Visitor Standard").
      const replacement = /\b(?:by|with|to|see)\s+(?:the\s+|our\s+)?["“‘']?$/i.test(
        segment.text.slice(Math.max(0, m.index - 16), m.index + m[0].indexOf(m[1]!)),
      );
      const sentence = sentenceAround(segment.text, m.index);
      if (!replacement && HISTORICAL.test(sentence)) continue;
      if (HELD_ELSEWHERE.test(sentence.slice(sentence.indexOf(m[1]!)))) continue;
      if (source && deliverableOf(source, name)) continue;
      if (!resolutions.has(key)) resolutions.set(key, resolveName(analysis, name));
      out.push({ name, key, segment, resolution: resolutions.get(key)! });
    }
  }
  return out;
}

/**
 * A contract's own deliverable ("The Provider shall prepare and deliver an Exit Plan to the
 * Customer"): a document a party will write under the contract, not one of the set that is missing.
 */
function deliverableOf(source: AnalyzedDocument, name: string): boolean {
  if (source.role !== 'contract') return false;
  const written = escapeRegExp(name).replace(/ /g, '\\s+');
  return new RegExp(
    `\\b(?:prepare|deliver|produce|provide|submit|develop|draft|maintain|update)s?\\s+(?:and\\s+\\w+\\s+)?(?:an?|the|its)\\s+(?:written\\s+|documented\\s+|draft\\s+)?${written}\\b`,
    'i',
  ).test(source.text);
}

/** Named documents, cited in these segments, that no document of the corpus is. */
export function unresolvedNames(analysis: CorpusAnalysis, segments: LocatedSegment[]): NamedReference[] {
  return namedReferences(analysis, segments)
    .filter((r) => r.resolution.status === 'none')
    .map(({ name, key, segment }) => ({ name, key, segment }));
}

/** Named documents cited by a name the set's document does not carry (see NameResolution). */
export function misnamedReferences(
  analysis: CorpusAnalysis,
  segments: LocatedSegment[],
): MisnamedReference[] {
  const out: MisnamedReference[] = [];
  for (const { name, key, segment, resolution } of namedReferences(analysis, segments))
    if (resolution.status === 'near') out.push({ name, key, segment, meant: resolution.document });
  return out;
}

export interface SwappedIdentifier {
  identifier: DocumentIdentifier;
  segment: LocatedSegment;
  /** The title written beside the identifier ("Batch Release Procedure"). */
  title: string;
  /** The document that carries the identifier, and the one the title names. */
  carrier: AnalyzedDocument;
  named: AnalyzedDocument;
}

/** A document's title written right after its identifier: "CRP-PRO-005 Batch Release Procedure". */
const TITLE_AFTER = new RegExp(
  `^[ \\t]*["“]?((?:[A-Z][A-Za-z&'’-]*\\s+(?:(?:and|of|for|&)\\s+)?){1,5}${DOCUMENT_KIND})\\b`,
);

/** A document's title written right before an identifier: "Information Security Policy RBS-ISMS-POL-001". */
const TITLE_BEFORE = new RegExp(
  `((?:[A-Z][A-Za-z&'’-]*\\s+(?:(?:and|of|for|&)\\s+)?){1,5}${DOCUMENT_KIND})[\\s,(]*$`,
);

/**
 * Identifiers of the set cited with another document's title: the identifier is carried by one
 * document of the set and the title written beside it is another's, so a reader cannot tell which
 * is meant.
 */
export function swappedIdentifiers(
  analysis: CorpusAnalysis,
  segments: LocatedSegment[],
): SwappedIdentifier[] {
  const scheme = identifierScheme(analysis);
  const out: SwappedIdentifier[] = [];
  for (const segment of segments)
    for (const identifier of identifiersIn(segment.text)) {
      const carrier = scheme.carried.get(identifier.key);
      if (!carrier) continue;
      const title = TITLE_AFTER.exec(segment.text.slice(identifier.index + identifier.text.length))?.[1];
      if (!title) continue;
      // "Information Security Policy RBS-ISMS-POL-001 Incident Management Procedure RBS-ISMS-PRO-007":
      // in a list written title first, the identifier belongs to the title before it.
      const before = TITLE_BEFORE.exec(segment.text.slice(0, identifier.index))?.[1];
      if (before && resolveDocument(analysis, before) === carrier) continue;
      const named = resolveDocument(analysis, title);
      if (!named || named === carrier) continue;
      // The carrier's own title holds every word of the name: no other document is meant.
      const words = nameKey(title).split(' ');
      if (words.every((w) => nameKey(`${carrier.title} ${carrier.name}`).split(' ').includes(w))) continue;
      out.push({ identifier, segment, title, carrier, named });
    }
  return out;
}

/** "The RPO shall maintain a Transport Emergency Response Plan": a named document a rule requires. */
const REQUIRED_DOCUMENT = new RegExp(
  `\\b(?:shall|must|will|is required to|are required to)\\s+(?:maintain|establish|keep|have|prepare|develop|implement|adopt)\\s+(?:and\\s+\\w+\\s+)?an?\\s+${NAME}\\b`,
  'g',
);

/**
 * Named documents a normative statement requires the organisation to keep ("shall maintain a
 * Transport Emergency Response Plan") that no document of the set is, by name, title or heading.
 */
export function requiredButAbsent(analysis: CorpusAnalysis, segments: LocatedSegment[]): NamedReference[] {
  const out: NamedReference[] = [];
  for (const segment of segments) {
    const source = analysis.byName.get(segment.document);
    if (!source || !isNormative(source.role)) continue;
    for (const m of segment.text.matchAll(REQUIRED_DOCUMENT)) {
      const name = m[1]!.replace(/\s+/g, ' ').trim();
      if (!distinctive(name) || EXTERNAL.test(name)) continue;
      const key = nameKey(name);
      if (nameKey(source.title).includes(key) || namedByIntake(analysis, key)) continue;
      if (resolveName(analysis, name).status !== 'none') continue;
      // A heading of its own, numbered or not ("## Transport Emergency Response Plan"), is the plan.
      const heading = new RegExp(
        `^[ \\t#*]*(?:\\d+(?:\\.\\d+)*\\.?\\s+)?${escapeRegExp(name).replace(/ /g, '\\s+')}[ \\t*:]*$`,
        'im',
      );
      if (analysis.documents.some((d) => heading.test(d.text))) continue;
      out.push({ name, key, segment });
    }
  }
  return out;
}
