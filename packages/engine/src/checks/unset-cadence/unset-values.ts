// coverage_check: a recurring or time-bound activity the policies obligate without its value
// ("audited on the agreed cycle", "closed within the specified window") where no document of the
// set gives one (a frequency or a deadline) for the same activity. Where some document does give
// a value, the family is silent: comparing stated values is the requirement-conflict family's job.
import type { CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { listDocuments, quoteOf, type Issue } from '../../analyst/issue';
import { heads, type Requirement } from '../../analyst/requirements';
import type { Severity } from '../../types';
import { clauseOf, sameActivity, valueStated } from './stated-values';
import { contentWords, GENERIC_NOUNS } from './subject-words';
import { vagueRequirementsOf, type VagueRequirement } from './vague-values';

/** The vague statements of one activity, across the documents that make them. */
export interface UnsetActivity {
  key: string;
  action: string;
  /** The words that name the activity's subject (head nouns first). */
  subject: string[];
  members: VagueRequirement[];
}

const MAX_QUOTES = 5;

/** Words that make a notification deadline one of a breach or an incident. */
const BREACH_WORDS = new Set([
  'breach',
  'incident',
  'compromise',
  'individual',
  'regulator',
  'authority',
  'subject',
]);

function subjectOf(r: Requirement): string[] {
  const h = heads(r);
  return [...h, ...r.topic.filter((w) => !h.includes(w))];
}

function keyOf(action: string, subject: string[]): string {
  return `unset-cadence:${action}:${subject.slice(0, 2).sort().join('+')}`;
}

/**
 * The vague obligations of these segments, grouped by activity, where no document gives the
 * activity a value. One statement of the activity with a value nearby (a later sentence of its
 * paragraph, a table) answers for all its statements: the set does give the value.
 */
export function findUnsetActivities(analysis: CorpusAnalysis, segments: LocatedSegment[]): UnsetActivity[] {
  const activities: UnsetActivity[] = [];
  for (const segment of segments)
    for (const vague of vagueRequirementsOf(segment, analysis)) {
      const home = activities.find((a) =>
        a.members.some((m) => sameActivity(m.requirement, vague.requirement)),
      );
      if (home) {
        if (!home.members.some((m) => m.requirement.segment === segment)) home.members.push(vague);
        continue;
      }
      const subject = subjectOf(vague.requirement);
      activities.push({
        key: keyOf(vague.requirement.action, subject),
        action: vague.requirement.action,
        subject,
        members: [vague],
      });
    }
  return activities.filter((a) => !a.members.some((m) => valueStated(analysis, m.requirement)));
}

const corpusCache = new WeakMap<CorpusAnalysis, UnsetActivity[]>();

/** The unset activities of the whole set (cached per analysis: every verdict asks again). */
export function unsetActivitiesOf(analysis: CorpusAnalysis): UnsetActivity[] {
  let out = corpusCache.get(analysis);
  if (!out) {
    out = findUnsetActivities(
      analysis,
      analysis.documents.flatMap((d) => d.segments),
    );
    corpusCache.set(analysis, out);
  }
  return out;
}

export function severityOf(activity: UnsetActivity): Severity {
  // The whole clause counts: "notified of a breach" names the breach in a circumstance.
  const words = new Set(
    activity.members.flatMap((m) => [...m.requirement.topic, ...contentWords(clauseOf(m.requirement))]),
  );
  if (activity.action === 'notify' && [...words].some((w) => BREACH_WORDS.has(w))) return 'high';
  if (['patch', 'resolve'].includes(activity.action) && words.has('critical')) return 'high';
  return 'medium';
}

/** The noun of each action class, for titles ("assessment", "notification"). */
const ACTION_NOUNS: Record<string, string> = {
  review: 'review',
  retain: 'retention',
  archive: 'archiving',
  dispose: 'disposal',
  change: 'rotation',
  test: 'testing',
  backup: 'backup',
  patch: 'remediation',
  notify: 'notification',
  train: 'training',
  scan: 'scanning',
  revoke: 'removal',
  assess: 'assessment',
  restore: 'restoration',
  acknowledge: 'response',
  resolve: 'resolution',
  approve: 'approval',
  lock: 'lockout',
};

/** How the activity reads in a sentence: its subject's head with its modifiers, then the action. */
export function activityLabel(activity: UnsetActivity): string {
  // An activity named as the frameworks name it is called so ("penetration testing").
  const framework = activity.members.find((m) => m.activity)?.activity;
  if (framework) return framework.id.replace(/-/g, ' ');
  const first = activity.members[0]!.requirement;
  const named = heads(first).filter((w) => w.length > 2);
  const head = named.find((w) => !GENERIC_NOUNS.has(w)) ?? named[0] ?? first.topic[0] ?? '';
  const compound = [...(first.modifiers.get(head) ?? []), head].filter((w, i, all) => all.indexOf(w) === i);
  return `${compound.join(' ')} ${ACTION_NOUNS[activity.action] ?? activity.action}`.trim();
}

export function unsetIssue(activity: UnsetActivity): Issue {
  const members = activity.members.slice(0, MAX_QUOTES);
  const documents = [...new Set(activity.members.map((m) => m.requirement.segment.document))];
  const period = activity.members.every((m) => m.requirement.quantity.kind === 'period');
  const what = period ? 'frequency' : 'deadline or time period';
  const stated = members
    .map((m) => `"${m.requirement.segment.text.slice(0, 240)}" (${m.requirement.segment.document})`)
    .join('; ');
  const label = activityLabel(activity);
  return {
    primitive: 'coverage_check',
    subject: activity.key,
    aspects: [activity.key],
    title: `No ${what} is set for the ${label}`,
    description:
      `${listDocuments(documents)} ${documents.length === 1 ? 'obligates' : 'obligate'} the ${label} without a value: ${stated}. ` +
      `No document of the set gives its ${what}, so the obligation cannot be followed or tested as written.`,
    rootCause: `The ${label} has no ${what} decided or written down, although the policy obligates it as if it had one.`,
    remediationScope: `Set the ${what} of the ${label} (the value the policy and any framework in scope require) in ${listDocuments(documents)}.`,
    remediationEffortHours: 1,
    severity: severityOf(activity),
    confidence: activity.members.some((m) => m.explicitness === 'named') ? 0.8 : 0.65,
    frameworks: [],
    quotes: members.map((m) => quoteOf(m.requirement.segment)),
  };
}
