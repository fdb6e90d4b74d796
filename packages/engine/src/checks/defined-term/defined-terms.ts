// consistency_check on vocabulary: the dispatcher over definitions (definitions.ts),
// classification labels and retired terms (below).
import type { LocatedSegment } from '../../analyst/corpus-analysis';
import { excerptAround, quoteAround, quoteOf, type Issue } from '../../analyst/issue';
import { escapeRegExp } from '../../text/normalize';
import { pipeCells } from '../../text/table-cells';
import {
  conflictingDefinitionIssues,
  definitionsOf,
  sharedDefinitionIssues,
  termSubject,
} from './definitions';

export function definedTermIssues(segments: LocatedSegment[], onlyKey?: string): Issue[] {
  // Classification labels outside the scheme are terms used inconsistently too.
  if (onlyKey?.startsWith('classification:'))
    return classificationLabelIssues(segments, onlyKey.slice('classification:'.length));
  if (onlyKey?.startsWith('retired:')) return retiredTermIssues(segments, onlyKey);
  const definitions = definitionsOf(segments);
  if (onlyKey?.startsWith('shared:')) return sharedDefinitionIssues(definitions, termSubject(onlyKey));
  if (onlyKey) return conflictingDefinitionIssues(definitions, onlyKey);
  return [
    ...classificationLabelIssues(segments),
    ...retiredTermIssues(segments),
    ...conflictingDefinitionIssues(definitions),
    ...sharedDefinitionIssues(definitions),
  ];
}

// consistency_check on classification labels: a document labels information with a level
// ("Strictly Confidential") that the corpus's classification scheme (a table or list of levels
// such as Public / Internal / Confidential / Restricted) does not contain.

/** Words that classification levels are made of, in any organisation's scheme. */
const LEVEL_WORD =
  /\b(?:Public|Internal|Confidential|Restricted|Unrestricted|Secret|Sensitive|Private|Protected|Official|Proprietary|Unclassified|Classified|Highly|Strictly|Limited|Open|Controlled)\b/;

/** A level word, also when the label is written in capitals ("HIGHLY CONFIDENTIAL"). */
function isLevel(label: string): boolean {
  const titled = /^[A-Z\s-]+$/.test(label)
    ? label.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase())
    : label;
  return LEVEL_WORD.test(titled);
}
/** Trailing nouns that do not change a level: "Internal Use", "Confidential Information". */
const GENERIC_TAIL = /(?:\s+(?:use|only|data|information|documents?|material|records?))+$/i;
const LABEL = /^[A-Z][A-Za-z-]*(?:\s+[A-Z][A-Za-z-]*){0,2}$/;

export interface ClassificationScheme {
  labels: string[];
  segments: LocatedSegment[];
}

function normaliseLabel(label: string): string {
  return label.replace(GENERIC_TAIL, '').trim().toLowerCase();
}

function isTableRow(text: string): boolean {
  return /^\s*\|.*\|\s*$/.test(text);
}

function firstCell(row: string): string {
  // "Sensitive data (payroll files, medical notes)": the examples in brackets are not the label.
  const cell =
    row.split('|').map((c) =>
      c
        .replace(/\([^)]*\)/g, ' ')
        .replace(/[*_"“”`]/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )[1] ?? '';
  // "Unrestricted data": the level is the first word, the noun after it is generic.
  return cell.replace(GENERIC_TAIL, '');
}

const LIST_ITEM =
  /^\s*(?:[-*•]|\d+[.)]|[a-z][.)])\s+(?:\*\*)?([A-Z][A-Za-z-]*(?:\s+[A-Z][A-Za-z-]*){0,2})(?:\*\*)?\s*(?:[:–—-]|\(|$)/;

/** The level a table row or a list item ("- **Public**: approved for release") names. */
function rowLabel(text: string): string | null {
  if (isTableRow(text)) return firstCell(text);
  return LIST_ITEM.exec(text)?.[1] ?? null;
}

/** "Classification levels: Public, Internal, Confidential and Restricted". */
const INLINE_SCHEME = /\bclassification\s+(?:levels?|scheme|labels?|categories)\b[^:]{0,40}:\s*(.+)$/i;
/** "The three classifications the agency uses are OFFICIAL, SECRET and TOP SECRET." */
const INLINE_SCHEME_SENTENCE = /\bclassifications\b[^.:]{0,60}?\b(?:are|is)\s+([^.]+)/i;
/** "All information is classified into one of four levels: Public, Internal, Confidential and Restricted." */
const INLINE_SCHEME_LEVELS =
  /\b(?:classified|classification)\b[^:.]{0,60}?\b(?:levels?|categories|classes|tiers)\b[^:.]{0,20}:\s*(.+)$/i;

/** "Railway information is classified as Public, Internal, Confidential or Restricted.": levels as alternatives. */
const INLINE_SCHEME_ALTERNATIVES =
  /\bclassified\s+(?:as|into)\s+((?:[A-Z][A-Za-z-]*\s*,\s*)+[A-Z][A-Za-z-]*\s*,?\s+(?:or|and)\s+[A-Z][A-Za-z-]*)/;

/** Tables whose first column lists three or more levels, and inline lists "levels: A, B, C and D". */
export function classificationSchemes(segments: LocatedSegment[]): ClassificationScheme[] {
  const schemes: ClassificationScheme[] = [];
  let table: LocatedSegment[] = [];
  const flush = () => {
    const labelled = table.map((s) => ({ s, label: rowLabel(s.text) ?? '' }));
    const rows = labelled.filter((r) => LABEL.test(r.label) && isLevel(r.label));
    if (rows.length >= 3) schemes.push({ labels: rows.map((r) => r.label), segments: rows.map((r) => r.s) });
    table = [];
  };
  // Consecutive table rows or list items form one candidate scheme.
  for (const segment of segments) {
    const previous = table[table.length - 1];
    const continues =
      previous && previous.document === segment.document && previous.segIndex + 1 === segment.segIndex;
    const row = rowLabel(segment.text) !== null;
    if (!row || (table.length > 0 && !continues)) flush();
    if (row) table.push(segment);
    const inline =
      segment.text.match(INLINE_SCHEME) ??
      segment.text.match(INLINE_SCHEME_SENTENCE) ??
      segment.text.match(INLINE_SCHEME_LEVELS) ??
      segment.text.match(INLINE_SCHEME_ALTERNATIVES);
    if (inline) {
      const items = inline[1]!
        .split(/,|;|\/|\band\b|\bor\b/)
        .map((p) => p.replace(/\([^)]*\)|[*_"“”`.]/g, '').trim())
        .filter((p) => LABEL.test(p) && isLevel(p));
      if (items.length >= 3) schemes.push({ labels: items, segments: [segment] });
    }
  }
  flush();
  schemes.push(...laidOutSchemes(segments));
  return schemes;
}

/** A line that is a level and nothing else ("INTERNAL"), or a level defined after a colon ("Public: approved for release"). */
function levelCell(text: string): string | null {
  const label = text.trim().split(/:\s/)[0]!.trim();
  return LABEL.test(label) && isLevel(label) ? label : null;
}

/** How far after a statement about classification its table's level cells may stand. */
const LAID_OUT_WINDOW = 16;

/**
 * A scheme table laid out one cell per line (a Word or PDF table: "Level", "Meaning", "PUBLIC",
 * "Approved for release ...", "INTERNAL", ...) or as paragraphs that define each level after a
 * colon ("Public: approved for release ..."): the lines that are a level and nothing else,
 * shortly after a statement about classification ("All information is classified at one of four
 * levels"), are the scheme's levels when there are at least three.
 */
function laidOutSchemes(segments: LocatedSegment[]): ClassificationScheme[] {
  const out: ClassificationScheme[] = [];
  segments.forEach((segment, i) => {
    if (!/\bclassif\w*\b/i.test(segment.text) || isTableRow(segment.text)) return;
    const cells = segments
      .slice(i + 1, i + 1 + LAID_OUT_WINDOW)
      .filter((s) => s.document === segment.document && !isTableRow(s.text))
      .map((s) => ({ s, label: levelCell(s.text) }))
      .filter((c): c is { s: LocatedSegment; label: string } => c.label !== null);
    if (cells.length >= 3 && !out.some((scheme) => scheme.segments.includes(cells[0]!.s)))
      out.push({ labels: cells.map((c) => c.label), segments: cells.map((c) => c.s) });
  });
  return out;
}

/**
 * A level written in capitals in running text ("material marked CONFIDENTIAL and above"): a
 * marking, where the scheme itself writes its levels in capitals.
 */
const CAPITALS_USAGE = /\b([A-Z]{4,}(?:[ -][A-Z]{4,})?)\b/g;

/**
 * "HARBOUR PILOTS LIMITED", "Acme Care Homes Limited (the Company)": the legal form closing a
 * company's name, not a classification level, where a capitalised word of the name precedes it.
 */
function companyLegalForm(text: string, index: number, label: string): boolean {
  return (
    /\bLIMITED$/i.test(label) &&
    /\b[A-Z][A-Za-z0-9&.'’-]*\s+$/.test(text.slice(Math.max(0, index - 40), index))
  );
}

/** A sentence that calls a label older or retired is a note about it, not a use of it. */
const FORMER =
  /\b(?:older|former|previous|legacy|retired|obsolete|superseded|replaced|withdrawn|no\s+longer\s+(?:used|in\s+use|valid|applie[sd]|recogni[sz]ed)|discontinued)\b/i;

/**
 * "OFFICIAL-SENSITIVE", "Confidential - HR": a caveat on a level of the scheme, not another level;
 * "Company Confidential" where the scheme has Confidential is that level too.
 */
function caveatOf(label: string, known: Set<string>): boolean {
  const [first, ...rest] = label.split(/\s*[-\s]\s*/);
  const owned = /^company\s+(.+)$/i.exec(label);
  return (
    (rest.length > 0 && known.has(normaliseLabel(first!))) ||
    (!!owned && known.has(normaliseLabel(owned[1]!)))
  );
}

// A form's marking in capitals counts too: "CLASSIFICATION: RESTRICTED".
const USAGE =
  /\b(?:classified(?:\s+as)?|classification(?:\s+level)?(?:\s+(?:of|is))?|label(?:l)?ed(?:\s+as)?|marked(?:\s+as)?|(?:handled|treated)\s+as)[\s:|*"“'‘]*([A-Z][A-Za-z-]*(?:\s+[A-Z][A-Za-z-]*){0,2})|\b((?:Highly|Strictly|Top|Company|Internal)\s+(?:Confidential|Restricted|Secret))\b|\bCLASSIFICATION(?:\s+LEVEL)?\s*:\s*([A-Z][A-Z-]+(?:\s+[A-Z][A-Z-]+)?)\b/g;

/**
 * "are designated **OT-Sensitive**": information designated a level. "Designated" names roles and
 * areas too ("designated Controlled Areas"), so the label must end in a level word and not run on
 * into a name.
 */
const DESIGNATED_USAGE =
  /\bdesignated(?:\s+as)?[\s*"“'‘]*([A-Z][A-Za-z]*(?:-[A-Z][A-Za-z]*)?)(?![\w-]|\s+[A-Z][a-z])/g;

/** A register's or schedule's column of levels: "| Record | Owner | Classification | Retention |". */
const CLASSIFICATION_COLUMN =
  /^(?:(?:security|data|information)\s+)?(?:classification|sensitivity)(?:\s+level)?$/i;

/** The level a table row puts in its classification column ("| R10 | Cardholder data | Restricted |"). */
function classificationCell(segment: LocatedSegment): string[] {
  const header = segment.frame?.header;
  if (!header || !isTableRow(segment.text)) return [];
  const column = pipeCells(header).findIndex((c) => CLASSIFICATION_COLUMN.test(c.trim()));
  if (column < 0) return [];
  const cell = (pipeCells(segment.text)[column] ?? '').replace(/[*_"“”`]/g, '').trim();
  return LABEL.test(cell) ? [cell] : [];
}

function endsInLevel(label: string): boolean {
  return LEVEL_WORD.test(label.split('-').at(-1)!);
}

/** Two schemes name different levels when neither's labels are (mostly) among the other's. */
function divergent(a: ClassificationScheme, b: ClassificationScheme): boolean {
  const labelsA = new Set(a.labels.map(normaliseLabel));
  const labelsB = new Set(b.labels.map(normaliseLabel));
  const shared = [...labelsA].filter((l) => labelsB.has(l)).length;
  return shared * 2 < Math.min(labelsA.size, labelsB.size);
}

/**
 * consistency_check: two documents each lay out a classification scheme (a table or list of three
 * or more levels) and the level sets differ ("Public / Internal / Confidential / Highly
 * Confidential" against "Unrestricted / Restricted / Protected"). Data classified under one cannot
 * be mapped to the handling rules of the other.
 */
function divergentSchemeIssues(schemes: ClassificationScheme[], onlyDocument?: string): Issue[] {
  if (schemes.length < 2) return [];
  const reference = [...schemes].sort((a, b) => b.labels.length - a.labels.length)[0]!;
  const referenceDoc = reference.segments[0]!.document;
  const issues = new Map<string, Issue>();
  for (const scheme of schemes) {
    const document = scheme.segments[0]!.document;
    if (document === referenceDoc || !divergent(scheme, reference)) continue;
    if (onlyDocument && document !== onlyDocument) continue;
    // The level names ride along in the key: they are what retrieval needs to find both tables.
    const levels = [...scheme.labels, ...reference.labels].join(' ');
    const subject = termSubject(`classification:scheme:${document}:${levels}`);
    if (issues.has(subject)) continue;
    issues.set(subject, {
      primitive: 'consistency_check',
      subject,
      aspects: [subject],
      title: `Classification labels in ${document} differ from the classification scheme of ${referenceDoc}`,
      description:
        `${referenceDoc} classifies information into ${reference.labels.join(', ')}, but ${document} uses its own levels ` +
        `${scheme.labels.join(', ')}. The two label sets do not map onto each other, so the same data is categorised and handled differently depending on the document read.`,
      rootCause: `${document} was written without reference to the corpus-wide classification scheme of ${referenceDoc}; labels are not checked against the scheme at review.`,
      remediationScope: `Rewrite the categories of ${document} in terms of the levels of ${referenceDoc} (or map each of its labels to one level explicitly).`,
      remediationEffortHours: 3,
      severity: 'medium',
      confidence: 0.8,
      frameworks: [],
      quotes: [
        ...scheme.segments.slice(0, 2).map((s) => quoteOf(s)),
        ...reference.segments.slice(0, 2).map((s) => quoteOf(s)),
      ],
    });
  }
  return [...issues.values()];
}

/** "**Public** data is ..." or "#### Public": where a level's own section starts. */
const LEVEL_OPENER =
  /^(?:#{1,6}\s+|\*{1,2}|_{1,2})([A-Z][A-Za-z-]*(?:\s+[A-Z][A-Za-z-]*)?)(?:\*{1,2}|_{1,2})?(?:\s|$)/;

export function mislabelledExamplesSubject(document: string, level: string): string {
  return termSubject(`classification:examples:${document}:${normaliseLabel(level)}`);
}

/**
 * consistency_check: a document that describes each level in its own section heads one level's
 * examples with another level's name ("**Public** data is ..." followed by "*Example Internal Data
 * Types*"), so the examples read as belonging to the wrong level.
 */
function mislabelledExampleIssues(schemes: ClassificationScheme[], segments: LocatedSegment[]): Issue[] {
  const issues: Issue[] = [];
  for (const document of new Set(schemes.map((s) => s.segments[0]!.document))) {
    const labels = schemes.filter((s) => s.segments[0]!.document === document).flatMap((s) => s.labels);
    const known = new Set(labels.map(normaliseLabel));
    let section: { label: string; segment: LocatedSegment } | null = null;
    for (const segment of segments) {
      if (segment.document !== document) continue;
      const opener = LEVEL_OPENER.exec(segment.text);
      if (opener && known.has(normaliseLabel(opener[1]!))) {
        section = { label: opener[1]!, segment };
        continue;
      }
      if (!section || !/\bexamples?\b/i.test(segment.text) || segment.text.split(/\s+/).length > 10) continue;
      const named = labels.filter((l) => new RegExp(`\\b${escapeRegExp(l)}\\b`).test(segment.text));
      if (named.length !== 1 || normaliseLabel(named[0]!) === normaliseLabel(section.label)) continue;
      const subject = mislabelledExamplesSubject(document, section.label);
      issues.push({
        primitive: 'consistency_check',
        subject,
        aspects: [subject],
        title: `Examples of "${section.label}" information in ${document} are headed as "${named[0]}"`,
        description:
          `${document} opens the "${section.label}" level with "${section.segment.text.slice(0, 120)}", but heads its examples ` +
          `"${segment.text.slice(0, 80)}", naming the "${named[0]}" level. Readers classifying by example put this information under the wrong level.`,
        rootCause: `The examples heading was copied from the "${named[0]}" section and not updated.`,
        remediationScope: `Rename the heading in ${document} to the "${section.label}" level and check the examples listed under it.`,
        remediationEffortHours: 0.5,
        severity: 'low',
        confidence: 0.8,
        frameworks: [],
        quotes: [quoteOf(section.segment), quoteOf(segment)],
      });
      section = null;
    }
  }
  return issues;
}

export function classificationLabelIssues(segments: LocatedSegment[], onlyLabel?: string): Issue[] {
  const schemes = classificationSchemes(segments);
  if (schemes.length === 0) return [];
  if (onlyLabel?.startsWith('examples:'))
    return mislabelledExampleIssues(schemes, segments).filter(
      (i) => i.subject === termSubject(`classification:${onlyLabel}`),
    );
  if (onlyLabel?.startsWith('scheme:'))
    return divergentSchemeIssues(schemes, onlyLabel.slice('scheme:'.length).split(':')[0]);
  // The fullest scheme is the reference; a corpus with two different schemes is not judged here.
  // Of two as full, the one a policy or classification standard lays out (a procedure's table of
  // disposal routes per level restates the scheme; where it differs, the policy's is the reference).
  const authority = (s: ClassificationScheme) => (/polic|classif/i.test(s.segments[0]!.document) ? 1 : 0);
  const scheme = schemes.sort((a, b) => b.labels.length - a.labels.length || authority(b) - authority(a))[0]!;
  const known = new Set(scheme.labels.map(normaliseLabel));
  const schemeDoc = scheme.segments[0]!.document;
  const issues = new Map<string, Issue>();
  if (!onlyLabel)
    for (const issue of [...divergentSchemeIssues(schemes), ...mislabelledExampleIssues(schemes, segments)])
      issues.set(issue.subject, issue);
  // Levels of another scheme are reported with that scheme, not one by one.
  // A scheme that mostly restates the reference (a disposal table per level) is no other scheme:
  // a level it adds is a label outside the reference like any other use.
  const otherSchemes = new Set(
    schemes.filter((s) => s === scheme || divergent(s, scheme)).flatMap((s) => s.segments),
  );
  const capitals = scheme.labels.every((l) => l === l.toUpperCase());
  // "OFFICIAL-SENSITIVE" anywhere makes SENSITIVE a caveat of a level, not a level of its own.
  const caveats = new Set(
    segments.flatMap((s) =>
      [...s.text.matchAll(/\b([A-Z][A-Za-z]+)[ -]([A-Z][A-Za-z]+)\b/g)]
        .filter((m) => known.has(normaliseLabel(m[1]!)))
        .map((m) => normaliseLabel(m[2]!)),
    ),
  );
  for (const segment of segments) {
    if (otherSchemes.has(segment) || FORMER.test(segment.text)) continue;
    const uses = [
      ...[...segment.text.matchAll(USAGE)].map((m) => (m[1] ?? m[2] ?? m[3]!).trim()),
      ...classificationCell(segment),
      ...[...segment.text.matchAll(DESIGNATED_USAGE)].map((m) => m[1]!).filter(endsInLevel),
    ];
    if (capitals)
      uses.push(
        ...[...segment.text.matchAll(CAPITALS_USAGE)]
          .filter((m) => !companyLegalForm(segment.text, m.index, m[1]!))
          .map((m) => m[1]!),
      );
    for (const label of uses) {
      const key = normaliseLabel(label);
      if (!isLevel(label) || known.has(key) || caveats.has(key) || caveatOf(label, known)) continue;
      if (onlyLabel && key !== onlyLabel) continue;
      const subject = termSubject(`classification:${key}`);
      if (issues.has(subject)) continue;
      // Where the set itself calls the label a former marking, that note is the best evidence.
      const note = segments.find(
        (s) => FORMER.test(s.text) && new RegExp(`\\b${escapeRegExp(label)}\\b`).test(s.text),
      );
      issues.set(subject, {
        primitive: 'consistency_check',
        subject,
        aspects: [subject],
        title: `Classification level "${label}" used in ${segment.document} is not in the classification scheme`,
        description:
          `${segment.document} classifies information as "${label}" ("${excerptAround(segment.text, segment.text.indexOf(label))}"), but the classification scheme in ${schemeDoc} ` +
          `has only ${scheme.labels.join(', ')}.` +
          (note
            ? ` ${note.document} itself calls "${label}" a former marking ("${note.text.slice(0, 160)}").`
            : '') +
          ` The label has no defined handling rules, so staff cannot tell which controls apply.`,
        rootCause: `${segment.document} was written without reference to the classification scheme of ${schemeDoc}; labels are not checked against the scheme at review.`,
        remediationScope: `Replace "${label}" in ${segment.document} with the matching level of the scheme in ${schemeDoc} (or add the level to the scheme with its handling rules).`,
        remediationEffortHours: 2,
        severity: 'medium',
        confidence: 0.8,
        frameworks: [],
        quotes: [
          quoteAround(segment, new RegExp(`\\b${escapeRegExp(label)}\\b`)),
          quoteOf(scheme.segments[0]!),
          ...scheme.segments.slice(1, 4).map((s) => quoteOf(s)),
          ...(note ? [quoteOf(note)] : []),
        ],
      });
    }
  }
  return [...issues.values()];
}

// currency_check on retired terms: one document retires a marking, label or term ("legacy
// markings such as "For Official Use Only" (FOUO) were retired"; "the "Secret" category is
// replaced by ...") and another document still prescribes it.

/** Words that say a term is no longer in force. */
const RETIRED =
  /\b(?:legacy|retired|deprecated|obsolete|superseded|replaced|withdrawn|discontinued|no\s+longer|phased?\s+out|abolished|rescinded)\b/i;
/** What kind of thing is retired: markings, labels, categories and other vocabulary. */
const VOCABULARY =
  /\b(?:mark(?:ing)?s?|markings|labels?|labell?ing|legends?|banners?|caveats?|terms?|terminology|designations?|categor(?:y|ies)|classifications?|stamps?|headers?)\b/i;
/** A quoted name, optionally followed by its abbreviation: "For Official Use Only" (FOUO). */
const QUOTED_NAME =
  /["\u201c]([A-Z][A-Za-z-]*(?:\s+[A-Za-z][A-Za-z-]*){0,5})["\u201d](?:\s*\(([A-Z]{2,8})\))?/g;

export interface RetiredTerm {
  name: string;
  abbreviation: string | null;
  segment: LocatedSegment;
}

export function retiredTerms(segments: LocatedSegment[]): RetiredTerm[] {
  const out = new Map<string, RetiredTerm>();
  for (const segment of segments) {
    if (!RETIRED.test(segment.text) || !VOCABULARY.test(segment.text)) continue;
    for (const m of segment.text.matchAll(QUOTED_NAME)) {
      const name = m[1]!.trim();
      if (name.split(/\s+/).length < 2 && !m[2]) continue;
      const key = name.toLowerCase();
      if (!out.has(key)) out.set(key, { name, abbreviation: m[2] ?? null, segment });
    }
  }
  return [...out.values()];
}

function mentions(text: string, term: RetiredTerm): boolean {
  const phrase = new RegExp(`\\b${term.name.replace(/[-\s]+/g, '[-\\s]+')}\\b`, 'i');
  if (phrase.test(text)) return true;
  return term.abbreviation !== null && new RegExp(`\\b${term.abbreviation}\\b`).test(text);
}

export function retiredTermSubject(term: RetiredTerm, document: string): string {
  return termSubject(`retired:${term.name.toLowerCase()}:${document}`);
}

/** Documents that still apply a term another document retired. */
export function retiredTermIssues(segments: LocatedSegment[], onlyKey?: string): Issue[] {
  const issues = new Map<string, Issue>();
  for (const term of retiredTerms(segments)) {
    const label = term.abbreviation ? `"${term.name}" (${term.abbreviation})` : `"${term.name}"`;
    for (const segment of segments) {
      if (segment.document === term.segment.document) continue;
      // A sentence that itself calls the term legacy or retired is not applying it.
      if (RETIRED.test(segment.text) || !mentions(segment.text, term)) continue;
      const subject = retiredTermSubject(term, segment.document);
      if (issues.has(subject) || (onlyKey && subject !== termSubject(onlyKey))) continue;
      issues.set(subject, {
        primitive: 'currency_check',
        subject,
        aspects: [subject],
        title: `Retired marking or term ${label} still applied in ${segment.document}`,
        description:
          `${term.segment.document} retires ${label} ("${term.segment.text.slice(0, 200)}"), but ${segment.document} still prescribes it ` +
          `("${segment.text.slice(0, 160)}"). New material is marked or labelled with legacy wording the governing document no longer allows.`,
        rootCause: `${segment.document} was not updated when ${term.segment.document} retired ${label}; retired terms and markings are not checked at document review.`,
        remediationScope: `Replace ${label} in ${segment.document} with the marking or term that ${term.segment.document} now requires, and re-mark material produced under the old wording.`,
        remediationEffortHours: 3,
        severity: 'medium',
        confidence: 0.8,
        frameworks: [],
        quotes: [quoteOf(segment), quoteOf(term.segment)],
      });
    }
  }
  return [...issues.values()];
}
