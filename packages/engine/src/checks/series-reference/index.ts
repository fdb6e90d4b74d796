// citation_integrity_check: a reference past the end of an identifier series the set defines.
import { defineCheck, quoteRequests } from '../check';
import { seriesIssue, seriesReferences, seriesSubject } from './series-references';

interface SeriesParams {
  subject: string;
}

export const seriesReferenceCheck = defineCheck<SeriesParams>({
  id: 'series_reference',
  primitives: ['citation_integrity_check'],
  list: 'citations',
  candidates({ analysis }) {
    return seriesReferences(analysis).map((reference) => ({
      key: seriesSubject(reference),
      primitive: 'citation_integrity_check',
      label: `${reference.cited.map((c) => c.id).join(', ')} cited in ${reference.citing.name}`,
      documents: [reference.citing.name, reference.definedIn.name],
      params: { subject: seriesSubject(reference) },
      signal: 0.75,
      severity: 'medium',
    }));
  },
  question(params, { label, documents }) {
    return {
      text: `Does ${documents[1] ?? 'the set'} define ${label.split(' cited in ')[0]}?`,
      query: `${label.split(' cited in ')[0]} control class reference`,
    };
  },
  verdict(params, { analysis, visible }) {
    const reference = seriesReferences(analysis).find((r) => seriesSubject(r) === params.subject);
    if (!reference) return { issues: [] };
    const needed = [reference.cited[0]!.segment, reference.lastSegment];
    if (needed.some((s) => !visible.has(s))) return { issues: [], hints: quoteRequests(needed, 2) };
    return { issues: [seriesIssue(reference)] };
  },
});
