// Standards cited by the corpus: a superseded edition (currency_check), and one standard cited in
// different editions across documents (consistency_check).
import { issueDocuments } from '../../analyst/issue';
import { STANDARD_FAMILIES } from '../../analyst/standards';
import { defineCheck, quoteRequests, type Candidate } from '../check';
import { findEditionInconsistencies, findSupersededCitations } from './standards';

interface FamilyParams {
  familyId: string;
}

const familyOf = (issueAspect: string) => issueAspect.replace(/^standard:/, '');

/** The standard family's name (its id when the family is unknown) and its current edition's label. */
function familyNamed(familyId: string): { name: string; current: string } {
  const family = STANDARD_FAMILIES.find((f) => f.id === familyId);
  return { name: family?.name ?? familyId, current: family?.currentLabel ?? '?' };
}

/** A candidate about one standard family: keyed by the family and the aspect, medium severity. */
function familyCandidate(
  familyId: string,
  aspect: 'currency' | 'editions',
  primitive: Candidate<FamilyParams>['primitive'],
  label: string,
  documents: string[],
): Candidate<FamilyParams> {
  return {
    key: `standard:${familyId}:${aspect}`,
    primitive,
    label,
    documents,
    params: { familyId },
    signal: 0.85,
    severity: 'medium',
  };
}

export const standardCurrencyCheck = defineCheck<FamilyParams>({
  id: 'standard_currency',
  primitives: ['currency_check'],
  list: 'currencyRules',
  candidates({ analysis }) {
    const families = new Map<string, Set<string>>();
    for (const issue of findSupersededCitations(analysis.citations, undefined, analysis)) {
      const familyId = familyOf(issue.aspects[0]!);
      const docs = families.get(familyId) ?? new Set<string>();
      for (const document of issueDocuments(issue)) docs.add(document);
      families.set(familyId, docs);
    }
    return [...families].map(([familyId, docs]) =>
      familyCandidate(familyId, 'currency', 'currency_check', `superseded ${familyId}`, [...docs]),
    );
  },
  question(params, { documents }) {
    const { name, current } = familyNamed(params.familyId);
    return {
      text: `Do ${documents.join(', ')} cite a superseded edition of ${name} (current: ${current})?`,
      query: name,
    };
  },
  verdict(params, { citations, analysis }) {
    const issues = findSupersededCitations(citations, params.familyId, analysis);
    // A citation the retrieval did not rank among a set that names the standard everywhere: ask
    // for its statement by its words.
    const hints = issues.length
      ? []
      : quoteRequests(
          findSupersededCitations(analysis.citations, params.familyId, analysis).flatMap((i) => i.quotes),
          3,
        );
    return { issues, hints };
  },
});

export const standardEditionsCheck = defineCheck<FamilyParams>({
  id: 'standard_editions',
  // A protocol's minimum version set differently is a conflict; a standard cited in two editions
  // is an inconsistency.
  primitives: ['consistency_check', 'conflict_check'],
  list: 'definedTerms',
  candidates({ analysis }) {
    return findEditionInconsistencies(analysis.citations, undefined, analysis).map((issue) => {
      const familyId = familyOf(issue.aspects[0]!);
      return familyCandidate(
        familyId,
        'editions',
        issue.primitive,
        `editions of ${familyId}`,
        issueDocuments(issue),
      );
    });
  },
  question(params, { documents }) {
    const { name } = familyNamed(params.familyId);
    return {
      text: `Is ${name} cited in different editions across ${documents.join(', ')}?`,
      query: name,
    };
  },
  verdict(params, { citations, analysis }) {
    return { issues: findEditionInconsistencies(citations, params.familyId, analysis) };
  },
});
