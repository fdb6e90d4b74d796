// conflict_check on measured acceptance limits: one document passes a food-contact surface at "150
// RLU or less", the pre-operational form it is checked on prints "PASS < 300 RLU". A reading
// between the two passes on the form and fails the procedure. A limit is a value in a unit of
// measurement with a word that makes it a ceiling ("limit", "at or below", "or less", "<", "(max)");
// two limits in the same unit, in two documents, are one rule when what they measure shares words.
import type { CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { isNormative } from '../../analyst/document-roles';
import { quoteOf, type Issue } from '../../analyst/issue';
import { contentLemmas } from '../../analyst/requirements';
import { withinRevisionHistory } from '../../analyst/revision-history';

/**
 * Units of measurement a limit is set in, and how many words of what is measured two limits in it
 * must share: a unit that names its test (relative light units of an ATP swab, colony-forming units,
 * turbidity units) needs one more; a general one (degrees, decibels, pressure) two.
 */
export const UNITS: ReadonlyArray<{ unit: string; pattern: string; shared: number }> = [
  { unit: 'RLU', pattern: 'RLU', shared: 1 },
  { unit: 'CFU', pattern: 'CFU(?:\\s*\\/\\s*(?:g|ml|mL|cm2|cm²|100\\s?ml))?', shared: 1 },
  { unit: 'NTU', pattern: 'NTU', shared: 1 },
  { unit: 'ppm', pattern: 'ppm', shared: 1 },
  { unit: 'ppb', pattern: 'ppb', shared: 1 },
  { unit: 'mg/L', pattern: 'mg\\s*\\/\\s*[lL]', shared: 2 },
  { unit: 'mg/kg', pattern: 'mg\\s*\\/\\s*kg', shared: 2 },
  { unit: '°C', pattern: '°\\s?C', shared: 2 },
  { unit: '°F', pattern: '°\\s?F', shared: 2 },
  { unit: 'dB(A)', pattern: 'dB\\s?\\(?A\\)?', shared: 2 },
  { unit: 'lux', pattern: 'lux', shared: 2 },
  { unit: 'kPa', pattern: 'kPa', shared: 2 },
  { unit: 'mSv', pattern: 'mSv', shared: 2 },
];
const VALUE_IN_UNIT = new RegExp(
  `(?<![\\w.])([-−]?\\d+(?:\\.\\d+)?)\\s*(${UNITS.map((u) => u.pattern).join('|')})(?![\\w/])`,
  'g',
);

/** Words before the value that make it a ceiling: "limit", "at or below", "PASS <", "not exceed". */
const CEILING_BEFORE =
  /(?:\blimits?\b|\bacceptance\b|\bmaximum\b|\bmax\b|\bnot (?:to )?exceed\b|\bnot? more than\b|\bat or below\b|\bbelow\b|\bunder\b|\bless than\b|[<≤])[^.;|]{0,30}$/i;
/** A table's or row's name for a threshold that calls for action when reached. */
const THRESHOLD =
  /\b(?:investigation|action|alert|trigger|intervention)\s+levels?\b|\blimits?\b|\bmaximum\b|\bthreshold\b/i;
/**
 * A condition that a value goes past, which the rule then acts on: "If a pallet's core temperature
 * is over 8 °C, do not load it", "where the noise level exceeds 85 dB(A)". Said outside a
 * condition, "above" is as often a floor ("kept above 2°C"), so it counts only here.
 */
const CONDITION_PAST =
  /\b(?:if|where|when(?:ever)?|that|which)\b[^.;|]{0,80}?\b(?:above|over|exceeds?|exceeding|higher than|greater than|more than)\s*$/i;
/** A cell that opens with the ceiling's sign or words ("| ≤ 5 °C |", "| Not more than 1 NTU |"). */
const CELL_CEILING = /\|\s*(?:[<≤]=?|not more than|no more than|max(?:imum)?:?|up to)?\s*$/i;
/** Words right after it that do: "or less", "or below", "(max)". */
const CEILING_AFTER = /^\s*(?:or (?:less|below|lower)\b|\(?max(?:imum)?\b\)?)/i;
/** Words of what is measured that say nothing of what it is. */
const GENERIC = new Set([
  'limit',
  'investigation',
  'apply',
  'pass',
  'fail',
  'reading',
  'result',
  'value',
  'level',
  'acceptance',
  'maximum',
  'max',
  'test',
  'check',
  'record',
  'line',
  // Every limit in degrees is a temperature: the word tells two of them apart no more than the unit.
  'temperature',
]);

export interface MeasuredLimit {
  segment: LocatedSegment;
  unit: string;
  /** Words of what is measured two limits in this unit must share (see UNITS). */
  shared: number;
  value: number;
  phrase: string;
  /** Content words of what is measured, from the clause before the value. */
  subject: string[];
}

export interface LimitConflict {
  unit: string;
  a: MeasuredLimit;
  b: MeasuredLimit;
  shared: string[];
}

/** Each unit's pattern alone, compiled once: which unit a written value is in. */
const UNIT_ALONE = UNITS.map((u) => ({ ...u, alone: new RegExp(`^(?:${u.pattern})$`) }));

function unitOf(written: string): (typeof UNITS)[number] {
  return UNIT_ALONE.find((u) => u.alone.test(written))!;
}

function limitsIn(segment: LocatedSegment): MeasuredLimit[] {
  const out: MeasuredLimit[] = [];
  for (const m of segment.text.matchAll(VALUE_IN_UNIT)) {
    const before = segment.text.slice(Math.max(0, m.index - 160), m.index);
    const after = segment.text.slice(m.index + m[0].length, m.index + m[0].length + 20);
    // A value opening a table cell ("| Extremity (finger ring) TLD | Hp(0.07) | 10 mSv in any
    // monthly wear period |" under "| Dosimeter | Quantity | Investigation level |", or a
    // register's "Investigation level applied - extremity Hp(0.07) | 25 mSv") is a threshold
    // when its table or its row names one; what is measured is the row's cells before it.
    const opensCell = CELL_CEILING.test(before);
    const rowBefore = segment.text.slice(0, m.index).replace(/\|/g, ' ');
    const threshold = opensCell && THRESHOLD.test(`${segment.frame?.header ?? ''} ${rowBefore}`);
    const ceiling = CEILING_BEFORE.test(before) || CONDITION_PAST.test(before) || CEILING_AFTER.test(after);
    if (!threshold && !ceiling) continue;
    // What is measured: the clause the value closes, back to the previous sentence or cell (for a
    // cell, the row before it and what the cell says after the value: "in any monthly wear period").
    const cellRest = segment.text.slice(m.index + m[0].length).split('|')[0] ?? '';
    const clause = opensCell ? `${rowBefore} ${cellRest}` : (before.split(/[.;|]\s+/).pop() ?? '');
    const subject = contentLemmas(clause).filter((w) => !GENERIC.has(w) && !/\d/.test(w));
    const value = Number(m[1]!.replace('−', '-'));
    const { unit, shared } = unitOf(m[2]!);
    out.push({ segment, unit, shared, value, phrase: m[0], subject });
  }
  return out;
}

const cache = new WeakMap<CorpusAnalysis, LimitConflict[]>();

/** Pairs of documents that set one measured limit at two values (the closest pair each, once per corpus). */
export function limitConflicts(analysis: CorpusAnalysis): LimitConflict[] {
  let found = cache.get(analysis);
  if (!found) cache.set(analysis, (found = readLimitConflicts(analysis)));
  return found;
}

function readLimitConflicts(analysis: CorpusAnalysis): LimitConflict[] {
  const byDocument = analysis.documents
    .filter((d) => isNormative(d.role) || d.role === 'evidence')
    .map((doc) => ({
      doc,
      limits: doc.segments.filter((s) => !withinRevisionHistory(doc, s.start)).flatMap(limitsIn),
    }));
  const out: LimitConflict[] = [];
  for (let i = 0; i < byDocument.length; i += 1)
    for (let j = i + 1; j < byDocument.length; j += 1) {
      const [one, other] = [byDocument[i]!, byDocument[j]!];
      // A rule is set in a policy, procedure or standard; two records' limits are no rule.
      if (!isNormative(one.doc.role) && !isNormative(other.doc.role)) continue;
      let best: LimitConflict | null = null;
      for (const a of one.limits)
        for (const b of other.limits) {
          if (
            a.unit !== b.unit ||
            Math.abs(a.value - b.value) <= 0.1 * Math.max(Math.abs(a.value), Math.abs(b.value))
          )
            continue;
          const shared = a.subject.filter((w) => b.subject.includes(w));
          if (shared.length < a.shared) continue;
          // The other document states this value for the same thing too: agreed, not in conflict.
          const agreed = (list: MeasuredLimit[], value: number, near: MeasuredLimit) =>
            list.some(
              (l) =>
                l.value === value &&
                l.subject.filter((w) => near.subject.includes(w)).length >= shared.length,
            );
          if (agreed(other.limits, a.value, b) || agreed(one.limits, b.value, a)) continue;
          if (!best || shared.length > best.shared.length) best = { unit: a.unit, a, b, shared };
        }
      if (best) out.push(best);
    }
  return out;
}

export function limitConflictSubject(conflict: LimitConflict): string {
  return `measured-limit:${conflict.unit}:${[conflict.a.segment.document, conflict.b.segment.document].sort().join('|')}`;
}

export function limitConflictIssue(conflict: LimitConflict): Issue {
  const { a, b, shared, unit } = conflict;
  const subject = limitConflictSubject(conflict);
  const [strict, loose] = a.value < b.value ? [a, b] : [b, a];
  return {
    primitive: 'conflict_check',
    subject,
    aspects: [subject],
    title: `Conflicting acceptance limit (${shared.join(' ')}): ${a.phrase} in ${a.segment.document} vs ${b.phrase} in ${b.segment.document}`,
    description:
      `${a.segment.document} sets the limit at ${a.phrase} ("${a.segment.text.slice(0, 200)}"), while ${b.segment.document} sets it at ` +
      `${b.phrase} ("${b.segment.text.slice(0, 200)}"). A reading between the two passes under ${loose.segment.document} and fails under ` +
      `${strict.segment.document}, so results recorded against the looser limit do not show the control works.`,
    rootCause: `The limit was changed in one document (in ${unit}) without updating the other.`,
    remediationScope: `Decide one limit, state it in ${a.segment.document} and ${b.segment.document} alike, and re-assess results recorded against ${loose.phrase}.`,
    remediationEffortHours: 3,
    severity: 'medium',
    confidence: 0.75,
    frameworks: [],
    quotes: [quoteOf(a.segment), quoteOf(b.segment)],
  };
}
