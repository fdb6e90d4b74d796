// conflict_check on register rows below a minimum a rule sets for each person or item per period:
// "every Chartered Engineer ... complete and record a minimum of thirty-five (35) hours of CPD in
// each CPD year" against a CPD register's "hours recorded" of 21; "at least 40 hours of refresher
// training each year" against a training log's "Hours completed". The register's column names the
// rule's measure ("hours") and the register or the column names what is counted ("CPD").
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { isNormative } from '../../analyst/document-roles';
import { quoteOf, type Issue } from '../../analyst/issue';
import { cardinalValue } from '../../analyst/number-words';
import { withinRevisionHistory } from '../../analyst/revision-history';
import { exceptionColumnOf, hasException, tableOf } from '../record-attribute/record-attributes';
import { firstPerColumn } from '../record-attribute/record-table';

export interface RowMinimum {
  rule: LocatedSegment;
  value: number;
  /** The measure, singular and lower-case ("hour"). */
  measure: string;
  /** What is counted, as written ("CPD", "refresher training"). */
  counted: string;
  /** The rule binds holders of a qualification ("every Chartered Engineer"), not every grade. */
  qualified: boolean;
}

export interface RowsBelowMinimum {
  minimum: RowMinimum;
  register: AnalyzedDocument;
  header: LocatedSegment;
  column: string;
  rows: Array<{ segment: LocatedSegment; id: string; value: number }>;
}

const MEASURES = 'hours|points|credits|units|sessions|shifts';
/** "a minimum of thirty-five (35) hours of CPD in each CPD year", "at least 40 hours of refresher training per year". */
const MINIMUM = new RegExp(
  String.raw`\b(?:a\s+minimum\s+of|at\s+least|not\s+less\s+than|no\s+fewer\s+than)\s+(\d+|[a-z]+(?:[\s-][a-z]+)?)(?:\s*\((\d+)\))?\s+(${MEASURES})\s+of\s+([A-Za-z][\w/ -]{1,40}?)\s+(?:in|per|each|every|during|within|over)\b`,
  'gi',
);
/** Whom the rule binds: "every Chartered Engineer on its staff", "all registered nurses". */
const SCOPE =
  /\b(?:every|each|all)\s+((?:[A-Za-z-]+\s+){1,4}?)(?:on|in|of|who|must|shall|is|are|to|completes?|records?)\b[^.]*$/i;
const QUALIFIED = /\b(?:chartered|certified|registered|licensed|accredited|qualified|senior)\b/i;
/** A row of a grade below the qualification ("Graduate Member", "Associate Member (AMIEI)", "Trainee"). */
const JUNIOR_GRADE = /\b(?:graduate|associate|trainee|student|apprentice|intern|probationer|candidate)\b/i;
/** A row whose shortfall is already dealt with ("Removed from checker list until shortfall made up; CPD plan agreed"). */
const FOLLOWED_UP =
  /\b(?:shortfall|catch-?up|made up|make up|plan agreed|pro[- ]rata|part[- ]year|joined|new starter|on leave|maternity|paternity|exempt\w*|restricted|removed from|suspended)\b/i;
/** Words of what is counted that say nothing of it. */
const FILLER = new Set([
  'the',
  'a',
  'an',
  'of',
  'and',
  'their',
  'its',
  'recorded',
  'verified',
  'professional',
]);

/** The minimums the set's normative documents set per person or item and period. */
export function rowMinimums(analysis: CorpusAnalysis): RowMinimum[] {
  const out: RowMinimum[] = [];
  for (const doc of analysis.documents.filter((d) => isNormative(d.role)))
    for (const rule of doc.segments) {
      if (withinRevisionHistory(doc, rule.start)) continue;
      for (const m of rule.text.matchAll(MINIMUM)) {
        const value = m[2] ? Number(m[2]) : /^\d+$/.test(m[1]!) ? Number(m[1]) : cardinalValue(m[1]!);
        if (value === null || !Number.isFinite(value) || value <= 0) continue;
        const scope = SCOPE.exec(rule.text.slice(0, m.index))?.[1] ?? '';
        out.push({
          rule,
          value,
          measure: m[3]!.toLowerCase().replace(/s$/, ''),
          counted: m[4]!.trim(),
          qualified: QUALIFIED.test(scope),
        });
      }
    }
  return out;
}

const cache = new WeakMap<CorpusAnalysis, RowsBelowMinimum[]>();

export function rowsBelowMinimum(analysis: CorpusAnalysis): RowsBelowMinimum[] {
  let found = cache.get(analysis);
  if (!found) cache.set(analysis, (found = readRowsBelow(analysis)));
  return found;
}

const wordsOf = (text: string) =>
  (text.toLowerCase().match(/[a-z]{2,}/g) ?? []).filter((w) => !FILLER.has(w));

function readRowsBelow(analysis: CorpusAnalysis): RowsBelowMinimum[] {
  const minimums = rowMinimums(analysis);
  if (minimums.length === 0) return [];
  const out: RowsBelowMinimum[] = [];
  for (const register of analysis.documents.filter((d) => d.role === 'evidence')) {
    const table = tableOf(register);
    if (!table) continue;
    const about = wordsOf(`${register.name.replace(/[-_.]/g, ' ')} ${register.title}`);
    const exception = exceptionColumnOf(table.columns);
    for (const minimum of minimums) {
      const counted = wordsOf(minimum.counted);
      // The column of the measure ("hours recorded"); the register or the column names what is counted.
      const column = table.columns.findIndex((c) => {
        const words = wordsOf(c);
        return (
          words.some((w) => w.replace(/s$/, '') === minimum.measure) &&
          counted.some((w) => words.includes(w) || about.includes(w))
        );
      });
      if (column < 0) continue;
      const rows = table.rows.flatMap((row) => {
        const cell = (row.cells[column] ?? '').trim();
        if (!/^\d+(?:\.\d+)?$/.test(cell)) return [];
        const value = Number(cell);
        if (value >= minimum.value || hasException(row.cells, exception)) return [];
        if (row.cells.some((c) => FOLLOWED_UP.test(c))) return [];
        if (minimum.qualified && row.cells.some((c) => JUNIOR_GRADE.test(c))) return [];
        return [{ segment: row.segment, id: row.cells[0] ?? '', value }];
      });
      // A column of the measure: most rows hold a number.
      const numbers = table.rows.filter((row) => /^\d+(?:\.\d+)?$/.test((row.cells[column] ?? '').trim()));
      if (rows.length > 0 && numbers.length >= table.rows.length / 2)
        out.push({ minimum, register, header: table.header, column: table.columns[column]!, rows });
    }
  }
  return firstPerColumn(out);
}

export function rowsBelowSubject(found: RowsBelowMinimum): string {
  return `row-minimum:${found.register.name}:${found.column.toLowerCase()}`;
}

export function rowsBelowIssue(found: RowsBelowMinimum): Issue {
  const { minimum, register, column, rows } = found;
  const subject = rowsBelowSubject(found);
  const listed = rows
    .slice(0, 6)
    .map((r) => `${r.id} (${r.value})`)
    .join(', ');
  return {
    primitive: 'conflict_check',
    subject,
    aspects: [subject],
    title: `${register.name}: ${rows.length} ${rows.length === 1 ? 'entry' : 'entries'} below the minimum of ${minimum.value} ${minimum.measure}s of ${minimum.counted} that ${minimum.rule.document} sets`,
    description:
      `${minimum.rule.document} requires a minimum of ${minimum.value} ${minimum.measure}s of ${minimum.counted} ("${minimum.rule.text.slice(0, 220)}"), but ${register.name} ` +
      `records ${listed}${rows.length > 6 ? ` and ${rows.length - 6} more` : ''} under "${column}", with no exemption recorded.`,
    rootCause: `${register.name} is reviewed without checking each entry against the minimum in ${minimum.rule.document}.`,
    remediationScope: `Follow up the entries below the minimum (a plan to complete, an approved exemption, or a restriction of what the person may do) and check ${register.name} against ${minimum.rule.document} at each review.`,
    remediationEffortHours: 2 + rows.length,
    severity: 'medium',
    confidence: 0.78,
    frameworks: [],
    quotes: [
      quoteOf(minimum.rule),
      quoteOf(found.header),
      ...rows.slice(0, 3).map((r) => quoteOf(r.segment)),
    ],
  };
}
