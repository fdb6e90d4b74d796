// conflict_check against evidence records: a normative document states how often something
// happens (quarterly access reviews); a record of that activity (a log, a spreadsheet) shows dates
// whose gaps are far longer than that frequency.
import type { AnalyzedDocument, ConceptFact, CorpusAnalysis, LocatedSegment } from '../corpus-analysis';
import { DAY_MS, extractDates, isoOf, type FoundDate } from '../dates';
import { isNormative } from '../document-roles';
import { CONCEPTS } from '../concepts';
import { quoteOf, type Issue } from '../issue';
import { describeDays, describePeriod, describeQuantity } from '../quantities';
import { conceptSubject } from './concept-conflicts';

function labelOf(doc: AnalyzedDocument): string {
  return `${doc.name.replace(/[-_.]+/g, ' ')} ${doc.title}`;
}

/** Length of the concept's subject words in a label (0 when absent). */
function subjectMatchLength(subject: RegExp, label: string): number {
  const m = label.match(new RegExp(subject.source, subject.flags.replace('g', '')));
  return m ? m[0].length : 0;
}

/**
 * Evidence documents about the concept: its subject words appear in the record's name or title,
 * and no other concept's subject describes the record more specifically ("Access Review Log" is a
 * record of access reviews, not of logs).
 */
const recordCache = new WeakMap<CorpusAnalysis, Map<string, AnalyzedDocument[]>>();

/** Records about a concept, whatever the period (cached per corpus: it only depends on names). */
function recordsAbout(analysis: CorpusAnalysis, conceptId: string, subject: RegExp): AnalyzedDocument[] {
  let cache = recordCache.get(analysis);
  if (!cache) recordCache.set(analysis, (cache = new Map()));
  const cached = cache.get(conceptId);
  if (cached) return cached;
  const found = analysis.documents.filter((doc) => {
    if (isNormative(doc.role) || doc.role === 'contract' || doc.dates.length === 0) return false;
    const label = labelOf(doc);
    const own = subjectMatchLength(subject, label);
    if (own === 0) return false;
    return !CONCEPTS.some(
      (c) => c.kind === 'period' && c.id !== conceptId && subjectMatchLength(c.subject, label) > own,
    );
  });
  cache.set(conceptId, found);
  return found;
}

export function recordsFor(analysis: CorpusAnalysis, fact: ConceptFact): AnalyzedDocument[] {
  // Yearly activities can be judged from one dated record (against the corpus's newest date).
  const needed = fact.quantity.value >= 180 ? 1 : 2;
  return recordsAbout(analysis, fact.concept.id, fact.concept.subject).filter(
    (doc) => doc.dates.length >= needed,
  );
}

interface Event {
  time: number;
  dates: FoundDate[];
}

function events(dates: FoundDate[], period: number): Event[] {
  const sorted = [...dates].sort((a, b) => a.time - b.time);
  const out: Event[] = [];
  // Entries a few days apart belong to one cycle (a quarterly review spread over two days);
  // for short cycles (daily backups) every day is its own event.
  const window = Math.min(14, period / 3) * DAY_MS;
  for (const date of sorted) {
    const last = out[out.length - 1];
    if (last && date.time - last.time <= window) last.dates.push(date);
    else out.push({ time: date.time, dates: [date] });
  }
  return out;
}

function segmentContaining(doc: AnalyzedDocument, offsetInDoc: number): LocatedSegment | null {
  return doc.segments.find((s) => s.start <= offsetInDoc && s.end > offsetInDoc) ?? null;
}

/**
 * An inventory with a "last ..." date per row (last risk assessment, last review): rows whose
 * date is older than the required interval, relative to the corpus's newest date.
 */
export function staleRowsIssue(
  analysis: CorpusAnalysis,
  fact: ConceptFact,
  record: AnalyzedDocument,
  visible?: Set<LocatedSegment>,
): Issue | null {
  const reference = analysis.referenceDate;
  const rows = record.segments.filter((s) => s.text.includes(' | ') && (!visible || visible.has(s)));
  if (!reference || rows.length < 2) return null;
  const header = rows[0]!.text.split(' | ').map((c) => c.trim().replace(/_/g, ' '));
  const column = header.findIndex((c) => /\blast\b/i.test(c) && fact.concept.action?.test(c) !== false);
  if (column < 0) return null;
  const period = fact.quantity.value;
  const stale = rows.slice(1).flatMap((row) => {
    const cells = row.text.split(' | ').map((c) => c.trim());
    const date = extractDates(cells[column] ?? '')[0];
    return date && (reference.time - date.time) / DAY_MS > period * 1.5
      ? [{ row, name: cells[0] ?? '', date }]
      : [];
  });
  if (stale.length === 0) return null;
  const concept = fact.concept;
  return {
    primitive: 'conflict_check',
    subject: `record:${concept.id}:${record.name}`,
    aspects: [conceptSubject(concept.id, fact.scope), `record:${concept.id}:${record.name}`],
    title: `${concept.label[0]!.toUpperCase()}${concept.label.slice(1)} not met for ${stale.length} entr${stale.length === 1 ? 'y' : 'ies'} of ${record.name}`,
    description:
      `${fact.segment.document} requires the ${concept.label.replace(/ frequency$/, '')} ${describeQuantity(fact.quantity)}, but ${record.name} shows ` +
      `"${header[column]}" of ${stale.map((s) => `${s.date.iso} for ${s.name}`).join(', ')}, more than ${describeDays(period)} before the newest date in the corpus (${isoOf(reference.time)}).`,
    rootCause: `The ${concept.label.replace(/ frequency$/, '')} required by ${fact.segment.document} is not tracked against its due dates.`,
    remediationScope: `Perform the overdue ${concept.label.replace(/ frequency$/, '')}s for ${stale.map((s) => s.name).join(', ')} and schedule the next ones.`,
    remediationEffortHours: 4 * stale.length,
    severity: 'medium',
    confidence: 0.8,
    frameworks: [],
    quotes: [quoteOf(fact.segment), quoteOf(rows[0]!), ...stale.slice(0, 3).map((s) => quoteOf(s.row))],
  };
}

export function recordGapIssue(
  analysis: CorpusAnalysis,
  fact: ConceptFact,
  record: AnalyzedDocument,
  visible?: Set<LocatedSegment>,
): Issue | null {
  const period = fact.quantity.value;
  if (fact.quantity.kind !== 'period' || period < 1) return null;
  const inventory = staleRowsIssue(analysis, fact, record, visible);
  if (inventory) return inventory;
  const dates = record.dates.filter(
    (d) =>
      !visible ||
      [...visible].some((s) => s.document === record.name && s.start <= d.index && s.end > d.index),
  );
  const list = events(dates, period);
  if (list.length === 0) return null;
  let gapStart: Event | null = null;
  let gapEnd: Event | null = null;
  let gap = 0;
  for (let i = 1; i < list.length; i += 1) {
    const g = (list[i]!.time - list[i - 1]!.time) / DAY_MS;
    if (g > gap) {
      gap = g;
      gapStart = list[i - 1]!;
      gapEnd = list[i]!;
    }
  }
  // For activities due once or twice a year (tests, assessments), a last record far older than
  // the corpus's newest date is a missed cycle too.
  const reference = analysis.referenceDate;
  const last = list[list.length - 1]!;
  if (period >= 180 && reference && reference.time > last.time) {
    const tail = (reference.time - last.time) / DAY_MS;
    if (tail > period * 1.5 && tail > gap) {
      gap = tail;
      gapStart = last;
      gapEnd = { time: reference.time, dates: [] };
    }
  }
  if (!gapStart || !gapEnd || gap <= period * 1.5) return null;
  const startSegment = segmentContaining(record, gapStart.dates[gapStart.dates.length - 1]!.index);
  const endSegment = gapEnd.dates[0] ? segmentContaining(record, gapEnd.dates[0].index) : null;
  const policyDoc = fact.segment.document;
  const recorded = list.map((e) => isoOf(e.time)).join(', ');
  const concept = {
    ...fact.concept,
    label: fact.scope ? `${fact.scope} ${fact.concept.label.replace(/^plan /, '')}` : fact.concept.label,
  };
  return {
    primitive: 'conflict_check',
    subject: `record:${concept.id}:${record.name}`,
    aspects: [conceptSubject(concept.id, fact.scope), `record:${concept.id}:${record.name}`],
    title: `${concept.label[0]!.toUpperCase()}${concept.label.slice(1)} not met: ${describeDays(gap)} between recorded events in ${record.name}`,
    description:
      `${policyDoc} requires the ${concept.label.replace(/ frequency$/, '')} ${describeQuantity(fact.quantity)}, but ${record.name} ` +
      `records it on ${recorded}: ${describeDays(gap)} passed between ${isoOf(gapStart.time)} and ${isoOf(gapEnd.time)}` +
      `${gapEnd.dates.length ? '' : ' (the newest date in the corpus)'} ` +
      `without one, against a required interval of ${describeDays(period)} (${describePeriod(period)}).`,
    rootCause: `The ${concept.label.replace(/ frequency$/, '')} stated in ${policyDoc} is not being operated at that frequency; the record shows missed cycles.`,
    remediationScope: `Perform the missed ${concept.label.replace(/ frequency$/, '')}s, schedule them at the interval ${policyDoc} requires, and keep ${record.name} complete.`,
    remediationEffortHours: 16,
    severity: 'high',
    confidence: 0.85,
    frameworks: [],
    quotes: [
      quoteOf(fact.segment),
      ...(startSegment ? [quoteOf(startSegment)] : []),
      ...(endSegment && endSegment !== startSegment ? [quoteOf(endSegment)] : []),
    ],
  };
}

export function findRecordGaps(analysis: CorpusAnalysis, facts: ConceptFact[]): Issue[] {
  const issues = new Map<string, Issue>();
  for (const fact of facts) {
    if (fact.quantity.kind !== 'period') continue;
    const role = analysis.byName.get(fact.segment.document)?.role ?? 'other';
    if (role === 'evidence' || role === 'contract') continue;
    for (const record of recordsFor(analysis, fact)) {
      const issue = recordGapIssue(analysis, fact, record);
      if (issue && !issues.has(issue.subject)) issues.set(issue.subject, issue);
    }
  }
  return [...issues.values()];
}
