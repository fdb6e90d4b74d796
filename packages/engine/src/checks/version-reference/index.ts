// consistency_check on document versions: a document cites another corpus document by a version
// other than the one that document carries.
import { defineCheck } from '../check';
import { versionReferenceIssues } from './version-references';

interface VersionParams {
  document: string;
  citedDocument: string;
}

export const versionReferenceCheck = defineCheck<VersionParams>({
  id: 'version_reference',
  primitives: ['consistency_check'],
  list: 'definedTerms',
  candidates({ analysis }) {
    const all = analysis.documents.flatMap((d) => d.segments);
    return versionReferenceIssues(analysis, all).map((issue) => {
      const [document, citedDocument] = issue.subject.replace(/^version:/, '').split('>');
      return {
        key: `version:${document}>${citedDocument}`,
        primitive: 'consistency_check',
        label: `version of ${citedDocument} cited by ${document}`,
        documents: [document!, citedDocument!],
        params: { document: document!, citedDocument: citedDocument! },
        signal: 0.75,
        severity: 'low',
      };
    });
  },
  question(params) {
    return {
      text: `Does ${params.document} cite the current version of ${params.citedDocument}?`,
      query: `${params.citedDocument.replace(/[-_.]+/g, ' ')} version`,
    };
  },
  verdict(params, { analysis, segments }) {
    const subject = `version:${params.document}>${params.citedDocument}`;
    return { issues: versionReferenceIssues(analysis, segments).filter((i) => i.subject === subject) };
  },
});
