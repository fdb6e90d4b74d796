// citation_integrity_check: section, clause and appendix references to corpus documents that do
// not resolve or point elsewhere, and regulation citations that do not exist.
import type { Issue } from '../../analyst/issue';
import { defineCheck, quoteRequests, quoteVisible } from '../check';
import { citationEvidenceHints, findBrokenReferences } from './citations';

interface CitationParams {
  document: string;
  reference: string;
  citedDocument: string;
}

export const citationCheck = defineCheck<CitationParams>({
  id: 'citation',
  primitives: ['citation_integrity_check'],
  list: 'citations',
  candidates({ analysis }) {
    return findBrokenReferences(analysis).map((issue) => {
      const [, document, kind, number, cited] = issue.subject.split(':');
      const reference = `${kind} ${number}`;
      return {
        key: `citation:${document}:${reference}`,
        primitive: 'citation_integrity_check',
        label: `${kind} ${number} of ${cited} cited by ${document}`,
        documents: [document!, cited!],
        params: { document: document!, reference, citedDocument: cited! },
        signal: 0.85,
        severity: 'medium',
      };
    });
  },
  question(params) {
    return {
      text: `Does ${params.reference} of ${params.citedDocument}, cited by ${params.document}, exist and say what is cited?`,
      query: `${params.reference} ${params.citedDocument.replace(/[-_.]+/g, ' ')}`,
    };
  },
  verdict(params, { analysis, segments, visible }) {
    const prefix = `citation:${params.document}:${params.reference.replace(' ', ':')}:`;
    const found = findBrokenReferences(analysis, segments).filter((i) => i.subject.startsWith(prefix));
    // The citing sentence may sit in a chunk the query did not rank: ask for it by its words. So
    // may the cited document's last part, quoted to show what it has ("SCHEDULE B — ..."): it is
    // asked for, and left out of the finding until the verdict is shown it (every quote of a
    // finding is one the verdict saw; the description still names that last part).
    const shown = (quote: Issue['quotes'][number]) => quoteVisible(quote, visible);
    return {
      issues: found.map((issue) => ({
        ...issue,
        quotes: issue.quotes.filter((q, index) => index === 0 || shown(q)),
      })),
      hints:
        found.length === 0
          ? citationEvidenceHints(analysis, params.document, params.reference)
          : quoteRequests(
              found.flatMap((issue) => issue.quotes.filter((q) => !shown(q))),
              4,
            ),
    };
  },
});
