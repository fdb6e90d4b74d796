// conflict_check against evidence records: a normative document states how often something
// happens (quarterly access reviews); a record of that activity (a log, a spreadsheet) shows dates
// whose gaps are far longer than that frequency.
import {
  scopeOf,
  segmentAt,
  tableRowLabel,
  type AnalyzedDocument,
  type ConceptFact,
  type CorpusAnalysis,
  type LocatedSegment,
} from '../../analyst/corpus-analysis';
import { DAY_MS, extractDates, extractMonthYears, isoOf, type FoundDate } from '../../analyst/dates';
import { isNormative } from '../../analyst/document-roles';
import { CONCEPTS } from '../../analyst/concepts';
import { quoteOf, type Issue } from '../../analyst/issue';
import { describeDays, describePeriod, describeQuantity } from '../../analyst/quantities';
import { conceptSubject } from '../concept-conflict/concept-conflicts';
import { headerIndex, splitRow } from '../record-attribute/record-attributes';
import { escapeRegExp, tokenize } from '../../text/normalize';

function labelOf(doc: AnalyzedDocument): string {
  return `${doc.name.replace(/[-_.]+/g, ' ')} ${doc.title}`;
}

/** Length of the concept's subject words in a label (0 when absent). */
function subjectMatchLength(subject: RegExp, label: string): number {
  const m = label.match(new RegExp(subject.source, subject.flags.replace('g', '')));
  return m ? m[0].length : 0;
}

/**
 * Whether a record is named for the concept: its subject words describe the record and no other
 * period concept's subject describes it more specifically. The file name decides when it names
 * the concept, because an export's title is often a generic first row ("Report | users in
 * security groups") that would let another concept's words win.
 */
function namedForConcept(doc: AnalyzedDocument, conceptId: string, subject: RegExp): boolean {
  const fileName = doc.name.replace(/\.[a-z0-9]+$/i, '').replace(/[-_.]+/g, ' ');
  const label = subjectMatchLength(subject, fileName) > 0 ? fileName : labelOf(doc);
  const own = subjectMatchLength(subject, label);
  if (own === 0) return false;
  return !CONCEPTS.some(
    (c) => c.kind === 'period' && c.id !== conceptId && subjectMatchLength(c.subject, label) > own,
  );
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
    if (isNormative(doc.role) || doc.role === 'contract') return false;
    if (lastPerformedStatements(doc, conceptId).length > 0) return true;
    if (doc.dates.length === 0) return false;
    return namedForConcept(doc, conceptId, subject);
  });
  cache.set(conceptId, found);
  return found;
}

/**
 * "The most recent evacuation drill took place on 3 June 2024": a record (minutes, an e-mail, a report)
 * saying when a recurring activity was last performed.
 */
const LAST_CUE = /\b(last|latest|most recent|previous|prior)\b/i;
const PERFORMED =
  /\b(held|performed|conducted|completed|carried out|took place|done|run|ran|tested|exercised|undertaken|executed|occurred|reviewed|assessed|delivered)\b/i;
const SINCE_CUE = /\bsince\b/i;
const NOT_A_RECORD = /\b(must|shall|should|required to|is required|are required)\b/i;

interface LastPerformed {
  segment: LocatedSegment;
  date: FoundDate;
}

/** Qualifiers too generic to name an activity on their own ("annual test", "full exercise"). */
const GENERIC_QUALIFIER =
  /^(the|a|an|this|that|each|every|any|such|annual|yearly|quarterly|monthly|weekly|daily|full|formal|regular|periodic|routine|plan|first|next|last|latest|previous|live|independent|internal|external|successful)$/i;

/**
 * The activity a requirement names, as the word before its action ("a full disaster recovery
 * failover test" names a "failover test"): records often call the activity by that name without
 * repeating the subject words of the requirement.
 */
function activityPhrase(fact: ConceptFact): RegExp | null {
  const action = fact.concept.action;
  if (!action) return null;
  const found = [
    ...fact.segment.text.matchAll(new RegExp(`\\b([a-z][a-z-]{3,})\\s+(?:${action.source})`, 'gi')),
  ]
    .map((m) => m[1]!)
    .find((word) => !GENERIC_QUALIFIER.test(word));
  if (!found) return null;
  return new RegExp(`\\b${found}\\s+(?:${action.source})`, 'i');
}

function lastPerformedStatements(
  doc: AnalyzedDocument,
  conceptId: string,
  fact?: ConceptFact,
): LastPerformed[] {
  const concept = CONCEPTS.find((c) => c.id === conceptId);
  if (!concept || concept.kind !== 'period') return [];
  const named = fact ? activityPhrase(fact) : null;
  const about = (text: string) => concept.subject.test(text) || (named !== null && named.test(text));
  const out: LastPerformed[] = [];
  for (const segment of doc.segments) {
    const text = segment.text;
    if (text.length > 600 || !about(text) || NOT_A_RECORD.test(text)) continue;
    if (concept.action && !concept.action.test(text)) continue;
    // "the last test was held on ...", or "no test has been performed since ...".
    let cue = text.search(LAST_CUE);
    if (cue < 0 || !PERFORMED.test(text.slice(cue))) {
      cue = text.search(SINCE_CUE);
      const before = cue < 0 ? '' : text.slice(0, cue);
      if (!PERFORMED.test(before) || !/\b(no|not|never|none|hasn'?t|haven'?t)\b/i.test(before)) continue;
    }
    // The first date after the cue is the one the statement gives for the last occurrence; a
    // month and year ("in March 2025") counts from the month's end.
    const after = text.slice(cue);
    const date = extractDates(after, doc.dateOrder)[0] ?? extractMonthYears(after, doc.dateOrder)[0];
    if (date) out.push({ segment, date: { ...date, index: segment.start + cue + date.index } });
  }
  return out;
}

/**
 * A record stating when the activity was last performed, longer ago (at the corpus's newest
 * date) than the required interval allows. A margin of a quarter of the interval (at least a
 * month) leaves room for a cycle run a little late.
 */
function lastPerformedIssue(
  analysis: CorpusAnalysis,
  fact: ConceptFact,
  record: AnalyzedDocument,
  visible?: Set<LocatedSegment>,
): Issue | null {
  const reference = analysis.referenceDate;
  const period = fact.quantity.value;
  if (!reference || period < 28 || fact.segment.document === record.name || !mostLenient(analysis, fact))
    return null;
  const statements = lastPerformedStatements(record, fact.concept.id, fact).filter(
    (s) =>
      (!visible || visible.has(s.segment)) &&
      (fact.scope === null || [null, fact.scope].includes(scopeOf(fact.concept, s.segment.text))),
  );
  const latest = statements.sort((a, b) => b.date.time - a.date.time)[0];
  if (!latest || latest.date.time > reference.time) return null;
  const elapsed = (reference.time - latest.date.time) / DAY_MS;
  if (elapsed <= period + Math.max(30, period * 0.25)) return null;
  // Follow-on statements about the same activity (postponed, next one planned) explain the gap.
  const follow = record.segments.filter(
    (s) =>
      s.segIndex > latest.segment.segIndex &&
      s.segIndex <= latest.segment.segIndex + 3 &&
      (!visible || visible.has(s)) &&
      /\b(postpon\w*|defer\w*|reschedul\w*|delay\w*|cancel\w*|next|planned|not (?:yet )?(?:held|performed|done))\b/i.test(
        s.text,
      ),
  );
  const label = fact.concept.label.replace(/ frequency$/, '');
  const scoped = fact.scope ? `${fact.scope} ${label.replace(/^plan /, '')}` : label;
  const subject = `record:${fact.concept.id}:${record.name}`;
  return {
    primitive: 'conflict_check',
    subject,
    aspects: [conceptSubject(fact.concept.id, fact.scope), subject],
    title: `${scoped[0]!.toUpperCase()}${scoped.slice(1)} overdue: last performed ${latest.date.iso} per ${record.name}`,
    description:
      `${fact.segment.document} requires the ${scoped} ${describeQuantity(fact.quantity)} ("${fact.segment.text.slice(0, 160)}"), but ${record.name} ` +
      `records the last one on ${latest.date.iso} ("${latest.segment.text.slice(0, 200)}"): ${describeDays(elapsed)} before the newest date in the corpus ` +
      `(${isoOf(reference.time)}), longer than the required interval of ${describeDays(period)}` +
      `${follow.length ? ` ("${follow[0]!.text.slice(0, 160)}")` : ''}.`,
    rootCause: `The ${scoped} required by ${fact.segment.document} was not performed at that frequency; the cycle was missed or deferred without an approved exception.`,
    remediationScope: `Perform the overdue ${scoped} now and schedule it at the interval ${fact.segment.document} requires.`,
    remediationEffortHours: 16,
    severity: 'high',
    confidence: 0.85,
    frameworks: [],
    quotes: [quoteOf(fact.segment), quoteOf(latest.segment), ...follow.slice(0, 1).map((s) => quoteOf(s))],
  };
}

/** Whether a record is named for the concept (a log of that activity), not just mentioning it. */
function namedFor(analysis: CorpusAnalysis, fact: ConceptFact, record: AnalyzedDocument): boolean {
  return namedForConcept(record, fact.concept.id, fact.concept.subject);
}

export function recordsFor(analysis: CorpusAnalysis, fact: ConceptFact): AnalyzedDocument[] {
  // Yearly activities can be judged from one dated record (against the corpus's newest date).
  const needed = fact.quantity.value >= 180 ? 1 : 2;
  // A record that states when the activity was last performed needs no other dates.
  const about = recordsAbout(analysis, fact.concept.id, fact.concept.subject).filter(
    (doc) => doc.dates.length >= needed || lastPerformedStatements(doc, fact.concept.id).length > 0,
  );
  // Records that call the activity by the requirement's own name for it ("failover test").
  const named = analysis.documents.filter(
    (doc) =>
      !about.includes(doc) &&
      !isNormative(doc.role) &&
      doc.role !== 'contract' &&
      doc.name !== fact.segment.document &&
      lastPerformedStatements(doc, fact.concept.id, fact).length > 0,
  );
  return [...about, ...named];
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

function tableRows(record: AnalyzedDocument): LocatedSegment[] {
  const rows = record.segments.filter((s) => s.text.includes(' | ') || /^\|.*\|$/.test(s.text));
  // Title and "generated on" rows above an export's header are not part of the table.
  return rows.slice(headerIndex(rows.map(splitRow)));
}

interface CategoryScope {
  inScope: (cells: string[]) => boolean;
  /** The rule is a row of a rule table named by the category ("| Critical | ... | Every 12 months |"). */
  byRowLabel: boolean;
}

/**
 * "Category A contractors are re-vetted every two years": when the requirement names one value of
 * a category column (tier, class, rating) and not the others, only rows of that value are bound
 * by it.
 */
function categoryScope(fact: ConceptFact, rows: string[][]): CategoryScope | null {
  const text = fact.segment.text;
  // A rule table's row is named by its first cell ("| Moderate | ... not meeting the Critical
  // criteria | Every 24 months |" binds Moderate rows, whatever else its cells mention), without
  // its gloss ("Tier 1 — Critical" names "Tier 1").
  const label = fact.tabular ? tableRowLabel(fact.segment.text).toLowerCase() : '';
  const width = Math.max(0, ...rows.map((r) => r.length));
  const categories: Array<{ column: number; values: string[] }> = [];
  for (let column = 1; column < width; column += 1) {
    const values = [...new Set(rows.map((r) => (r[column] ?? '').trim()))].filter(
      (v) => v.length >= 3 && v.length <= 30 && /[a-z]/i.test(v) && !/\d{4}/.test(v),
    );
    if (values.length >= 2 && values.length <= 6) categories.push({ column, values });
  }
  const only = (column: number, value: string) => (cells: string[]) => (cells[column] ?? '').trim() === value;
  for (const { column, values } of categories) {
    const labelled = values.find((v) => v.toLowerCase() === label);
    if (labelled) return { inScope: only(column, labelled), byRowLabel: true };
  }
  for (const { column, values } of categories) {
    const named = values.filter((v) => new RegExp(`(?<![\\w-])${escapeRegExp(v)}(?![\\w-])`, 'i').test(text));
    if (named.length === 1) return { inScope: only(column, named[0]!), byRowLabel: false };
  }
  return null;
}

/** Whether a rule is a tier table's row for a category of the record's rows ("| Critical | ... |"). */
export function tierRuleFor(fact: ConceptFact, record: AnalyzedDocument): boolean {
  const table = tableRows(record);
  return table.length >= 2 && categoryScope(fact, table.slice(1).map(splitRow))?.byRowLabel === true;
}

function lastColumn(fact: ConceptFact, header: string[]): number {
  return header.findIndex((c) => /\blast\b/i.test(c) && fact.concept.action?.test(c) !== false);
}

/**
 * Whether the fact states the most lenient interval the corpus's normative documents give for its
 * concept and scope. A record is judged against that one only: a stricter figure elsewhere (or a
 * sentence about something else that happens to match) must not make compliant entries look late.
 */
function mostLenient(analysis: CorpusAnalysis, fact: ConceptFact): boolean {
  let max = 0;
  for (const other of analysis.facts) {
    if (
      other.concept.id !== fact.concept.id ||
      other.quantity.kind !== 'period' ||
      other.scope !== fact.scope
    )
      continue;
    const role = analysis.byName.get(other.segment.document)?.role ?? 'other';
    if (role === 'evidence' || role === 'contract') continue;
    max = Math.max(max, other.quantity.value);
  }
  return fact.quantity.value >= max * 0.99;
}

/**
 * Grace beyond the required interval before a row's "last ..." date counts as stale: a month, or
 * a sixth of the interval for long ones, so a cycle run a few weeks late is not reported.
 */
export function staleMargin(period: number): number {
  return Math.max(30, period / 6);
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
  const table = tableRows(record);
  if (!reference || table.length < 2) return null;
  const header = splitRow(table[0]!).map((c) => c.replace(/_/g, ' '));
  const column = lastColumn(fact, header);
  if (column < 0) return null;
  // A rule table's row for one category ("Critical" vendors) is judged on that category's rows
  // alone; any other rule, against the most lenient interval stated for its concept (a rule that
  // names a category in a sentence may name others in its next clause).
  const category = categoryScope(fact, table.slice(1).map(splitRow));
  if (!category?.byRowLabel && !mostLenient(analysis, fact)) return null;
  const inScope = category?.inScope ?? (() => true);
  const rows = [
    table[0]!,
    ...table.slice(1).filter((s) => (!visible || visible.has(s)) && inScope(splitRow(s))),
  ];
  const period = fact.quantity.value;
  const stale = rows.slice(1).flatMap((row) => {
    const cells = splitRow(row);
    const date = extractDates(cells[column] ?? '', record.dateOrder)[0];
    return date && (reference.time - date.time) / DAY_MS > period + staleMargin(period)
      ? [{ row, name: cells[0] ?? '', date }]
      : [];
  });
  if (stale.length === 0) return null;
  const concept = fact.concept;
  return {
    primitive: 'conflict_check',
    subject: `record:${concept.id}:${record.name}`,
    // A tier's rule is not the concept's corpus-wide value: its late rows are a finding of their
    // own, not one more quote of a conflict about the concept.
    aspects: category?.byRowLabel
      ? [`record:${concept.id}:${record.name}`]
      : [conceptSubject(concept.id, fact.scope), `record:${concept.id}:${record.name}`],
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

/**
 * Which of a record's dates are occurrences of the activity. A log with one date column (or prose)
 * uses all of them. A table with several date columns uses only the one column named for the
 * activity; a register with a "last ..." date per row lists items, not occurrences (staleRowsIssue
 * judges it), and a table whose activity column cannot be told apart is not judged (null).
 */
function activityDateFilter(fact: ConceptFact, record: AnalyzedDocument): ((d: FoundDate) => boolean) | null {
  const table = tableRows(record);
  if (table.length < 2) return () => true;
  const header = splitRow(table[0]!).map((c) => c.replace(/_/g, ' '));
  if (lastColumn(fact, header) >= 0) return null;
  const rows = table.slice(1).map(splitRow);
  const dated = header
    .map((_, i) => i)
    .filter((i) => rows.some((cells) => extractDates(cells[i] ?? '', record.dateOrder).length > 0));
  if (dated.length <= 1) return () => true;
  const activity = dated.filter(
    (i) =>
      !/\b(next|due|expir\w*|renew\w*|end|until|planned|target)\b/i.test(header[i]!) &&
      (fact.concept.action?.test(header[i]!) ||
        /\b(review|assess|test|exercis|perform|complet|conduct|held|run|executed|done|date)\w*/i.test(
          header[i]!,
        )),
  );
  if (activity.length !== 1) return null;
  const column = activity[0]!;
  const spans = table.slice(1).flatMap((row) => {
    // The activity cell's span in the document: count the bars of the row's raw text.
    const parts = row.raw.replace(/\|\s*$/, '').split('|');
    const skip = /^\s*\|/.test(row.raw) ? 1 : 0;
    let offset = row.start;
    for (let i = 0; i < parts.length; i += 1) {
      if (i === column + skip) return [[offset, offset + parts[i]!.length] as const];
      offset += parts[i]!.length + 1;
    }
    return [];
  });
  return (d) => spans.some(([a, b]) => d.index >= a && d.index < b);
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
  const overdue = lastPerformedIssue(analysis, fact, record, visible);
  if (overdue) return overdue;
  // The dates of a record that only mentions the activity are about other things.
  if (!namedFor(analysis, fact, record)) return null;
  const activityDates = activityDateFilter(fact, record);
  if (!activityDates) return null;
  const dates = record.dates.filter(
    (d) =>
      activityDates(d) &&
      (!visible ||
        [...visible].some((s) => s.document === record.name && s.start <= d.index && s.end > d.index)),
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
  const startSegment = segmentAt(record, gapStart.dates[gapStart.dates.length - 1]!.index);
  const endSegment = gapEnd.dates[0] ? segmentAt(record, gapEnd.dates[0].index) : null;
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

/**
 * How well a requirement fits a record: the record's name and title words the requirement's
 * sentence uses. Several sentences may state the same interval ("IRT members receive role
 * training annually", "everyone with CUI access completes CUI training annually"); the one about
 * the record's own subject is the better evidence.
 */
function fitToRecord(fact: ConceptFact, record: AnalyzedDocument): number {
  const words = new Set(tokenize(fact.segment.text));
  return tokenize(labelOf(record)).filter((w) => words.has(w)).length;
}

export function findRecordGaps(analysis: CorpusAnalysis, facts: ConceptFact[]): Issue[] {
  const issues = new Map<string, { issue: Issue; fit: number }>();
  for (const fact of facts) {
    if (fact.quantity.kind !== 'period') continue;
    const role = analysis.byName.get(fact.segment.document)?.role ?? 'other';
    if (role === 'evidence' || role === 'contract') continue;
    for (const record of recordsFor(analysis, fact)) {
      const issue = recordGapIssue(analysis, fact, record);
      if (!issue) continue;
      const fit = fitToRecord(fact, record);
      const held = issues.get(issue.subject);
      if (!held || fit > held.fit) issues.set(issue.subject, { issue, fit });
    }
  }
  return [...issues.values()].map((h) => h.issue);
}
