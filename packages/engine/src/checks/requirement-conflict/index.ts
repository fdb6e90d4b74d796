// conflict_check on aligned requirements: two normative statements of the same requirement (same
// action, same kind of value, aligned topic and scope) with incompatible values, in any wording.
// Pairs the concept vocabulary already reports are left to it.
import type { CorpusAnalysis } from '../../analyst/corpus-analysis';
import { defineCheck } from '../check';
import { findConceptConflicts } from '../concept-conflict/concept-conflicts';
import { conflictIssue, findRequirementConflicts, segmentKey, type RequirementConflict } from './conflicts';
import { sharedTopic } from '../../analyst/requirements';

interface RequirementParams {
  key: string;
  /** Words of the shared topic and the action, for the question. */
  words: string;
  /** What retrieval looks for: the two statements' own words, so both are found again. */
  query?: string;
}

/**
 * The retrieval query for a conflict: the action, the shared topic and each statement's own
 * content words ("respond", "receipt", "calendar"); a shared topic alone ("association") may name
 * the organisation and retrieve anything.
 */
function queryOf(conflict: RequirementConflict): string {
  const own = (r: RequirementConflict['a']) =>
    r.segment.text
      .toLowerCase()
      .match(/[a-z][a-z-]{3,}/g)
      ?.slice(0, 14) ?? [];
  return [
    ...new Set([
      conflict.a.action,
      ...sharedTopic(conflict.a, conflict.b),
      ...own(conflict.a),
      ...own(conflict.b),
    ]),
  ].join(' ');
}

const takenCache = new WeakMap<CorpusAnalysis, Set<string>>();

/** Segments the concept-conflict check already quotes in a conflict. */
function taken(analysis: CorpusAnalysis): Set<string> {
  let set = takenCache.get(analysis);
  if (!set) {
    const roles = new Map(analysis.documents.map((d) => [d.name, d.role]));
    set = new Set(
      findConceptConflicts(analysis.facts, roles).flatMap((i) => i.quotes.map((q) => segmentKey(q))),
    );
    takenCache.set(analysis, set);
  }
  return set;
}

export const requirementConflictCheck = defineCheck<RequirementParams>({
  id: 'requirement_conflict',
  primitives: ['conflict_check'],
  list: 'concepts',
  candidates({ analysis, focusBoost }) {
    const all = analysis.documents.flatMap((d) => d.segments);
    return findRequirementConflicts(analysis, all, taken(analysis)).map((conflict) => {
      const issue = conflictIssue(conflict);
      const words = conflict.key.split(':').slice(-1)[0]!.split('+');
      return {
        key: conflict.key,
        primitive: 'conflict_check',
        label: `${conflict.a.action} requirement for ${words.join(' ')}`,
        documents: [...new Set(issue.quotes.map((q) => q.document))],
        params: {
          key: conflict.key,
          words: `${conflict.a.action} ${words.join(' ')}`,
          query: queryOf(conflict),
        },
        signal: 0.75 + focusBoost(words),
        severity: issue.severity,
      };
    });
  },
  question(params, { documents }) {
    return {
      text: `Do ${documents.join(' and ')} state incompatible values for the ${params.words} requirement?`,
      query: params.query ?? params.words,
    };
  },
  verdict(params, { analysis, segments }) {
    const conflict = findRequirementConflicts(analysis, segments, taken(analysis)).find(
      (c) => c.key === params.key,
    );
    return { issues: conflict ? [conflictIssue(conflict)] : [] };
  },
});
