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

interface ThresholdDefinition {
  term: string;
  key: string;
  meaning: string;
  quantity: Quantity;
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

/** The first length of time a definition sets ("more than thirty (30) consecutive minutes"). */
function thresholdOf(meaning: string): Quantity | null {
  return extractTimeQuantities(meaning).find((q) => q.kind === 'duration') ?? null;
}

function thresholdDefinitions(analysis: CorpusAnalysis): ThresholdDefinition[] {
  const segments = analysis.documents.flatMap((d) => d.segments);
  const read = [
    ...definitionsOf(segments, true).map((d) => ({ term: d.term, meaning: d.meaning, segment: d.segment })),
    ...segments.flatMap((segment) => {
      const found = tableDefinition(segment);
      return found ? [{ ...found, segment }] : [];
    }),
  ];
  return read.flatMap(({ term, meaning, segment }) => {
    const quantity = thresholdOf(meaning);
    return quantity ? [{ term, key: termKey(term), meaning, quantity, segment }] : [];
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
        if (!incompatible(a.quantity, b.quantity)) continue;
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
  const value = (d: ThresholdDefinition) => `${d.quantity.phrase.trim()} (${describeDays(d.quantity.value)})`;
  return {
    primitive: 'conflict_check',
    subject,
    aspects: [subject],
    title: `"${a.term}" set at ${a.quantity.phrase.trim()} in ${a.segment.document} vs "${b.term}" at ${b.quantity.phrase.trim()} in ${b.segment.document}`,
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
