// The recurring or time-bound activities for which frameworks require a set frequency or deadline
// (recurring-activities.json, a source per entry). A merely vague obligation ("backed up
// regularly") is a finding only for one of them: elsewhere a vague adverb is ordinary prose.
import data from './recurring-activities.json';

export interface RecurringActivity {
  id: string;
  /** The action class (analyst/requirements.ts) the activity is done by. */
  action: string;
  /** Subject words, one of which the clause must name; empty: the action alone names it. */
  words: string[];
  requirement: string;
  /**
   * How the frameworks name the activity ("penetration test", "access review"), for one whose
   * missing cycle is a gap in itself: a policy that names it so and never says how often.
   */
  named_as?: string;
  /** A key of `sources`. */
  source: string;
}

export const RECURRING_ACTIVITIES: readonly RecurringActivity[] = data.activities;
export const ACTIVITY_SOURCES: Readonly<Record<string, { title: string; url: string }>> = data.sources;

/** The lower-case words of a text, hyphenated compounds both whole and in parts. */
function wordsOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.toLowerCase().matchAll(/[a-z][a-z-]*/g)) {
    out.add(m[0]);
    for (const part of m[0].split('-')) if (part) out.add(part);
  }
  return out;
}

/** The framework activity an action names in this clause, if any. */
export function recurringActivityOf(action: string, clause: string): RecurringActivity | undefined {
  const words = wordsOf(clause);
  return RECURRING_ACTIVITIES.find(
    (a) => a.action === action && (a.words.length === 0 || a.words.some((w) => words.has(w))),
  );
}

/** The activities a sentence names as the frameworks do, each with where its name stands. */
export function namedActivitiesIn(
  text: string,
): Array<{ activity: RecurringActivity; start: number; end: number }> {
  return RECURRING_ACTIVITIES.flatMap((activity) => {
    const m = activity.named_as ? new RegExp(activity.named_as, 'i').exec(text) : null;
    return m ? [{ activity, start: m.index, end: m.index + m[0].length }] : [];
  });
}
