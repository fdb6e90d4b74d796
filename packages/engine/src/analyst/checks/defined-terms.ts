// consistency_check on defined terms: one term ("Confidential Data") defined in two documents
// with different meanings.
import type { LocatedSegment } from '../corpus-analysis';
import { jaccard, tokenize } from '../../text/normalize';
import { quoteOf, type Issue } from '../issue';

export interface Definition {
  term: string;
  key: string;
  meaning: string;
  segment: LocatedSegment;
}

const QUOTED =
  /["\u201c*]{1,2}([A-Z][\w-]*(?:\s+[A-Za-z][\w-]*){0,4})["\u201d*]{1,2}\s*(?:means|refers to|is defined as|shall mean|:)\s+(.{10,400})/g;

export function extractDefinitions(segment: LocatedSegment): Definition[] {
  const out: Definition[] = [];
  for (const m of segment.text.matchAll(QUOTED)) {
    const term = m[1]!.trim();
    out.push({ term, key: term.toLowerCase(), meaning: m[2]!.trim(), segment });
  }
  return out;
}

export function termSubject(key: string): string {
  return `term:${key}`;
}

export function definedTermIssues(segments: LocatedSegment[], onlyKey?: string): Issue[] {
  // Classification labels outside the scheme are terms used inconsistently too.
  if (onlyKey?.startsWith('classification:'))
    return classificationLabelIssues(segments, onlyKey.slice('classification:'.length));
  const labelIssues = onlyKey ? [] : classificationLabelIssues(segments);
  const byTerm = new Map<string, Definition[]>();
  for (const segment of segments) {
    if (!/means|refers to|defined as|:/.test(segment.text)) continue;
    for (const d of extractDefinitions(segment)) {
      if (onlyKey && d.key !== onlyKey) continue;
      byTerm.set(d.key, [...(byTerm.get(d.key) ?? []), d]);
    }
  }
  const issues: Issue[] = [...labelIssues];
  for (const [key, definitions] of byTerm) {
    let pair: [Definition, Definition, number] | null = null;
    for (let i = 0; i < definitions.length; i += 1)
      for (let j = i + 1; j < definitions.length; j += 1) {
        const a = definitions[i]!;
        const b = definitions[j]!;
        if (a.segment.document === b.segment.document) continue;
        const overlap = jaccard(tokenize(a.meaning), tokenize(b.meaning));
        if (overlap < 0.35 && (!pair || overlap < pair[2])) pair = [a, b, overlap];
      }
    if (!pair) continue;
    const [a, b] = pair;
    issues.push({
      primitive: 'consistency_check',
      subject: termSubject(key),
      aspects: [termSubject(key)],
      title: `"${a.term}" defined differently in ${a.segment.document} and ${b.segment.document}`,
      description:
        `${a.segment.document} defines "${a.term}" as "${a.meaning.slice(0, 160)}", while ${b.segment.document} defines it as ` +
        `"${b.meaning.slice(0, 160)}". Obligations attached to the term apply to different data depending on the document read.`,
      rootCause: `No shared glossary: ${a.segment.document} and ${b.segment.document} each define "${a.term}" on their own.`,
      remediationScope: `Agree one definition of "${a.term}", keep it in a corpus-wide glossary, and reference it from both documents.`,
      remediationEffortHours: 3,
      severity: 'medium',
      confidence: 0.8,
      frameworks: [],
      quotes: [quoteOf(a.segment), quoteOf(b.segment)],
    });
  }
  return issues;
}

// consistency_check on classification labels: a document labels information with a level
// ("Strictly Confidential") that the corpus's classification scheme (a table or list of levels
// such as Public / Internal / Confidential / Restricted) does not contain.

/** Words that classification levels are made of, in any organisation's scheme. */
const LEVEL_WORD =
  /\b(?:Public|Internal|Confidential|Restricted|Secret|Sensitive|Private|Protected|Official|Proprietary|Unclassified|Classified|Highly|Strictly|Limited|Open)\b/;
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
  const cell = row.split('|').map((c) => c.replace(/[*_"“”]/g, '').trim())[1] ?? '';
  return cell;
}

const LIST_ITEM =
  /^\s*(?:[-*•]|\d+[.)]|[a-z][.)])\s+(?:\*\*)?([A-Z][A-Za-z-]*(?:\s+[A-Z][A-Za-z-]*){0,2})(?:\*\*)?\s*(?:[:–—-]|\(|$)/;

/** The level a table row or a list item ("- **Public**: approved for release") names. */
function rowLabel(text: string): string | null {
  if (isTableRow(text)) return firstCell(text);
  return LIST_ITEM.exec(text)?.[1] ?? null;
}

/** Tables whose first column lists three or more levels, and inline lists "levels: A, B, C and D". */
export function classificationSchemes(segments: LocatedSegment[]): ClassificationScheme[] {
  const schemes: ClassificationScheme[] = [];
  let table: LocatedSegment[] = [];
  const flush = () => {
    const labelled = table.map((s) => ({ s, label: rowLabel(s.text) ?? '' }));
    const rows = labelled.filter((r) => LABEL.test(r.label) && LEVEL_WORD.test(r.label));
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
    const inline = segment.text.match(
      /\bclassification\s+(?:levels?|scheme|labels?|categories)\b[^:]{0,40}:\s*(.+)$/i,
    );
    if (inline) {
      const items = inline[1]!
        .split(/,|;|\/|\band\b|\bor\b/)
        .map((p) => p.replace(/\([^)]*\)|[*_"“”.]/g, '').trim())
        .filter((p) => LABEL.test(p) && LEVEL_WORD.test(p));
      if (items.length >= 3) schemes.push({ labels: items, segments: [segment] });
    }
  }
  flush();
  return schemes;
}

const USAGE =
  /\b(?:classified(?:\s+as)?|classification(?:\s+level)?(?:\s+(?:of|is))?|label(?:l)?ed(?:\s+as)?|marked(?:\s+as)?)[\s:|*"“'‘]*([A-Z][A-Za-z-]*(?:\s+[A-Z][A-Za-z-]*){0,2})|\b((?:Highly|Strictly|Top|Company|Internal)\s+(?:Confidential|Restricted|Secret))\b/g;

export function classificationLabelIssues(segments: LocatedSegment[], onlyLabel?: string): Issue[] {
  const schemes = classificationSchemes(segments);
  if (schemes.length === 0) return [];
  // The fullest scheme is the reference; a corpus with two different schemes is not judged here.
  const scheme = schemes.sort((a, b) => b.labels.length - a.labels.length)[0]!;
  const known = new Set(scheme.labels.map(normaliseLabel));
  const schemeDoc = scheme.segments[0]!.document;
  const issues = new Map<string, Issue>();
  for (const segment of segments) {
    if (scheme.segments.includes(segment)) continue;
    for (const m of segment.text.matchAll(USAGE)) {
      const label = (m[1] ?? m[2]!).trim();
      const key = normaliseLabel(label);
      if (!LEVEL_WORD.test(label) || known.has(key) || (onlyLabel && key !== onlyLabel)) continue;
      const subject = termSubject(`classification:${key}`);
      if (issues.has(subject)) continue;
      issues.set(subject, {
        primitive: 'consistency_check',
        subject,
        aspects: [subject],
        title: `Classification level "${label}" used in ${segment.document} is not in the classification scheme`,
        description:
          `${segment.document} classifies information as "${label}" ("${segment.text.slice(0, 160)}"), but the classification scheme in ${schemeDoc} ` +
          `has only ${scheme.labels.join(', ')}. The label has no defined handling rules, so staff cannot tell which controls apply.`,
        rootCause: `${segment.document} was written without reference to the classification scheme of ${schemeDoc}; labels are not checked against the scheme at review.`,
        remediationScope: `Replace "${label}" in ${segment.document} with the matching level of the scheme in ${schemeDoc} (or add the level to the scheme with its handling rules).`,
        remediationEffortHours: 2,
        severity: 'medium',
        confidence: 0.8,
        frameworks: [],
        quotes: [
          quoteOf(segment),
          quoteOf(scheme.segments[0]!),
          ...scheme.segments.slice(1, 4).map((s) => quoteOf(s)),
        ],
      });
    }
  }
  return [...issues.values()];
}
