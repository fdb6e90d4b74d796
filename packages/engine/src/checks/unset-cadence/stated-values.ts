// Whether the set states a value (a frequency, a deadline, a period) for the activity a vague
// obligation names: read as the same requirement, or found where the value usually stands (a
// table under a header naming the action, a later sentence of the same paragraph).
import type { CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { extractTimeQuantities } from '../../analyst/quantities';
import {
  actionClassesIn,
  heads,
  requirementsOf,
  scopesApart,
  sharedTopic,
  type Requirement,
} from '../../analyst/requirements';
import { clauseAround, definedAbbreviations } from '../../analyst/topics';
import { foldTypography } from '../../text/normalize';
import { contextOf, isTableRow, paragraphOf } from './statement-context';
import { contentWords, EMPTY_WORDS, GENERIC_NOUNS, partiesApart, SUPPLIER_WORDS } from './subject-words';

/**
 * The subjects meet: more than one shared word, or a shared head noun that names something on
 * its own (a "vulnerability scan" and "scans of all hosts for vulnerabilities"; not "log review"
 * and "access review", nor two "system" reviews).
 */
function subjectsMeet(vague: Requirement, other: Requirement): boolean {
  const shared = sharedTopic(vague, other).filter((w) => !EMPTY_WORDS.has(w));
  if (shared.filter((w) => !GENERIC_NOUNS.has(w)).length >= 2) return true;
  if (shared.length >= 3) return true;
  const named = new Set([...heads(vague), ...heads(other)]);
  // One noun, but two things of it: "POS terminals" are no lift's "drive and return terminals".
  const modifiedApart = (w: string) => {
    const ma = vague.modifiers.get(w) ?? [];
    const mb = other.modifiers.get(w) ?? [];
    return ma.length > 0 && mb.length > 0 && !ma.some((m) => mb.includes(m));
  };
  return shared.some((w) => named.has(w) && !GENERIC_NOUNS.has(w) && !modifiedApart(w));
}

/**
 * Actions close enough that a value stated for one answers a vague obligation of the other: a
 * carrier "evaluated every year" is a carrier "reviewed from time to time".
 */
const KINDRED_ACTIONS: Record<string, string[]> = { review: ['assess'], assess: ['review'] };

function kindred(vagueAction: string, action: string): boolean {
  return vagueAction === action || (KINDRED_ACTIONS[vagueAction] ?? []).includes(action);
}

/** One activity: the same action, subjects that meet, and no party or scope that sets them apart. */
export function sameActivity(a: Requirement, b: Requirement): boolean {
  return a.action === b.action && subjectsMeet(a, b) && !partiesApart(a.topic, b.topic) && !scopesApart(a, b);
}

/** A statement that gives a value: its requirements as read, the actions it or its context names, its words. */
interface Stated {
  segment: LocatedSegment;
  requirements: Requirement[];
  actions: Set<string>;
  words: Set<string>;
}

/** The statements of the whole corpus that give a time value (cached per analysis). */
const statedCache = new WeakMap<CorpusAnalysis, Stated[]>();
function statedValues(analysis: CorpusAnalysis): Stated[] {
  let out = statedCache.get(analysis);
  if (!out) {
    out = [];
    for (const d of analysis.documents)
      for (const segment of d.segments) {
        const text = foldTypography(segment.text);
        if (text.length > 600 || extractTimeQuantities(text).length === 0) continue;
        const context = contextOf(analysis, segment);
        out.push({
          segment,
          requirements: requirementsOf(segment),
          actions: actionClassesIn(`${context} ${text}`),
          words: contentWords(`${context} ${text}`),
        });
      }
    statedCache.set(analysis, out);
  }
  return out;
}

export function clauseOf(requirement: Requirement): string {
  const text = foldTypography(requirement.segment.text);
  return clauseAround(text, requirement.quantity.index, requirement.quantity.phrase.length);
}

const abbreviationCache = new WeakMap<CorpusAnalysis, Map<string, string>>();
function abbreviationsOf(analysis: CorpusAnalysis): Map<string, string> {
  let out = abbreviationCache.get(analysis);
  if (!out) {
    out = definedAbbreviations(analysis.documents.map((d) => d.text));
    abbreviationCache.set(analysis, out);
  }
  return out;
}

/**
 * The subject words of the clause a vague requirement stands in (not its action's words), with
 * the long form of any abbreviation the set defines ("the DRP" is the disaster recovery plan).
 */
function clauseWords(analysis: CorpusAnalysis, requirement: Requirement): Set<string> {
  const abbreviations = abbreviationsOf(analysis);
  const clause = clauseOf(requirement).replace(
    /\b[A-Z][A-Z0-9]{1,7}\b/g,
    (w) => `${w} ${abbreviations.get(w) ?? ''}`,
  );
  const words = contentWords(clause);
  for (const w of [...words]) if (actionClassesIn(w).has(requirement.action)) words.delete(w);
  return words;
}

/**
 * Some document gives this activity a value (a frequency, a deadline, a period): a requirement
 * read as the same activity, or, where the reading is weaker (a table row, a list under a lead-in,
 * a word the tagger misread), a statement whose text or context names the same action and shares
 * its subject's words (two, or one for a table row, whose cells are its whole subject).
 */
export function valueStated(analysis: CorpusAnalysis, requirement: Requirement): boolean {
  const words = clauseWords(analysis, requirement);
  const paragraph = paragraphOf(analysis, requirement.segment);
  // "Ledgers are to be backed up routinely": a subject no more specific than the action's own
  // field, which any stated value of the action covers.
  const generic = heads(requirement).every((w) => GENERIC_NOUNS.has(w));
  const roleOf = (segment: LocatedSegment) => analysis.documents[segment.docIndex]?.role;
  // A contract's value binds the other party ("annual security training for Provider staff"): it
  // sets no cycle for the organisation's own activity, unless the rule is about its suppliers.
  const ownActivity =
    roleOf(requirement.segment) !== 'contract' && ![...words].some((w) => SUPPLIER_WORDS.has(w));
  return statedValues(analysis).some((stated) => {
    if (ownActivity && roleOf(stated.segment) === 'contract') return false;
    if (
      stated.requirements.some(
        (r) => kindred(requirement.action, r.action) && sameActivity({ ...requirement, action: r.action }, r),
      )
    )
      return true;
    // A notice's subject is whom it goes to: a stated notice to another party answers nothing.
    const notices = stated.requirements.filter((r) => r.action === 'notify');
    if (
      requirement.action === 'notify' &&
      notices.length > 0 &&
      !notices.some((r) => r.topic.some((w) => requirement.topic.includes(w)))
    )
      return false;
    const shared = [...words].filter((w) => stated.words.has(w));
    // The same paragraph goes on to give the value ("... without delay. Urgent fixes go live in
    // five working days.").
    const acts = [...stated.actions].some((a) => kindred(requirement.action, a));
    if (paragraph.has(stated.segment) && (shared.length > 0 || acts)) return true;
    if (!acts) return false;
    if (generic) return true;
    if (partiesApart(words, stated.words)) return false;
    // More than one word of the subject, or one of a table row's own cells, which are its whole
    // subject (a word only its context names, "remote access" of a neighbouring row, is not).
    if (shared.length >= 2) return true;
    return isTableRow(stated.segment) && shared.some((w) => contentWords(stated.segment.text).has(w));
  });
}
