// The analyst's answer to one question: run the question's check on the segments the retrieval
// returned (never on the whole corpus, except where the check is about absence from a whole
// document), and ask for more evidence when a quoted or hinted document was not retrieved.
import type { CorpusChunk } from '../corpus';
import type { Question } from '../pipeline/model';
import { conceptById } from './concepts';
import { segmentsWithin, type CitationFact, type ConceptFact, type CorpusAnalysis } from './corpus-analysis';
import { conflictIssueFor } from './checks/concept-conflicts';
import { recordGapIssue } from './checks/record-gaps';
import { findEditionInconsistencies, findSupersededCitations } from './checks/standards';
import { reviewCurrencyIssue } from './checks/review-currency';
import { citationEvidenceHints, findBrokenReferences } from './checks/citations';
import { coverageIssue } from './checks/coverage';
import { CONTROLS, controlStateIssue } from './checks/control-state';
import { definedTermIssues } from './checks/defined-terms';
import { recordAttributeIssues } from './checks/record-attributes';
import { recoveryPointIssue } from './checks/recovery-point';
import { versionReferenceIssues } from './checks/version-references';
import { flowDownEvidenceHints, flowDownIssues } from './checks/flow-down';
import { REQUIRED_ELEMENTS } from './frameworks';
import type { Issue } from './issue';

export interface EvidenceRequest {
  query: string;
  document: string | null;
}

export interface LocalVerdict {
  issues: Issue[];
  requests: EvidenceRequest[];
}

export function analystVerdict(
  analysis: CorpusAnalysis,
  question: Question,
  chunks: CorpusChunk[],
  frameworks: string[],
  canAsk: boolean,
): LocalVerdict {
  const segments = segmentsWithin(analysis, chunks);
  const visible = new Set(segments);
  const facts: ConceptFact[] = segments.flatMap((s) => analysis.factsBySegment.get(s) ?? []);
  const citations: CitationFact[] = analysis.citations.filter((c) => visible.has(c.segment));
  const roles = new Map(analysis.documents.map((d) => [d.name, d.role]));
  const retrievedDocs = new Set(chunks.map((c) => c.document));
  const t = question.target;
  let issues: Issue[] = [];
  const hints: EvidenceRequest[] = [];
  switch (t.kind) {
    case 'concept': {
      const issue = conflictIssueFor(
        facts.filter((f) => f.concept.id === t.conceptId),
        roles,
        t.scope,
      );
      issues = issue ? [issue] : [];
      break;
    }
    case 'record': {
      const record = analysis.byName.get(t.recordDocument);
      const policyFacts = facts.filter(
        (f) =>
          f.concept.id === t.conceptId &&
          f.segment.document === t.policyDocument &&
          f.quantity.kind === 'period',
      );
      if (record) {
        for (const fact of policyFacts) {
          const issue = recordGapIssue(analysis, fact, record, visible);
          if (issue) {
            issues = [issue];
            break;
          }
        }
      }
      break;
    }
    case 'flow_down': {
      const parent = analysis.byName.get(t.parent);
      const child = analysis.byName.get(t.child);
      if (parent && child) issues = flowDownIssues(analysis, parent, child, visible);
      // Gaps the fixed retrieval query rarely ranks: ask for their statements by their words.
      if (parent && child && issues.length === 0)
        hints.push(...flowDownEvidenceHints(analysis, parent, child));
      break;
    }
    case 'record_attribute': {
      const doc = analysis.byName.get(t.document);
      issues = doc ? recordAttributeIssues(analysis, doc, visible, t.attributeId) : [];
      break;
    }
    case 'control': {
      const control = CONTROLS.find((c) => c.id === t.controlId);
      const issue = control ? controlStateIssue(analysis, control, segments) : null;
      issues = issue ? [issue] : [];
      break;
    }
    case 'term':
      issues = definedTermIssues(segments, t.term);
      break;
    case 'rpo': {
      const issue = recoveryPointIssue(facts);
      issues = issue ? [issue] : [];
      break;
    }
    case 'version_reference':
      issues = versionReferenceIssues(analysis, segments).filter(
        (i) => i.subject === `version:${t.document}>${t.citedDocument}`,
      );
      break;
    case 'element': {
      const element = REQUIRED_ELEMENTS.find((e) => e.id === t.elementId);
      const issue = element ? coverageIssue(element, segments, frameworks) : null;
      issues = issue ? [issue] : [];
      break;
    }
    case 'standard_currency':
      issues = findSupersededCitations(citations, t.familyId, analysis);
      break;
    case 'standard_editions':
      issues = findEditionInconsistencies(citations, t.familyId, analysis);
      break;
    case 'review': {
      const doc = analysis.byName.get(t.document);
      const issue =
        doc && analysis.referenceDate ? reviewCurrencyIssue(doc, analysis.referenceDate, segments) : null;
      issues = issue ? [issue] : [];
      break;
    }
    case 'citation':
      issues = findBrokenReferences(analysis, segments).filter((i) =>
        i.subject.startsWith(`citation:${t.document}:${t.reference.replace(' ', ':')}:`),
      );
      // The citing sentence may sit in a chunk the query did not rank: ask for it by its words.
      if (issues.length === 0) hints.push(...citationEvidenceHints(analysis, t.document, t.reference));
      break;
  }
  if (!canAsk) return { issues, requests: [] };
  // Quotes from chunks that were not retrieved, and hinted documents that returned nothing, are
  // fetched in a follow-up round before the verdict is final.
  const retrievedIds = new Set(chunks.map((c) => c.id));
  const requests: EvidenceRequest[] = [...hints];
  for (const issue of issues)
    for (const quote of issue.quotes)
      if (quote.chunkId && !retrievedIds.has(quote.chunkId))
        requests.push({ query: quote.text.slice(0, 200), document: quote.document });
  if (issues.length === 0)
    for (const doc of question.documents)
      if (!retrievedDocs.has(doc))
        requests.push({
          query: t.kind === 'concept' ? (conceptById(t.conceptId)?.query ?? question.query) : question.query,
          document: doc,
        });
  return { issues: requests.length ? [] : issues, requests };
}
