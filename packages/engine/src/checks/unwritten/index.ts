// coverage_check: documents and sections left unwritten (a heading and a claimed scope, no
// substance). One finding per document: the whole document when nothing of it is written, else
// its unwritten sections. High when the document claims framework controls or other documents rely
// on it by name.
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { listDocuments, quoteOf, type Issue, type IssueQuote } from '../../analyst/issue';
import type { Severity } from '../../types';
import { defineCheck, type Candidate } from '../check';
import { citedBy, claimedControls, documentName } from './claims';
import { unwrittenParts, type Span, type UnwrittenDocument, type UnwrittenPart } from './sections';

interface UnwrittenParams {
  document: string;
}

const MAX_QUOTES = 5;
const MAX_SHOWN = 4;

const cache = new WeakMap<AnalyzedDocument, UnwrittenDocument>();

/** The document's unwritten parts (computed once per analysis). */
export function unwrittenOf(doc: AnalyzedDocument): UnwrittenDocument {
  let found = cache.get(doc);
  if (!found) {
    found = unwrittenParts(doc.text);
    cache.set(doc, found);
  }
  return found;
}

/** The spans this family reports, which another family must not report again ("TBD" as a body). */
export function unwrittenSpans(doc: AnalyzedDocument): Span[] {
  return unwrittenOf(doc).parts.flatMap((p) => p.evidence);
}

function segmentsOver(doc: AnalyzedDocument, span: Span): LocatedSegment[] {
  return doc.segments.filter((s) => s.start < span.end && s.end > span.start);
}

function excerpt(doc: AnalyzedDocument, span: Span): string {
  const text = doc.text.slice(span.start, span.end).replace(/\s+/g, ' ').trim();
  return text.length > 140 ? `${text.slice(0, 137).replace(/\s+\S*$/, '')} ...` : text;
}

function describePart(doc: AnalyzedDocument, part: UnwrittenPart): string {
  const where = part.heading ? `"${part.heading}"` : 'the opening';
  const shown = part.evidence.slice(0, 2).map((e) => `"${excerpt(doc, e)}"`);
  switch (part.kind) {
    case 'stub':
      return `${where} reads only ${shown.join(' and ')}`;
    case 'instruction':
      return `${where} still carries the template's instruction to the author ${shown.join(' and ')}`;
    case 'empty-table':
      return `${where} is an empty table (column names and blank rows) although the text relies on it (${shown.slice(0, 1).join('')})`;
  }
}

function quotesOf(doc: AnalyzedDocument, parts: UnwrittenPart[]): IssueQuote[] {
  const seen = new Set<LocatedSegment>();
  const quotes: IssueQuote[] = [];
  for (const part of parts)
    for (const span of part.evidence.slice(0, 2))
      for (const segment of segmentsOver(doc, span).slice(0, 1)) {
        if (seen.has(segment) || quotes.length >= MAX_QUOTES) continue;
        seen.add(segment);
        quotes.push(quoteOf(segment));
      }
  return quotes;
}

/** The finding for one document, or null when it is written. */
export function unwrittenIssue(analysis: CorpusAnalysis, doc: AnalyzedDocument): Issue | null {
  const found = unwrittenOf(doc);
  if (found.parts.length === 0) return null;
  const quotes = quotesOf(doc, found.parts);
  if (quotes.length === 0) return null;
  const name = documentName(doc);
  const claims = claimedControls(doc.text);
  const reliedOn = found.whole ? citedBy(analysis, doc) : [];
  const listed = claims
    .slice(0, 6)
    .map((c) => c.id)
    .join(', ');
  const claimText = claims.length
    ? ` It claims ${claims.length} ${claims[0]!.framework} criteria or controls (${listed}${claims.length > 6 ? ', ...' : ''})${found.whole ? ', none of which it addresses' : ''}.`
    : '';
  const reliedText = reliedOn.length ? ` ${listDocuments(reliedOn.slice(0, 3))} rely on it by name.` : '';
  const onlyInline = found.parts.every((p) => p.kind === 'instruction') && !found.whole;
  const severity: Severity =
    found.whole && (claims.length > 0 || reliedOn.length > 0) ? 'high' : onlyInline ? 'low' : 'medium';
  const shown = found.parts.slice(0, MAX_SHOWN).map((p) => describePart(doc, p));
  const more = found.parts.length > MAX_SHOWN ? `; and ${found.parts.length - MAX_SHOWN} more` : '';
  const headings = found.parts.map((p) => p.heading).filter((h): h is string => h !== null);
  return {
    primitive: 'coverage_check',
    subject: `unwritten:${doc.name}`,
    aspects: [`unwritten:${doc.name}`],
    title: found.whole
      ? `${name} (${doc.name}) is unwritten: a heading with no content`
      : `Unwritten sections in ${name} (${doc.name}): ${headings.slice(0, 3).join(', ')}${headings.length > 3 ? ', ...' : ''}`,
    description:
      (found.whole
        ? `${name} (${doc.name}) has a title and a scope but nothing of its body is written: `
        : `Parts of ${name} (${doc.name}) were never written: `) +
      `${shown.join('; ')}${more}.${claimText}${reliedText} ` +
      'What the document should require is undefined: staff cannot follow it and an auditor cannot test it.',
    rootCause: `${name} was published from a template or outline before its content was written.`,
    remediationScope: `Write the missing content of ${doc.name} (or withdraw the document and the claims that point to it), and re-approve it.`,
    remediationEffortHours: found.whole ? 8 : 3,
    severity,
    confidence: 0.85,
    frameworks: [...new Set(claims.map((c) => c.framework))],
    quotes,
  };
}

export const unwrittenCheck = defineCheck<UnwrittenParams>({
  id: 'unwritten',
  primitives: ['coverage_check'],
  list: 'elements',
  candidates({ analysis }) {
    const out: Array<Candidate<UnwrittenParams>> = [];
    for (const doc of analysis.documents) {
      const issue = unwrittenIssue(analysis, doc);
      if (!issue) continue;
      out.push({
        key: issue.subject,
        primitive: 'coverage_check',
        label: `unwritten content in ${doc.name}`,
        documents: [doc.name],
        params: { document: doc.name },
        signal: 0.85,
        severity: issue.severity,
      });
    }
    return out;
  },
  question(params) {
    return {
      text: `Is any document or section of ${params.document} only a heading, a stub or the template's instructions, with no content?`,
      query: 'coming soon to be written later describe here list relevant appendix table',
    };
  },
  // Whether a document was written is a property of the whole document, as document control is.
  verdict(params, { analysis }) {
    const doc = analysis.byName.get(params.document);
    const issue = doc ? unwrittenIssue(analysis, doc) : null;
    return { issues: issue ? [issue] : [] };
  },
});
