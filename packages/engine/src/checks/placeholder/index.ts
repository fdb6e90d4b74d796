// coverage_check: unresolved template placeholders. One finding per document for values left
// open (a time limit, a contact, a role); one finding for the whole corpus where the
// organisation's own name was never filled in (one root cause: the template was adopted as is).
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { listDocuments, quoteOf, type Issue } from '../../analyst/issue';
import { defineCheck, type Candidate } from '../check';
import { unwrittenSpans } from '../unwritten';
import {
  codeSpans,
  findPlaceholders,
  isRequirementContext,
  isTemplateSource,
  markdownReferenceLabels,
  type Placeholder,
} from './placeholders';

interface PlaceholderParams {
  /** The document, or null for the corpus-wide identity finding. */
  document: string | null;
  /** The placeholders as written: the retrieval query looks for them. */
  placeholders: string[];
  /**
   * Words of the sentences that hold them: a placeholder made of marks ("[●]", "[___]") has no
   * word for retrieval to find.
   */
  context?: string;
}

const IDENTITY_SUBJECT = 'placeholder:identity';
const MAX_QUOTES = 5;
const MAX_LISTED = 8;

interface Hit {
  segment: LocatedSegment;
  placeholder: Placeholder;
}

/**
 * A placeholder standing alone in a section the unwritten family reports ("## Scope" / "TBD") is
 * that family's finding; reporting it here too would count one span twice.
 */
function inUnwrittenSection(segment: LocatedSegment, analysis: CorpusAnalysis | null): boolean {
  const doc = analysis?.byName.get(segment.document);
  return doc ? unwrittenSpans(doc).some((s) => segment.start >= s.start && segment.end <= s.end) : false;
}

/**
 * A section offered as a blank for others to fill in: "Appendix A - Incident Plan - Template",
 * "Exhibit A — Form of Work Order", "Appendix B – Contractor Site Access Form".
 */
const TEMPLATE_SECTION =
  /\b(?:template|sample|specimen|example|form|blank)s?\b(?!\s+(?:of\s+)?(?:and|or)\b)/i;

/** A heading's level: its Markdown hashes, else the depth of its number ("4.2" is 2). */
function headingLevel(doc: AnalyzedDocument, heading: AnalyzedDocument['headings'][number]): number {
  const hashes = /^#+/.exec(doc.text.slice(heading.start, heading.start + 8));
  return hashes ? hashes[0].length : heading.number.split('.').length;
}

/**
 * Whether the segment lies in a section the document offers as a template or sample to be filled
 * in (a plan template in an appendix, a sample letter): its blanks are there by design.
 */
function inTemplateSection(segment: LocatedSegment, analysis: CorpusAnalysis | null): boolean {
  const doc = analysis?.byName.get(segment.document);
  if (!doc) return false;
  const headings = doc.headings;
  return headings.some((heading, i) => {
    if (heading.start > segment.start || !TEMPLATE_SECTION.test(heading.title)) return false;
    // An appendix, annex, schedule or exhibit runs to the next one, whatever numbered fields it holds.
    const attached = ATTACHMENT.test(heading.number);
    const level = headingLevel(doc, heading);
    const next = headings
      .slice(i + 1)
      .find((h) => (attached ? ATTACHMENT.test(h.number) : headingLevel(doc, h) <= level));
    return !next || segment.start < next.start;
  });
}

const ATTACHMENT = /^(?:appendix|annexure|annex|schedule|exhibit)\b/i;

const codeCache = new WeakMap<AnalyzedDocument, Array<[number, number]>>();

/** A segment inside a code block of its document (a block the segmenter split keeps its fences elsewhere). */
function inCode(segment: LocatedSegment, analysis: CorpusAnalysis | null): boolean {
  const doc = analysis?.byName.get(segment.document);
  if (!doc) return false;
  let spans = codeCache.get(doc);
  if (!spans) codeCache.set(doc, (spans = codeSpans(doc.text)));
  return spans.some(([start, end]) => segment.start >= start && segment.end <= end);
}

const labelCache = new WeakMap<AnalyzedDocument, Set<string>>();

/** The Markdown reference labels the segment's whole document defines (a definition often sits at its foot). */
function referenceLabelsOf(document: string, analysis: CorpusAnalysis | null): Set<string> {
  const doc = analysis?.byName.get(document);
  if (!doc) return new Set();
  let labels = labelCache.get(doc);
  if (!labels) labelCache.set(doc, (labels = markdownReferenceLabels(doc.text)));
  return labels;
}

function hitsIn(segments: LocatedSegment[], analysis: CorpusAnalysis | null = null): Hit[] {
  return segments
    .filter(
      (segment) =>
        !inUnwrittenSection(segment, analysis) &&
        !inTemplateSection(segment, analysis) &&
        !inCode(segment, analysis),
    )
    .flatMap((segment) =>
      findPlaceholders(segment.raw, {
        templateTags: !isTemplateSource(segment.document),
        referenceLabels: referenceLabelsOf(segment.document, analysis),
      }).map((placeholder) => ({
        segment,
        placeholder,
      })),
    );
}

function distinct(hits: Hit[]): string[] {
  return [...new Set(hits.map((h) => h.placeholder.text))];
}

/** Quotes: the first segment of each distinct placeholder, up to MAX_QUOTES. */
function quotesOf(hits: Hit[]) {
  const seen = new Set<LocatedSegment>();
  const texts = new Set<string>();
  for (const hit of hits) {
    if (texts.has(hit.placeholder.text) || seen.has(hit.segment)) continue;
    texts.add(hit.placeholder.text);
    seen.add(hit.segment);
  }
  return [...seen].slice(0, MAX_QUOTES).map((s) => quoteOf(s));
}

/** Where the placeholders stand, so the reader sees what is undecided: "ISP-C07 | Log review | TBC". */
function placesOf(hits: Hit[]): string {
  const segments = [...new Set(hits.map((h) => h.segment))].slice(0, MAX_QUOTES);
  return segments.map((s) => `"${s.text.replace(/\s+/g, ' ').trim().slice(0, 160)}"`).join('; ');
}

function valueIssue(document: string, hits: Hit[]): Issue | null {
  const values = hits.filter((h) => h.segment.document === document && h.placeholder.kind === 'value');
  if (values.length === 0) return null;
  const listed = distinct(values);
  const inRequirement = values.some((h) => isRequirementContext(h.segment.text));
  return {
    primitive: 'coverage_check',
    subject: `placeholder:${document}`,
    aspects: [`placeholder:${document}`],
    title: `Unresolved template placeholders in ${document}: ${listed.slice(0, 3).join(', ')}${listed.length > 3 ? ', ...' : ''}`,
    description:
      `${document} still carries ${values.length} template placeholder${values.length === 1 ? '' : 's'} where the organisation's own ` +
      `value belongs (${listed.slice(0, MAX_LISTED).join(', ')}${listed.length > MAX_LISTED ? ', ...' : ''}), in ${placesOf(values)}. ` +
      (inRequirement
        ? 'Requirements and contacts that depend on them are undefined: staff cannot follow them and an auditor cannot test them.'
        : 'The document reads as an unadopted template.'),
    rootCause: `${document} was adopted from a template without completing its placeholders.`,
    remediationScope: `Replace every placeholder in ${document} with the organisation's decided value (time limits, contacts, roles), and re-approve the document.`,
    remediationEffortHours: 2,
    severity: inRequirement ? 'medium' : 'low',
    confidence: 0.9,
    frameworks: [],
    quotes: quotesOf(values),
  };
}

function identityIssue(hits: Hit[]): Issue | null {
  const identity = hits.filter((h) => h.placeholder.kind === 'identity');
  if (identity.length === 0) return null;
  const documents = [...new Set(identity.map((h) => h.segment.document))];
  const listed = distinct(identity);
  // One quote per document, so every affected document is evidenced.
  const perDocument = documents.map((d) => identity.find((h) => h.segment.document === d)!);
  return {
    primitive: 'coverage_check',
    subject: IDENTITY_SUBJECT,
    aspects: [IDENTITY_SUBJECT],
    title: `The organisation's name is a template placeholder (${listed.slice(0, 2).join(', ')}) in ${documents.length} document${documents.length === 1 ? '' : 's'}`,
    description:
      `${listDocuments(documents.slice(0, 6))}${documents.length > 6 ? ` and ${documents.length - 6} more` : ''} name the organisation only by ` +
      `template placeholders (${listed.slice(0, MAX_LISTED).join(', ')}): the documents were never made the organisation's own, ` +
      'so it is unclear which entity they bind.',
    rootCause: 'The policy set was adopted from a template without completing its placeholders.',
    remediationScope:
      "Replace the placeholders with the organisation's legal and short names throughout the set.",
    remediationEffortHours: 1,
    severity: 'low',
    confidence: 0.9,
    frameworks: [],
    quotes: perDocument.slice(0, MAX_QUOTES).map((h) => quoteOf(h.segment)),
  };
}

function documentHits(doc: AnalyzedDocument, analysis: CorpusAnalysis): Hit[] {
  return hitsIn(doc.segments, analysis);
}

/** The first words of the first sentences holding placeholders, for retrieval. */
function contextOf(hits: Hit[]): string {
  const segments = [...new Set(hits.map((h) => h.segment))].slice(0, 2);
  return segments.map((s) => s.text.slice(0, 120)).join(' ');
}

function documentValues(hits: Hit[]): Hit[] {
  return hits.filter((h) => h.placeholder.kind === 'value');
}

export const placeholderCheck = defineCheck<PlaceholderParams>({
  id: 'placeholder',
  primitives: ['coverage_check'],
  list: 'elements',
  candidates({ analysis }) {
    const out: Array<Candidate<PlaceholderParams>> = [];
    const all: Hit[] = [];
    for (const doc of analysis.documents) {
      const hits = documentHits(doc, analysis);
      all.push(...hits);
      const issue = valueIssue(doc.name, hits);
      if (issue)
        out.push({
          key: issue.subject,
          primitive: 'coverage_check',
          label: `template placeholders in ${doc.name}`,
          documents: [doc.name],
          params: {
            document: doc.name,
            placeholders: distinct(documentValues(hits)),
            context: contextOf(documentValues(hits)),
          },
          signal: 0.85,
          severity: issue.severity,
        });
    }
    const identity = identityIssue(all);
    if (identity)
      out.push({
        key: IDENTITY_SUBJECT,
        primitive: 'coverage_check',
        label: "the organisation's name left as a template placeholder",
        documents: [...new Set(identity.quotes.map((q) => q.document))],
        params: {
          document: null,
          placeholders: distinct(all.filter((h) => h.placeholder.kind === 'identity')),
        },
        signal: 0.8,
        severity: 'low',
      });
    return out;
  },
  question(params, { documents }) {
    return {
      text: params.document
        ? `Does ${params.document} still carry template placeholders where its own values belong?`
        : `Do ${documents.join(', ')} name the organisation only by a template placeholder?`,
      query: [...params.placeholders.slice(0, 6), params.context ?? ''].join(' ').trim(),
    };
  },
  verdict(params, { analysis, segments }) {
    const hits = hitsIn(segments, analysis);
    const issue = params.document ? valueIssue(params.document, hits) : identityIssue(hits);
    // The placeholders of the document that the retrieval did not rank: fetch them by their words.
    const doc = params.document ? analysis.byName.get(params.document) : undefined;
    const visible = new Set(segments);
    const hints = doc
      ? documentHits(doc, analysis)
          .filter((h) => h.placeholder.kind === 'value' && !visible.has(h.segment))
          .slice(0, 3)
          .map((h) => ({ query: h.segment.text.slice(0, 200), document: doc.name }))
      : [];
    return { issues: issue ? [issue] : [], hints: issue ? [] : hints };
  },
});
