// citation_integrity_check: a reference past the end of an identifier series the set defines, and
// a reference that writes a listed item's title with another number.
import { defineCheck, quoteRequests } from '../check';
import { misnumberedIssue, misnumberedReferences, misnumberedSubject } from './misnumbered';
import { seriesIssue, seriesReferences, seriesSubject } from './series-references';

interface SeriesParams {
  subject: string;
}

export const seriesReferenceCheck = defineCheck<SeriesParams>({
  id: 'series_reference',
  primitives: ['citation_integrity_check'],
  list: 'citations',
  candidates({ analysis }) {
    return [
      ...seriesReferences(analysis).map((reference) => ({
        key: seriesSubject(reference),
        primitive: 'citation_integrity_check' as const,
        label: `${reference.cited.map((c) => c.id).join(', ')} cited in ${reference.citing.name}`,
        documents: [reference.citing.name, reference.definedIn.name],
        params: { subject: seriesSubject(reference) },
        signal: 0.75,
        severity: 'medium' as const,
      })),
      ...misnumberedReferences(analysis).map((reference) => ({
        key: misnumberedSubject(reference),
        primitive: 'citation_integrity_check' as const,
        label: `${reference.cited} cited in ${reference.citing.name}`,
        documents: [reference.citing.name, reference.listed.segment.document],
        params: { subject: misnumberedSubject(reference) },
        signal: 0.7,
        severity: 'low' as const,
      })),
    ];
  },
  question(params, { label, documents }) {
    return {
      text: `Does ${documents[1] ?? 'the set'} define ${label.split(' cited in ')[0]}?`,
      query: `${label.split(' cited in ')[0]} control class form reference`,
    };
  },
  verdict(params, { analysis, visible }) {
    const reference = seriesReferences(analysis).find((r) => seriesSubject(r) === params.subject);
    if (reference) {
      const needed = [reference.cited[0]!.segment, reference.lastSegment];
      if (needed.some((s) => !visible.has(s))) return { issues: [], hints: quoteRequests(needed, 2) };
      return { issues: [seriesIssue(reference)] };
    }
    const misnumbered = misnumberedReferences(analysis).find((r) => misnumberedSubject(r) === params.subject);
    if (!misnumbered) return { issues: [] };
    const needed = [misnumbered.segment, misnumbered.listed.segment];
    if (needed.some((s) => !visible.has(s))) return { issues: [], hints: quoteRequests(needed, 2) };
    return { issues: [misnumberedIssue(misnumbered)] };
  },
});
