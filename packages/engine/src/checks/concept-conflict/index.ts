// conflict_check on one concept: two documents (or a document's text and its own table) state
// incompatible values for the same concept, scope and topic.
import { conceptById } from '../../analyst/concepts';
import type { CorpusAnalysis } from '../../analyst/corpus-analysis';
import type { DocumentRole } from '../../analyst/document-roles';
import { issueDocuments, type Issue } from '../../analyst/issue';
import { defineCheck, quoteRequests, type Candidate } from '../check';
import { conflictIssueFor, findConceptConflicts } from './concept-conflicts';

/** The widest gap between two values a conflict the search did not rank may have: monthly vs yearly. */
const UNRANKED_MAX_RATIO = 13;

interface ConceptParams {
  conceptId: string;
  scope: string | null;
}

export const conceptConflictCheck = defineCheck<ConceptParams>({
  id: 'concept',
  primitives: ['conflict_check'],
  list: 'concepts',
  candidates({ analysis, focusBoost }) {
    const roles = new Map(analysis.documents.map((d) => [d.name, d.role]));
    // Conflicts found corpus-wide carry a signal; concepts stated in two or more documents
    // without a visible conflict are still worth a question.
    const conflicts = new Map(findConceptConflicts(analysis.facts, roles).map((i) => [i.subject, i]));
    const stated = new Map<string, ConceptParams & { docs: Set<string> }>();
    for (const fact of analysis.facts) {
      const key = conceptKey(fact.concept.id, fact.scope);
      const entry = stated.get(key) ?? { conceptId: fact.concept.id, scope: fact.scope, docs: new Set() };
      entry.docs.add(fact.segment.document);
      stated.set(key, entry);
    }
    const out: Array<Candidate<ConceptParams>> = [];
    for (const [key, entry] of stated) {
      if (entry.docs.size < 2 && !conflicts.has(key)) continue;
      const concept = conceptById(entry.conceptId)!;
      const issue = conflicts.get(key);
      out.push({
        key,
        primitive: 'conflict_check',
        label: concept.label + (entry.scope ? ` (${entry.scope})` : ''),
        documents: issue ? issueDocuments(issue) : [...entry.docs].slice(0, 4),
        params: { conceptId: entry.conceptId, scope: entry.scope },
        signal: (issue ? 0.8 : 0.15) + focusBoost(concept.focus),
        severity: concept.severity,
      });
    }
    return out;
  },
  question(params, { label, documents }) {
    return {
      text: `Do ${documents.join(', ')} state incompatible values for the ${label}?`,
      // The scope's words find the scoped statements ("privileged access rights every quarter").
      query: `${conceptById(params.conceptId)?.query ?? label}${params.scope ? ` ${params.scope}` : ''}`,
    };
  },
  verdict(params, { facts, analysis }) {
    const roles = new Map(analysis.documents.map((d) => [d.name, d.role]));
    const issue = conflictIssueFor(
      facts.filter((f) => f.concept.id === params.conceptId),
      roles,
      params.scope,
    );
    if (issue) return { issues: [issue] };
    const corpusWide = unrankedConflict(analysis, params, roles);
    return { issues: [], hints: corpusWide ? quoteRequests(corpusWide.quotes, 2) : [] };
  },
});

const unrankedCache = new WeakMap<CorpusAnalysis, Map<string, Issue | null>>();

/**
 * The conflict the corpus analysis sees for a target when the search ranked only one of its two
 * statements (a bare cell of a schedule, a clause among many of its kind): the verdict asks for
 * both by their own words. Only values of one order (a year against a quarter, not a year against
 * two days): statements the search did not bring together and that far apart are more often about
 * two things. Read once per corpus and target, as each follow-up round asks again.
 */
function unrankedConflict(
  analysis: CorpusAnalysis,
  params: ConceptParams,
  roles: Map<string, DocumentRole>,
): Issue | null {
  let cache = unrankedCache.get(analysis);
  if (!cache) unrankedCache.set(analysis, (cache = new Map()));
  const key = conceptKey(params.conceptId, params.scope);
  if (!cache.has(key))
    cache.set(
      key,
      conflictIssueFor(
        analysis.facts.filter((f) => f.concept.id === params.conceptId),
        roles,
        params.scope,
        UNRANKED_MAX_RATIO,
      ),
    );
  return cache.get(key) ?? null;
}

function conceptKey(conceptId: string, scope: string | null): string {
  return `concept:${conceptId}:${scope ?? 'general'}`;
}
