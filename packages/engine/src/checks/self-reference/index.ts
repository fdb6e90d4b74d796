// citation_integrity_check: a document that sends its reader to a part of itself it does not have
// (references.ts), one finding per document listing the references.
import { quoteOf, type Issue } from '../../analyst/issue';
import { defineCheck, type Candidate } from '../check';
import { unresolvedSelfReferences, type SelfReference } from './references';

interface SelfReferenceParams {
  document: string;
  phrases: string[];
}

const MAX_QUOTES = 4;

function issueOf(document: string, found: SelfReference[]): Issue {
  const phrases = [...new Set(found.map((f) => f.phrase))];
  const missing = [...new Set(found.map((f) => f.missing))];
  const subject = `self-reference:${document}`;
  return {
    primitive: 'citation_integrity_check',
    subject,
    aspects: [subject],
    title: `${document} refers to parts of itself it does not have: ${phrases.slice(0, 3).join('; ')}`,
    description:
      `${document} sends its reader to ${phrases.map((p) => `"${p}"`).join(', ')}, but it has no ${missing.map((m) => m.replace(/^an? /, '')).join(', no ')}. ` +
      'The content the reader is sent to is missing or was never written, so the requirement that relies on it cannot be followed.',
    rootCause: `${document} was edited (or adopted from a template) without the part its text still points to.`,
    remediationScope: `Add the missing part to ${document} or correct the reference to where the content lives.`,
    remediationEffortHours: 1,
    severity: 'low',
    confidence: 0.75,
    frameworks: [],
    quotes: [...new Set(found.map((f) => f.segment))].slice(0, MAX_QUOTES).map((s) => quoteOf(s)),
  };
}

export const selfReferenceCheck = defineCheck<SelfReferenceParams>({
  id: 'self_reference',
  primitives: ['citation_integrity_check'],
  list: 'citations',
  candidates({ analysis }) {
    return analysis.documents.flatMap((doc): Array<Candidate<SelfReferenceParams>> => {
      const found = unresolvedSelfReferences(doc, doc.segments);
      if (found.length === 0) return [];
      const document = doc.name;
      return [
        {
          key: `self-reference:${document}`,
          primitive: 'citation_integrity_check',
          label: `References of ${document} to parts of itself`,
          documents: [document],
          params: { document, phrases: [...new Set(found.map((f) => f.phrase))] },
          signal: 0.7,
          severity: 'low',
        },
      ];
    });
  },
  question(params) {
    return {
      text: `Does ${params.document} contain the parts it refers to (${params.phrases.join('; ')})?`,
      query: params.phrases.join(' '),
    };
  },
  verdict(params, { analysis, segments }) {
    const doc = analysis.byName.get(params.document);
    if (!doc) return { issues: [] };
    const found = unresolvedSelfReferences(doc, segments);
    if (found.length > 0) return { issues: [issueOf(params.document, found)] };
    const hints = unresolvedSelfReferences(doc, doc.segments)
      .slice(0, 2)
      .map((f) => ({ query: f.segment.text.slice(0, 200), document: params.document }));
    return { issues: [], hints };
  },
});
