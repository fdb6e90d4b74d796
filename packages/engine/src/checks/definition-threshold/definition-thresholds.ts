// conflict_check on definitions that carry a threshold: one document defines a "Temperature
// excursion" as a reading out of range "for more than thirty (30) consecutive minutes", another
// (a 3PL agreement) defines an "Excursion" as "more than sixty (60) minutes". Whatever falls between
// the two is an excursion under one document and nothing under the other: reported by one, never
// by the party the other binds. A definition is read in any of the set's forms: a quoted term
// ("Excursion" means / is any ...), a glossary entry, or a row of a definitions table.
import type { CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { quoteOf, type Issue } from '../../analyst/issue';
import { describeDays, extractTimeQuantities, incompatible, type Quantity } from '../../analyst/quantities';
import { pipeCells } from '../../text/table-cells';
import { definitionsOf, termKey } from '../defined-term/definitions';

/** "- **Long-distance journey:** any journey of more than 250 km": an entry of a definitions list. */
const LIST_ENTRY = /^\s*(?:[-*\u2022]\s*)?\*{0,2}([A-Z][\w '’/-]{1,50}?)\*{0,2}\s*[:–—]\s*\*{0,2}\s*(.+)$/;

function listDefinition(segment: LocatedSegment): { term: string; meaning: string } | null {
  if (!DEFINITIONS_TABLE.test(segment.section ?? '') || segment.text.includes('|')) return null;
  const m = LIST_ENTRY.exec(segment.text);
  if (!m || m[1]!.trim().split(/\s+/).length > 5) return null;
  return { term: m[1]!.trim(), meaning: m[2]! };
}

/** A definition's threshold: a length of time, or a value in a unit of measure ("400 km"). */
interface Threshold {
  phrase: string;
  unit: string;
  value: number;
  /** The length of time, for a duration (compared by `incompatible`). */
  duration?: Quantity;
}

interface ThresholdDefinition {
  term: string;
  key: string;
  meaning: string;
  threshold: Threshold;
  segment: LocatedSegment;
}

/** A table of definitions: its header or section names terms and what they mean. */
const DEFINITIONS_TABLE = /\b(?:definitions?|glossary|terms?|terminology|meaning)\b/i;

/** "| Temperature excursion | Any recorded temperature outside the labeled range for more than ... |". */
function tableDefinition(segment: LocatedSegment): { term: string; meaning: string } | null {
  const frame = segment.frame;
  if (!frame) return null;
  const context = `${frame.header ?? ''} ${frame.caption ?? ''} ${frame.heading ?? ''} ${segment.section ?? ''}`;
  if (!DEFINITIONS_TABLE.test(context)) return null;
  const [term, meaning] = pipeCells(segment.text);
  if (!term || !meaning || term.split(/\s+/).length > 5 || !/^[A-Z]/.test(term)) return null;
  return { term: term.replace(/\*+/g, '').trim(), meaning };
}

/** Units of distance, mass and share a definition's threshold may be set in, by the name used to compare them. */
const MEASURE_UNITS: Array<[string, RegExp]> = [
  ['km', /^(?:km|kms|kilomet(?:re|er)s?)$/i],
  ['mile', /^miles?$/i],
  ['m', /^(?:m|metres?|meters?)$/i],
  ['kg', /^(?:kg|kgs|kilograms?)$/i],
  ['tonne', /^(?:t|tonnes?|tons?)$/i],
  ['%', /^(?:%|per ?cent|percent)$/i],
];
const MEASURE =
  /(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(km|kms|kilomet(?:re|er)s?|miles?|m|metres?|meters?|kg|kgs|kilograms?|t|tonnes?|tons?|%|per ?cent|percent)(?![\w/])/i;

/**
 * The threshold a definition sets: the first length of time ("more than thirty (30) consecutive
 * minutes"), else the first value in a unit of measure ("more than 400 km from the loading point").
 */
function thresholdOf(meaning: string): Threshold | null {
  const duration = extractTimeQuantities(meaning).find((q) => q.kind === 'duration');
  if (duration) return { phrase: duration.phrase.trim(), unit: 'time', value: duration.value, duration };
  const m = MEASURE.exec(meaning);
  const unit = m ? MEASURE_UNITS.find(([, pattern]) => pattern.test(m[2]!))?.[0] : undefined;
  return m && unit ? { phrase: m[0].trim(), unit, value: Number(m[1]!.replace(/,/g, '')) } : null;
}

/** Two thresholds that set different bounds for one unit. */
function differ(a: Threshold, b: Threshold): boolean {
  if (a.unit !== b.unit) return false;
  if (a.duration && b.duration) return incompatible(a.duration, b.duration);
  return Math.abs(a.value - b.value) > 0.01 * Math.max(a.value, b.value);
}

function thresholdDefinitions(analysis: CorpusAnalysis): ThresholdDefinition[] {
  const segments = analysis.documents.flatMap((d) => d.segments);
  const read = [
    ...definitionsOf(segments, true).map((d) => ({ term: d.term, meaning: d.meaning, segment: d.segment })),
    ...segments.flatMap((segment) => {
      const found = tableDefinition(segment) ?? listDefinition(segment);
      return found ? [{ ...found, segment }] : [];
    }),
  ];
  return read.flatMap(({ term, meaning, segment }) => {
    const threshold = thresholdOf(meaning);
    return threshold ? [{ term, key: termKey(term), meaning, threshold, segment }] : [];
  });
}

/** One term, written in full or by its head ("Temperature excursion" and "Excursion"). */
function sameTerm(a: string, b: string): boolean {
  return a === b || a.endsWith(` ${b}`) || b.endsWith(` ${a}`);
}

export interface DefinitionConflict {
  a: ThresholdDefinition;
  b: ThresholdDefinition;
}

const cache = new WeakMap<CorpusAnalysis, DefinitionConflict[]>();

/** Pairs of one term defined in two documents with thresholds that differ, once per corpus. */
export function definitionConflicts(analysis: CorpusAnalysis): DefinitionConflict[] {
  let found = cache.get(analysis);
  if (!found) {
    const definitions = thresholdDefinitions(analysis);
    const byKey = new Map<string, DefinitionConflict>();
    for (let i = 0; i < definitions.length; i += 1)
      for (let j = i + 1; j < definitions.length; j += 1) {
        const a = definitions[i]!;
        const b = definitions[j]!;
        if (a.segment.document === b.segment.document || !sameTerm(a.key, b.key)) continue;
        if (!differ(a.threshold, b.threshold)) continue;
        const key = [a.key, b.key].sort((x, y) => x.length - y.length)[0]!;
        if (!byKey.has(key)) byKey.set(key, { a, b });
      }
    found = [...byKey.values()];
    cache.set(analysis, found);
  }
  return found;
}

export function definitionConflictSubject({ a, b }: DefinitionConflict): string {
  return `definition-threshold:${[a.key, b.key].sort((x, y) => x.length - y.length)[0]}`;
}

export function definitionConflictIssue(conflict: DefinitionConflict): Issue {
  const { a, b } = conflict;
  const subject = definitionConflictSubject(conflict);
  const value = (d: ThresholdDefinition) =>
    d.threshold.duration ? `${d.threshold.phrase} (${describeDays(d.threshold.value)})` : d.threshold.phrase;
  return {
    primitive: 'conflict_check',
    subject,
    aspects: [subject],
    title: `"${a.term}" set at ${a.threshold.phrase} in ${a.segment.document} vs "${b.term}" at ${b.threshold.phrase} in ${b.segment.document}`,
    description:
      `${a.segment.document} defines "${a.term}" with a threshold of ${value(a)} ("${a.meaning.slice(0, 180)}"), while ` +
      `${b.segment.document} defines "${b.term}" with ${value(b)} ("${b.meaning.slice(0, 180)}"). ` +
      'What falls between the two counts under one document and not under the other, so duties attached to the term (reporting, quarantine, escalation) are not triggered for it.',
    rootCause: `${a.segment.document} and ${b.segment.document} define the term separately and were not aligned.`,
    remediationScope: `Agree one threshold for "${a.term}", state it in both documents (or have one refer to the other), and review the cases that fell between the two.`,
    remediationEffortHours: 2,
    severity: 'medium',
    confidence: 0.75,
    frameworks: [],
    quotes: [quoteOf(a.segment), quoteOf(b.segment)],
  };
}
