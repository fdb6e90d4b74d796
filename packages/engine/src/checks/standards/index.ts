// Standards cited by the corpus: a superseded edition (currency_check), and one standard cited in
// different editions across documents (consistency_check).
import { issueDocuments } from '../../analyst/issue';
import { STANDARD_FAMILIES } from '../../analyst/standards';
import { defineCheck } from '../check';
import { findEditionInconsistencies, findSupersededCitations } from './standards';

interface FamilyParams {
  familyId: string;
}

const familyOf = (issueAspect: string) => issueAspect.replace(/^standard:/, '');

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
    return [...families].map(([familyId, docs]) => ({
      key: `standard:${familyId}:currency`,
      primitive: 'currency_check',
      label: `superseded ${familyId}`,
      documents: [...docs],
      params: { familyId },
      signal: 0.85,
      severity: 'medium',
    }));
  },
  question(params, { documents }) {
    const family = STANDARD_FAMILIES.find((f) => f.id === params.familyId);
    return {
      text: `Do ${documents.join(', ')} cite a superseded edition of ${family?.name ?? params.familyId} (current: ${family?.currentLabel ?? '?'})?`,
      query: family?.name ?? params.familyId,
    };
  },
  verdict(params, { citations, analysis }) {
    return { issues: findSupersededCitations(citations, params.familyId, analysis) };
  },
});

export const standardEditionsCheck = defineCheck<FamilyParams>({
  id: 'standard_editions',
  primitives: ['consistency_check'],
  list: 'definedTerms',
  candidates({ analysis }) {
    return findEditionInconsistencies(analysis.citations, undefined, analysis).map((issue) => {
      const familyId = familyOf(issue.aspects[0]!);
      return {
        key: `standard:${familyId}:editions`,
        primitive: 'consistency_check',
        label: `editions of ${familyId}`,
        documents: issueDocuments(issue),
        params: { familyId },
        signal: 0.85,
        severity: 'medium',
      };
    });
  },
  question(params, { documents }) {
    const family = STANDARD_FAMILIES.find((f) => f.id === params.familyId);
    return {
      text: `Is ${family?.name ?? params.familyId} cited in different editions across ${documents.join(', ')}?`,
      query: family?.name ?? params.familyId,
    };
  },
  verdict(params, { citations, analysis }) {
    return { issues: findEditionInconsistencies(citations, params.familyId, analysis) };
  },
});
