// consistency_check: one kind of data put at two levels of the classification scheme by two
// documents: "Cardholder data ... are classified as Restricted" in the security policy, "Cardholder
// Data provided to the Processor is classified as Confidential" in a contract. Handling rules follow
// the level, so one of the two documents lets the data be handled below what the other requires.
// Only the scheme's own levels count, and a kind of data is the noun phrase the statement opens
// with ("cardholder data", "seed phrase backups"), two words at least, ending in a word for data.
import type { CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { quoteOf, type Issue } from '../../analyst/issue';
import { classificationSchemes } from '../defined-term/defined-terms';
import { escapeRegExp } from '../../text/normalize';

export interface LevelAssignment {
  segment: LocatedSegment;
  /** The kind of data as the statement names it, lower case ("cardholder data"). */
  kind: string;
  level: string;
}

export interface ClassificationConflict {
  kind: string;
  a: LevelAssignment;
  b: LevelAssignment;
}

const DATA_NOUN =
  /\b(?:data|information|records?|files?|documents?|details|numbers?|credentials?|keys?|phrases?|cards?|recordings?|footage|papers?|reports?)$/i;
/** Where the phrase naming the data ends: its qualifiers and the rest of a list are not its kind. */
const PHRASE_END =
  /\s+(?:and|or|provided|that|which|who|held|stored|processed|received|collected|shared|in|for|by|from|when|where|of the|on|at|including)\b|[,;(]/i;
const FILLER = /^(?:\d+(?:\.\d+)*\.?\s+|all\s+|any\s+|the\s+|such\s+|its\s+|our\s+)+/i;

/** The kind of data a clause opens with, before its verb ("Cardholder Data provided to the Processor"). */
function kindBefore(text: string, verbAt: number): string | null {
  const clause =
    text
      .slice(0, verbAt)
      .split(/[.;:]\s+|,\s+/)
      .pop() ?? '';
  const phrase = clause.replace(FILLER, '').split(PHRASE_END)[0]!.trim().toLowerCase();
  const words = phrase.split(/\s+/).filter(Boolean);
  if (words.length < 2 || words.length > 6 || !DATA_NOUN.test(phrase)) return null;
  return phrase;
}

function assignmentsIn(segment: LocatedSegment, levels: string[]): LevelAssignment[] {
  const alternatives = levels.map(escapeRegExp).join('|');
  const assigned = new RegExp(
    `\\b(?:is|are)\\s+(?:(?:always|to be)\\s+)?(?:classified\\s+(?:as\\s+)?)?["'\u2018\u201c]?(${alternatives})\\b`,
    'g',
  );
  // "classifies seed phrase backups as Confidential": the data is the verb's object.
  const classifies = new RegExp(
    `\\bclassif(?:y|ies|ied)\\s+((?:[\\w'’-]+\\s+){1,6}?)as\\s+["'\u2018\u201c]?(${alternatives})\\b`,
    'g',
  );
  const out: LevelAssignment[] = [];
  for (const m of segment.text.matchAll(assigned)) {
    const kind = kindBefore(segment.text, m.index);
    if (kind) out.push({ segment, kind, level: m[1]! });
  }
  for (const m of segment.text.matchAll(classifies)) {
    const kind = kindBefore(`${m[1]!.trim()} `, m[1]!.trim().length + 1);
    if (kind) out.push({ segment, kind, level: m[2]! });
  }
  return out;
}

const cache = new WeakMap<CorpusAnalysis, ClassificationConflict[]>();

export function classificationConflicts(analysis: CorpusAnalysis): ClassificationConflict[] {
  const cached = cache.get(analysis);
  if (cached) return cached;
  const segments = analysis.documents.flatMap((d) => d.segments);
  const levels = [...new Set(classificationSchemes(segments).flatMap((s) => s.labels))].filter((l) =>
    /^[A-Z]/.test(l),
  );
  const out: ClassificationConflict[] = [];
  if (levels.length >= 3) {
    const assignments = segments.flatMap((s) => assignmentsIn(s, levels));
    const seen = new Set<string>();
    for (const a of assignments)
      for (const b of assignments) {
        if (a.kind !== b.kind || a.level.toLowerCase() === b.level.toLowerCase()) continue;
        if (a.segment.document >= b.segment.document || seen.has(a.kind)) continue;
        seen.add(a.kind);
        out.push({ kind: a.kind, a, b });
      }
  }
  cache.set(analysis, out);
  return out;
}

export function classificationSubject(conflict: ClassificationConflict): string {
  return `classification-level:${conflict.kind}`;
}

export function classificationIssue(conflict: ClassificationConflict): Issue {
  const { kind, a, b } = conflict;
  return {
    primitive: 'consistency_check',
    subject: classificationSubject(conflict),
    aspects: [classificationSubject(conflict)],
    title: `${kind.charAt(0).toUpperCase()}${kind.slice(1)} classified ${a.level} in ${a.segment.document} but ${b.level} in ${b.segment.document}`,
    description:
      `${a.segment.document} puts ${kind} at the "${a.level}" level ("${a.segment.text.slice(0, 200)}"), while ${b.segment.document} ` +
      `classifies it as "${b.level}" ("${b.segment.text.slice(0, 200)}"). The handling rules follow the level, so one document lets the data be handled below what the other requires.`,
    rootCause: `The classification of ${kind} was set in one document and restated in the other without checking the scheme.`,
    remediationScope: `Decide the level of ${kind} in the classification policy and correct the other document to match.`,
    remediationEffortHours: 1,
    severity: 'medium',
    confidence: 0.8,
    frameworks: [],
    quotes: [quoteOf(a.segment), quoteOf(b.segment)],
  };
}
