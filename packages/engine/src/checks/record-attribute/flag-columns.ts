// Registers keep yes/no columns for what a rule requires of each entry ("Exit plan documented",
// "DPIA completed", "Escrow agreement in place"). The fixed attributes of record-attributes.ts
// know a few of them by name; any other such column becomes an attribute of its own, named by its
// header's words, and is held to a rule only when a normative sentence requires that very thing
// to exist ("A documented exit strategy shall be in place for every arrangement ...").
import { escapeRegExp, stem, tokenize } from '../../text/normalize';
import type { RecordTable } from './record-table';
import type { RecordAttribute } from './record-attributes';

/** A cell that answers yes or no, alone or with a remark ("No - to be drafted", "Yes - EXP-01"). */
const YES_NO = /^(?:yes|no|y|n|true|false)\b/i;
/** A status column's answer: whether the thing is there ("Approved by TRC 20/11/2025", "Not documented"). */
const STATUS_ANSWER =
  /^(?:yes|no|y|n|true|false|approved|documented|in place|agreed|signed|current|complete[d]?|not\b|none|draft|pending|n\/a|to be\b)/i;
/** A status saying the thing is not there yet ("Not documented. Draft being prepared", "To be drafted"). */
export const NOT_IN_PLACE =
  /^(?:not (?:yet )?(?:documented|in place|approved|agreed|signed|prepared|drafted|completed?)\b|draft\b|to be (?:drafted|prepared|documented|agreed|completed)\b)/i;
/** Header words that say the column records presence, not what is present. */
const PRESENCE_WORDS = new Set(
  tokenize(
    'documented document in place completed complete done signed held obtained received recorded status flag file current valid exists available provided approved agreed yes no',
  ),
);
/** Words a header may carry that the rule writes another way ("exit plan" for "exit strategy"). */
const NOUN_VARIANTS: Record<string, string> = {
  plan: 'plans?|strateg(?:y|ies)',
  strategy: 'plans?|strateg(?:y|ies)',
  assessment: 'assessments?|analys[ie]s',
  agreement: 'agreements?|contracts?',
  contract: 'agreements?|contracts?',
};
/** The rule requires the thing to exist, not to be reviewed, tested or updated. */
const EXISTENCE =
  'in place|documented|(?:must|shall) document|exists?|maintained|obtained|signed|agreed|held|completed|established|required|in force';
/** A rule limited by a condition no column of the register records cannot be tested row by row. */
const CONDITIONAL = /\b(?:where|if|when|unless|except)\b/i;
const MIN_FLAGGED = 0.6;

export const FLAG_ATTRIBUTE_PREFIX = 'flag-';

/** Whether most filled cells of the column answer yes or no (or, in a status column, say whether the thing is there). */
function isFlagColumn(table: RecordTable, column: number): boolean {
  const cells = table.rows.map((r) => (r.cells[column] ?? '').trim()).filter((c) => c.length > 0);
  const answer = /\bstatus\b/i.test(table.columns[column] ?? '') ? STATUS_ANSWER : YES_NO;
  return cells.length >= 2 && cells.filter((c) => answer.test(c)).length >= cells.length * MIN_FLAGGED;
}

/** The words of a header that name what is present ("Exit plan documented" -> exit, plan). */
function subjectWords(header: string): string[] {
  return tokenize(header).filter((w) => !PRESENCE_WORDS.has(w) && !/^\d+$/.test(w));
}

function wordPattern(word: string): string {
  return NOUN_VARIANTS[word] ? `(?:${NOUN_VARIANTS[word]})` : `${escapeRegExp(stem(word))}\\w*`;
}

/**
 * The yes/no columns of a register that no fixed attribute covers, each as an attribute whose rule
 * names the column's subject in order (a word or two may stand between) and says it must exist.
 */
export function flagColumnAttributes(table: RecordTable, known: RecordAttribute[]): RecordAttribute[] {
  const out: RecordAttribute[] = [];
  table.columns.forEach((header, column) => {
    if (known.some((a) => a.header.test(header)) || !isFlagColumn(table, column)) return;
    // "Exit plan documented" records whether a thing exists; "Privileged" or "Supports critical
    // function" describe the entry, and are conditions, not attributes a rule requires.
    if (!tokenize(header).some((w) => PRESENCE_WORDS.has(w) && !YES_NO.test(w))) return;
    const words = subjectWords(header);
    if (words.length === 0 || words.length > 4) return;
    const phrase = words.map(wordPattern).join('\\W+(?:\\w+\\W+){0,2}?');
    out.push({
      id: `${FLAG_ATTRIBUTE_PREFIX}${words.join('-')}`,
      label: words.join(' '),
      header: new RegExp(`^${escapeRegExp(header)}$`, 'i'),
      required: new RegExp(`^(?=[^]*\\b(?:${EXISTENCE})\\b)[^]*?\\b${phrase}\\b`, 'i'),
    });
  });
  return out;
}

/**
 * The register's other yes/no column whose header the rule names ("for every arrangement
 * supporting a Critical or Important Function" and a column "Supports Critical or Important
 * Function"): only rows answering yes there are bound. -1 when none is named; null when the rule
 * is conditional on something no column records.
 */
export function ruleConditionColumn(
  table: RecordTable,
  rule: string,
  attributeColumn: number,
): number | null {
  const ruleStems = new Set(tokenize(rule).map(stem));
  const named = table.columns.findIndex((header, column) => {
    if (column === attributeColumn || !isFlagColumn(table, column)) return false;
    const words = subjectWords(header).map(stem);
    return words.length >= 2 && words.filter((w) => ruleStems.has(w)).length >= Math.max(2, words.length - 1);
  });
  if (named >= 0) return named;
  return CONDITIONAL.test(rule) ? null : -1;
}
