// coverage_check: a requirement whose value (how often, how fast) is never set. One finding per
// activity, grouping the documents that state it vaguely; silent when any document sets a value.
import { defineCheck } from '../check';
import { activityLabel, severityOf, unsetActivitiesOf, unsetIssue } from './unset-values';

interface UnsetParams {
  key: string;
  /** The vague statements as written, for the retrieval query. */
  statements: string[];
}

export const unsetCadenceCheck = defineCheck<UnsetParams>({
  id: 'unset-cadence',
  primitives: ['coverage_check'],
  list: 'elements',
  candidates({ analysis, focusBoost }) {
    return unsetActivitiesOf(analysis).map((activity) => ({
      key: activity.key,
      primitive: 'coverage_check' as const,
      label: `the value of the ${activityLabel(activity)}`,
      documents: [...new Set(activity.members.map((m) => m.requirement.segment.document))],
      params: {
        key: activity.key,
        statements: activity.members.slice(0, 3).map((m) => m.requirement.segment.text.slice(0, 160)),
      },
      signal:
        (activity.members.some((m) => m.explicitness === 'named') ? 0.75 : 0.6) +
        focusBoost([activity.action, ...activity.subject.slice(0, 2)]),
      severity: severityOf(activity),
    }));
  },
  question(params, { label }) {
    return {
      text: `Does any document set ${label}, which the policies require without stating it?`,
      query: params.statements.join(' '),
    };
  },
  verdict(params, { analysis, visible }) {
    // The activity as the whole set reads it (its key is stable), quoted where retrieval reached.
    const activity = unsetActivitiesOf(analysis).find((a) => a.key === params.key);
    const members = activity?.members.filter((m) => visible.has(m.requirement.segment)) ?? [];
    if (activity && members.length > 0) return { issues: [unsetIssue({ ...activity, members })] };
    return {
      issues: [],
      hints: activity ? params.statements.map((query) => ({ query, document: null })) : [],
    };
  },
});
