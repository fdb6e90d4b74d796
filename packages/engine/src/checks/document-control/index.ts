// coverage_check on document control: governed documents (policies, procedures, standards) that
// do not show a version, an owner, an approval or a review date or cycle. Where most of the set
// lacks a field, that is one finding for the set (no document-control practice); where most of
// the set has it, each document lacking it is a finding of its own.
import type { AnalyzedDocument, CorpusAnalysis } from '../../analyst/corpus-analysis';
import { isNormative } from '../../analyst/document-roles';
import { listDocuments, quoteOf, type Issue } from '../../analyst/issue';
import { defineCheck, type Candidate } from '../check';
import { CONTROL_FIELDS, FIELD_LABELS, controlFieldsOf, type ControlField } from './fields';

type ControlParams = { scope: 'set' } | { scope: 'document'; document: string };

/** A set is judged as a whole from this many governed documents. */
const MIN_DOCUMENTS = 3;
/** Below this share of documents carrying a field, the set has no practice for it. */
const PRACTICE_SHARE = 0.5;
/**
 * A single document is reported when it lacks at least this many of the fields the set practises:
 * one field alone may just be written in a way the reading does not recognise.
 */
const MIN_MISSING = 2;

interface Gaps {
  governed: AnalyzedDocument[];
  missing: Map<AnalyzedDocument, ControlField[]>;
  /** Fields most documents lack: a gap of the set, not of single documents. */
  setWide: ControlField[];
}

const cache = new WeakMap<CorpusAnalysis, Gaps>();

function gapsOf(analysis: CorpusAnalysis): Gaps {
  const cached = cache.get(analysis);
  if (cached) return cached;
  const governed = analysis.documents.filter((d) => isNormative(d.role));
  const fields = new Map(governed.map((d) => [d, controlFieldsOf(d)]));
  const setWide = CONTROL_FIELDS.filter(
    (f) => governed.filter((d) => fields.get(d)![f]).length < governed.length * PRACTICE_SHARE,
  );
  const missing = new Map<AnalyzedDocument, ControlField[]>();
  for (const doc of governed) {
    const lacks = CONTROL_FIELDS.filter((f) => !fields.get(doc)![f] && !setWide.includes(f));
    if (lacks.length >= MIN_MISSING) missing.set(doc, lacks);
  }
  const gaps = { governed, missing, setWide };
  cache.set(analysis, gaps);
  return gaps;
}

function setIssue(gaps: Gaps): Issue | null {
  if (gaps.governed.length < MIN_DOCUMENTS || gaps.setWide.length === 0) return null;
  const fields = gaps.setWide.map((f) => FIELD_LABELS[f]);
  const names = gaps.governed.map((d) => d.name);
  return {
    primitive: 'coverage_check',
    subject: 'document-control:set',
    aspects: ['document-control:set'],
    title: `Most governed documents carry no document control (${gaps.setWide.join(', ')})`,
    description:
      `Most of the ${gaps.governed.length} policies, procedures and standards (${listDocuments(names.slice(0, 5))}` +
      `${names.length > 5 ? ` and ${names.length - 5} more` : ''}) show no ${fields.join(', no ')}. Without them nobody can tell ` +
      'which version is in force, who owns it, whether it was approved, or whether it is past its review.',
    rootCause:
      'The organisation has no document-control practice for its governed documents (or the set was adopted from templates without one).',
    remediationScope:
      'Give every governed document a control block (version, owner, approver and approval date, review cycle and next review date) and keep it current.',
    remediationEffortHours: 6,
    severity: 'medium',
    confidence: 0.75,
    frameworks: [],
    quotes: gaps.governed.slice(0, 3).flatMap((d) => (d.segments[0] ? [quoteOf(d.segments[0])] : [])),
  };
}

function documentIssue(doc: AnalyzedDocument, lacks: ControlField[]): Issue | null {
  const first = doc.segments[0];
  if (!first) return null;
  return {
    primitive: 'coverage_check',
    subject: `document-control:${doc.name}`,
    aspects: [`document-control:${doc.name}`],
    title: `${doc.name} has no ${lacks.map((f) => FIELD_LABELS[f]).join(', no ')}`,
    description:
      `Unlike the rest of the set, ${doc.name} shows no ${lacks.map((f) => FIELD_LABELS[f]).join(', no ')} in its document control. ` +
      'Its currency and authority cannot be established.',
    rootCause: `${doc.name} was issued outside the organisation's document-control practice.`,
    remediationScope: `Add the missing document-control fields to ${doc.name} and approve it.`,
    remediationEffortHours: 1,
    severity: 'low',
    confidence: 0.7,
    frameworks: [],
    quotes: [quoteOf(first)],
  };
}

export const documentControlCheck = defineCheck<ControlParams>({
  id: 'document_control',
  primitives: ['coverage_check'],
  list: 'currencyRules',
  candidates({ analysis }) {
    const gaps = gapsOf(analysis);
    const out: Array<Candidate<ControlParams>> = [];
    const set = setIssue(gaps);
    if (set)
      out.push({
        key: set.subject,
        primitive: 'coverage_check',
        label: 'document control of the set',
        documents: [...new Set(set.quotes.map((q) => q.document))],
        params: { scope: 'set' },
        signal: 0.75,
        severity: set.severity,
      });
    for (const [doc, lacks] of gaps.missing) {
      const issue = documentIssue(doc, lacks);
      if (issue)
        out.push({
          key: issue.subject,
          primitive: 'coverage_check',
          label: `document control of ${doc.name}`,
          documents: [doc.name],
          params: { scope: 'document', document: doc.name },
          signal: 0.6,
          severity: 'low',
        });
    }
    return out;
  },
  question(params, { documents }) {
    return {
      text:
        params.scope === 'set'
          ? `Do the governed documents (${documents.join(', ')}) carry a version, owner, approval and review date?`
          : `Does ${params.document} carry a version, owner, approval and review date?`,
      query: 'version owner approved review date document control',
    };
  },
  // Absence is judged on whole documents (their heads), not on the retrieved chunks.
  verdict(params, { analysis }) {
    const gaps = gapsOf(analysis);
    if (params.scope === 'set') {
      const issue = setIssue(gaps);
      return { issues: issue ? [issue] : [] };
    }
    const doc = analysis.byName.get(params.document);
    const lacks = doc ? gaps.missing.get(doc) : undefined;
    const issue = doc && lacks ? documentIssue(doc, lacks) : null;
    return { issues: issue ? [issue] : [] };
  },
});
