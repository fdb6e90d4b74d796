// conflict_check on register rows of a kind a rule prohibits: "Shared or generic accounts are
// prohibited on all systems" and an access review listing an account whose "Account type" is
// "Shared"; "No personal devices may be used" and a device register with "Personal" under
// "Ownership". The rule names the kind by an adjective and a noun; the register by a cell that is
// the adjective, in a column whose header names the noun (or the register is about it). A rule may
// also forbid a thing by name ("never in cash", "Do not ask for or accept a student card"):
// a register cell naming it is a row that breaks the rule.
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { isNormative } from '../../analyst/document-roles';
import { quoteOf, type Issue } from '../../analyst/issue';
import { tableOf } from '../record-attribute/record-attributes';
import { firstPerColumn, notesException } from '../record-attribute/record-table';

export interface ProhibitedKind {
  rule: LocatedSegment;
  /** The adjectives the rule names ("shared", "generic"), lower-case; for a forbidden term, the term. */
  kinds: string[];
  /** The noun, singular and lower-case ("account"); empty for a forbidden term (see prohibitedTerms). */
  noun: string;
  /**
   * For a forbidden one-word term ("never in cash"): the rule's other content words, two of which
   * the register's name or title must carry ("Copper cable is paid for by bank transfer only,
   * never in cash" judges a copper cable purchase register, not every register paid in cash).
   */
  scope?: string[];
}

export interface ProhibitedRows {
  kind: ProhibitedKind;
  register: AnalyzedDocument;
  header: LocatedSegment;
  column: string;
  rows: Array<{ segment: LocatedSegment; id: string; value: string }>;
}

const ADJ = String.raw`([a-z][a-z-]{2,20})`;
const LIST = String.raw`${ADJ}(?:,\s*${ADJ})?(?:,?\s+(?:or|and)\s+${ADJ})?`;
const BANNED = String.raw`(?:strictly\s+)?(?:prohibited|forbidden|banned|not\s+(?:permitted|allowed))`;
/** "Shared or generic accounts are prohibited", "No shared or generic accounts may be", "must not use shared accounts". */
const PROHIBITIONS = [
  new RegExp(String.raw`\b${LIST}\s+([a-z]{3,20}s)\s+(?:are|is)\s+${BANNED}`, 'gi'),
  new RegExp(String.raw`\bno\s+${LIST}\s+([a-z]{3,20}s)\s+(?:are|is|may|shall|will|can)\b`, 'gi'),
  new RegExp(
    String.raw`\b(?:must|shall|may)\s+not\s+(?:use|create|issue|have|hold|keep)\s+(?:any\s+)?${LIST}\s+([a-z]{3,20}s)\b`,
    'gi',
  ),
];
/** Words that qualify no kind: "all other accounts", "any such devices". */
const NOT_A_KIND = new Set([
  'all',
  'any',
  'other',
  'such',
  'these',
  'those',
  'the',
  'new',
  'existing',
  'own',
  'more',
  'further',
  'its',
  'their',
]);

function singular(noun: string): string {
  return noun
    .toLowerCase()
    .replace(/ies$/, 'y')
    .replace(/(?<=[^s])s$/, '');
}

/** The kinds of thing the normative documents prohibit. */
export function prohibitedKinds(analysis: CorpusAnalysis): ProhibitedKind[] {
  const out: ProhibitedKind[] = [];
  for (const doc of analysis.documents.filter((d) => isNormative(d.role)))
    for (const rule of doc.segments)
      for (const pattern of PROHIBITIONS)
        for (const m of rule.text.matchAll(pattern)) {
          const kinds = [m[1], m[2], m[3]]
            .filter((w): w is string => !!w)
            .map((w) => w.toLowerCase())
            .filter((w) => !NOT_A_KIND.has(w));
          if (kinds.length > 0) out.push({ rule, kinds, noun: singular(m[4]!) });
        }
  return out;
}

/**
 * A thing the rule forbids by name rather than by kind: "never in cash", "Never pay cash for ...",
 * "Do not ask for or accept a student card", "shall not record the customer's bank card PIN". The
 * name runs to the next preposition, conjunction or stop.
 */
const FORBIDDEN_VERB = String.raw`(?:pay|accept|record|request|ask\s+for|take|use)`;
const TERM = String.raw`((?:[A-Za-z][\w'’-]*\s+){0,4}?[A-Za-z][\w'’-]*)(?=\s*(?:[.,;:()]|$|\s(?:for|as|from|in|to|at|on|and|or|unless|except|when|if|under)\b))`;
const FORBIDDEN_TERMS = [
  new RegExp(String.raw`\bnever\s+(?:in|by|with)\s+(?:an?\s+|the\s+)?${TERM}`, 'gi'),
  new RegExp(
    String.raw`\b(?:never|do\s+not|must\s+not|shall\s+not|may\s+not)\s+${FORBIDDEN_VERB}(?:\s*(?:,|or|and)\s*${FORBIDDEN_VERB})*\s+(?:an?\s+|the\s+|any\s+)?${TERM}`,
    'gi',
  ),
];
/** Words of a rule that scope nothing: its modal verbs and the words of paying or buying itself. */
const SCOPE_STOP = new Set([
  'payment',
  'never',
  'shall',
  'made',
  'only',
  'make',
  'must',
  'transaction',
  'purchase',
]);

/** The things the normative documents forbid by name. */
export function prohibitedTerms(analysis: CorpusAnalysis): ProhibitedKind[] {
  const out: ProhibitedKind[] = [];
  for (const doc of analysis.documents.filter((d) => isNormative(d.role)))
    for (const rule of doc.segments)
      for (const pattern of FORBIDDEN_TERMS)
        for (const m of rule.text.matchAll(pattern)) {
          const term = m[1]!.toLowerCase();
          const words = term.split(/\s+/);
          if (NOT_A_KIND.has(words[0]!)) continue;
          const scope =
            words.length === 1
              ? contentWords(rule.text).filter((w) => !words.includes(w) && !SCOPE_STOP.has(w))
              : undefined;
          out.push({ rule, kinds: [term], noun: '', scope });
        }
  return out;
}

const contentWords = (text: string) => [
  ...new Set((text.toLowerCase().match(/[a-z][a-z-]{3,}/g) ?? []).map((w) => singular(w))),
];

/** A cell naming the forbidden term: its words before any bracket are the term or its tail. */
function namesTerm(cell: string, term: string): boolean {
  const named = cell.toLowerCase().replace(/\(.*$/, '').replace(/\s+/g, ' ').trim();
  return (
    named.length > 0 &&
    (named === term || term.endsWith(` ${named}`)) &&
    named.split(' ').length >= Math.min(2, term.split(' ').length)
  );
}

type Table = NonNullable<ReturnType<typeof tableOf>>;

/** The rows of a register column whose cell `matches`, a row noting an exception aside. */
function rowsWhere(table: Table, column: number, matches: (cell: string) => boolean): ProhibitedRows['rows'] {
  return table.rows.flatMap((row) => {
    const value = (row.cells[column] ?? '').trim();
    return matches(value) && !notesException(row.cells)
      ? [{ segment: row.segment, id: row.cells[0] ?? '', value }]
      : [];
  });
}

/** Per prohibited kind, the rows of the register recorded as that kind. */
function kindRows(register: AnalyzedDocument, table: Table, kinds: ProhibitedKind[]): ProhibitedRows[] {
  const out: ProhibitedRows[] = [];
  const about = `${register.name} ${register.title}`.toLowerCase();
  for (const kind of kinds) {
    // The column that records the kind: its header names the noun ("Account type"), or it is a
    // "type" column of a register about the noun.
    const column = table.columns.findIndex(
      (c) =>
        new RegExp(`\\b${kind.noun}`, 'i').test(c) ||
        (/\b(?:type|kind|category|ownership)\b/i.test(c) && about.includes(kind.noun)),
    );
    if (column < 0) continue;
    const rows = rowsWhere(table, column, (value) =>
      kind.kinds.includes(value.toLowerCase().split(/[\s/(,-]+/)[0] ?? ''),
    );
    if (rows.length > 0)
      out.push({ kind, register, header: table.header, column: table.columns[column]!, rows });
  }
  return out;
}

/** Per forbidden term, the rows of the register whose cell names it. */
function termRows(register: AnalyzedDocument, table: Table, terms: ProhibitedKind[]): ProhibitedRows[] {
  const out: ProhibitedRows[] = [];
  const about = new Set(contentWords(`${register.name.replace(/[-_.]+/g, ' ')} ${register.title}`));
  for (const kind of terms) {
    if (kind.scope && kind.scope.filter((w) => about.has(w)).length < 2) continue;
    const term = kind.kinds[0]!;
    for (let column = 1; column < table.columns.length; column += 1) {
      const rows = rowsWhere(table, column, (value) => namesTerm(value, term));
      if (rows.length > 0)
        out.push({ kind, register, header: table.header, column: table.columns[column]!, rows });
    }
  }
  return out;
}

const cache = new WeakMap<CorpusAnalysis, ProhibitedRows[]>();

/** Per register and prohibited kind, the rows recorded as that kind. */
export function prohibitedRows(analysis: CorpusAnalysis): ProhibitedRows[] {
  let found = cache.get(analysis);
  if (!found) cache.set(analysis, (found = readProhibitedRows(analysis)));
  return found;
}

function readProhibitedRows(analysis: CorpusAnalysis): ProhibitedRows[] {
  const kinds = prohibitedKinds(analysis);
  const terms = prohibitedTerms(analysis);
  const byKind: ProhibitedRows[] = [];
  const byTerm: ProhibitedRows[] = [];
  // Each register's table is read once for both; a kind the rule names reads a column before a term does.
  for (const register of analysis.documents.filter((d) => d.role === 'evidence')) {
    const table = tableOf(register);
    if (!table) continue;
    byKind.push(...kindRows(register, table, kinds));
    byTerm.push(...termRows(register, table, terms));
  }
  return firstPerColumn([...byKind, ...byTerm]);
}

/** What the rule forbids, as a finding names it: a kind ("shared or generic accounts") or a thing ("cash"). */
export function forbiddenOf(kind: ProhibitedKind): string {
  return kind.noun ? `${kind.kinds.join(' or ')} ${kind.noun}s` : `"${kind.kinds[0]}"`;
}

export function prohibitedRowsSubject(found: ProhibitedRows): string {
  return `prohibited-value:${found.register.name}:${found.column.toLowerCase()}`;
}

export function prohibitedRowsIssue(found: ProhibitedRows): Issue {
  const { kind, register, column, rows } = found;
  const subject = prohibitedRowsSubject(found);
  const forbidden = forbiddenOf(kind);
  const entry = kind.noun || 'entry';
  const listed = rows
    .slice(0, 6)
    .map((r) => `${r.id} (${r.value})`)
    .join(', ');
  return {
    primitive: 'conflict_check',
    subject,
    aspects: [subject],
    title: `${register.name}: ${rows.length} ${rows.length === 1 ? entry : entry === 'entry' ? 'entries' : `${entry}s`} recorded as "${rows[0]!.value}" under "${column}", which ${kind.rule.document} prohibits`,
    description:
      `${kind.rule.document} prohibits ${forbidden} ("${kind.rule.text.slice(0, 200)}"), but ${register.name} ` +
      `records ${listed}${rows.length > 6 ? ` and ${rows.length - 6} more` : ''} under "${column}", with no exception recorded.`,
    rootCause: `${register.name} is kept without checking its entries against the prohibition in ${kind.rule.document}.`,
    remediationScope: `Replace the listed ${entry === 'entry' ? 'entries' : `${entry}s`} with ones the rule allows (or remove them) and check ${register.name} against ${kind.rule.document} at each review.`,
    remediationEffortHours: 2 + rows.length,
    severity: 'high',
    confidence: 0.8,
    frameworks: [],
    quotes: [quoteOf(kind.rule), quoteOf(found.header), ...rows.slice(0, 3).map((r) => quoteOf(r.segment))],
  };
}
