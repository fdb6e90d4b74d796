// One pass over the snapshot that every analyst step reuses: each document's segments (with the
// chunk and page they fall in), its role in the document hierarchy, control dates, numbered
// headings, and the concept facts and standard citations of every segment. Built once per run.
import type { CorpusChunk, CorpusSnapshot } from '../corpus';
import type { Intake } from '../types';
import { splitSegments, type Segment } from '../text/sentences';
import { CONCEPTS, type ConceptDefinition } from './concepts';
import { extractDates, type FoundDate } from './dates';
import { inferRole, type DocumentRole } from './document-roles';
import { extractCounts, extractStrengths, extractTimeQuantities, type Quantity } from './quantities';
import { extractStandardCitations, type StandardCitation } from './standards';

export interface LocatedSegment extends Segment {
  docIndex: number;
  segIndex: number;
  document: string;
  chunkId: string | null;
  page: number | null;
}

export interface ConceptFact {
  concept: ConceptDefinition;
  scope: string | null;
  quantity: Quantity;
  segment: LocatedSegment;
}

export interface CitationFact {
  citation: StandardCitation;
  segment: LocatedSegment;
}

export interface Heading {
  number: string;
  title: string;
  start: number;
  end: number;
}

export interface AnalyzedDocument {
  index: number;
  name: string;
  extension: string;
  text: string;
  title: string;
  role: DocumentRole;
  segments: LocatedSegment[];
  headings: Heading[];
  dates: FoundDate[];
  lastReviewed: { date: FoundDate; start: number; end: number } | null;
  nextReview: { date: FoundDate; start: number; end: number } | null;
  /** Approval or effective date: the review baseline when no review is recorded. */
  approved: { date: FoundDate; start: number; end: number } | null;
  chunks: CorpusChunk[];
}

export interface CorpusAnalysis {
  snapshot: CorpusSnapshot;
  documents: AnalyzedDocument[];
  byName: Map<string, AnalyzedDocument>;
  facts: ConceptFact[];
  factsBySegment: Map<LocatedSegment, ConceptFact[]>;
  citations: CitationFact[];
  /** The newest document date not in the future: "now" as far as the corpus knows. */
  referenceDate: FoundDate | null;
}

function findChunk(chunks: CorpusChunk[], offset: number): CorpusChunk | null {
  let lo = 0;
  let hi = chunks.length - 1;
  let best: CorpusChunk | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const chunk = chunks[mid]!;
    if (chunk.startOffset <= offset) {
      best = chunk;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (best && offset < best.endOffset) return best;
  // Offsets between chunks (trimmed whitespace): the next chunk.
  return chunks.find((c) => c.startOffset >= offset) ?? best;
}

function pageAt(doc: CorpusSnapshot['documents'][number], offset: number): number | null {
  let page: number | null = null;
  for (const section of doc.sections) if (section.start <= offset) page = section.page;
  return page;
}

const HEADING_LINE = /^[ \t#]*(\d{1,3}(?:\.\d{1,3}){0,4})\.?[ \t]+([A-Z][^\n]{0,160})$/gm;
const APPENDIX_LINE =
  /^[ \t#]*((?:Appendix|Annex|Schedule|Exhibit)[ \t]+[A-Z0-9]{1,3})\b[:.]?[ \t]*([^\n]{0,160})$/gim;

export function extractHeadings(text: string): Heading[] {
  const out: Heading[] = [];
  for (const m of text.matchAll(HEADING_LINE)) {
    out.push({ number: m[1]!, title: m[2]!.trim(), start: m.index, end: m.index + m[0].length });
  }
  for (const m of text.matchAll(APPENDIX_LINE)) {
    out.push({
      number: m[1]!.replace(/\s+/g, ' ').toLowerCase(),
      title: m[2]!.trim(),
      start: m.index,
      end: m.index + m[0].length,
    });
  }
  return out.sort((a, b) => a.start - b.start);
}

const REVIEWED_FIELD =
  /\b(last[ \t]+review(?:ed)?(?:[ \t]+(?:date|on))?|reviewed[ \t]+on|(?<!next[ \t]+)review[ \t]+date|date[ \t]+(?:of[ \t]+)?last[ \t]+review)\b[^\n\w]{0,12}\n?[^\n\w]{0,40}/gi;
const NEXT_REVIEW_FIELD =
  /\b(next[ \t]+review(?:[ \t]+(?:date|due))?|review[ \t]+due(?:[ \t]+date)?|due[ \t]+for[ \t]+review)\b[^\n\w]{0,12}\n?[^\n\w]{0,40}/gi;

const APPROVED_FIELD =
  /\b(approv\w*(?:[ \t]+(?:on|date))?|date[ \t]+approved|effective(?:[ \t]+(?:date|from|on))?|issued(?:[ \t]+on)?|issue[ \t]+date)\b[^\n\w]{0,12}\n?[^\n\w]{0,40}/gi;

/** A document-control field and the date that follows it. */
function findField(text: string, field: RegExp): AnalyzedDocument['lastReviewed'] {
  for (const m of text.matchAll(field)) {
    const after = text.slice(m.index, m.index + m[0].length + 40);
    const date = extractDates(after)[0];
    if (!date) continue;
    const start = m.index;
    const end = m.index + date.index + date.phrase.length;
    return { date: { ...date, index: start + date.index }, start, end };
  }
  return null;
}

/** Dates that look ahead (expiry, renewal, next review) do not tell how recent the corpus is. */
const FORWARD_CONTEXT =
  /\b(expir\w*|renew\w*|until|through|due|deadline|next|target|valid to|ends?|by)\W*(?:date)?\W*$/i;

function documentTitle(text: string, name: string): string {
  for (const line of text.split('\n').slice(0, 8)) {
    const clean = line
      .replace(/^[#\s]+/, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (
      clean.length >= 4 &&
      clean.length <= 120 &&
      /[A-Za-z]/.test(clean) &&
      !/^(from|to|date|subject):/i.test(clean)
    )
      return clean;
  }
  return name.replace(/\.[a-z0-9]+$/i, '').replace(/[-_]+/g, ' ');
}

function isTableRow(text: string): boolean {
  return text.includes(' | ') || /^\|.*\|$/.test(text);
}

/** Scope of a concept statement: the first scope whose words appear, else null. */
export function scopeOf(concept: ConceptDefinition, text: string): string | null {
  for (const scope of concept.scopes ?? []) if (scope.pattern.test(text)) return scope.name;
  return null;
}

/** The concept facts one segment states. */
/**
 * The concept facts one segment states. `header` is the header row when the segment is a table
 * row: a retention schedule's "Retention period" column names the action its rows do not repeat.
 */
export function conceptFactsOf(segment: LocatedSegment, header: string | null = null): ConceptFact[] {
  const text = segment.text;
  if (text.length > 1500) return [];
  const probe = header ? `${header} ${text}` : text;
  const out: ConceptFact[] = [];
  let times: Quantity[] | null = null;
  let strengths: Quantity[] | null = null;
  for (const concept of CONCEPTS) {
    if (!concept.subject.test(text)) continue;
    if (concept.action && !concept.action.test(probe)) continue;
    if (concept.exclude?.test(text)) continue;
    let candidates: Quantity[];
    switch (concept.kind) {
      case 'period':
        times ??= extractTimeQuantities(text);
        candidates = times.filter((q) => q.kind === 'period');
        break;
      case 'duration':
        times ??= extractTimeQuantities(text);
        candidates = times.filter((q) => q.kind === 'duration');
        break;
      case 'strength':
        strengths ??= extractStrengths(text);
        candidates = strengths.filter(
          (q) =>
            !concept.strengthRange ||
            (q.value >= concept.strengthRange[0] && q.value <= concept.strengthRange[1]),
        );
        break;
      case 'count':
        candidates = concept.countUnit ? extractCounts(text, concept.countUnit) : [];
        break;
    }
    if (candidates.length === 0) continue;
    // The value nearest the concept's subject words is the one the sentence states for it.
    const anchor = text.search(concept.subject);
    const best = [...candidates].sort((a, b) => Math.abs(a.index - anchor) - Math.abs(b.index - anchor))[0]!;
    const scope = scopeOf(concept, text);
    if (concept.requireScope && scope === null) continue;
    out.push({ concept, scope, quantity: best, segment });
  }
  return out;
}

export function analyzeCorpus(snapshot: CorpusSnapshot, intake: Intake | null): CorpusAnalysis {
  const chunksByDoc = new Map<string, CorpusChunk[]>();
  for (const chunk of snapshot.chunks) {
    const list = chunksByDoc.get(chunk.document) ?? [];
    list.push(chunk);
    chunksByDoc.set(chunk.document, list);
  }
  for (const list of chunksByDoc.values()) list.sort((a, b) => a.startOffset - b.startOffset);

  const documents: AnalyzedDocument[] = [];
  const facts: ConceptFact[] = [];
  const factsBySegment = new Map<LocatedSegment, ConceptFact[]>();
  const citations: CitationFact[] = [];
  const now = Date.now();
  let referenceDate: FoundDate | null = null;

  snapshot.documents.forEach((doc, index) => {
    const chunks = chunksByDoc.get(doc.name) ?? [];
    const segments: LocatedSegment[] = splitSegments(doc.text).map((segment, segIndex) => {
      const chunk = findChunk(chunks, segment.start);
      return {
        ...segment,
        docIndex: index,
        segIndex,
        document: doc.name,
        chunkId: chunk?.id ?? null,
        page: chunk?.page ?? pageAt(doc, segment.start),
      };
    });
    const title = documentTitle(doc.text, doc.name);
    const dates = extractDates(doc.text);
    for (const date of dates) {
      if (date.time > now || FORWARD_CONTEXT.test(doc.text.slice(Math.max(0, date.index - 30), date.index)))
        continue;
      if (!referenceDate || date.time > referenceDate.time) referenceDate = date;
    }
    const analyzed: AnalyzedDocument = {
      index,
      name: doc.name,
      extension: doc.extension,
      text: doc.text,
      title,
      role: inferRole(doc.name, doc.extension, title, doc.text, intake?.doc_hierarchy ?? null),
      segments,
      headings: extractHeadings(doc.text),
      dates,
      lastReviewed: findField(doc.text, REVIEWED_FIELD),
      nextReview: findField(doc.text, NEXT_REVIEW_FIELD),
      approved: findField(doc.text.slice(0, 3000), APPROVED_FIELD),
      chunks,
    };
    documents.push(analyzed);
    let header: LocatedSegment | null = null;
    let previous: LocatedSegment | null = null;
    for (const segment of segments) {
      const row = isTableRow(segment.text);
      // A table's first row is its header; the rows that follow are read with it.
      if (row && !(previous && isTableRow(previous.text) && header)) header = segment;
      if (!row) header = null;
      previous = segment;
      const segmentFacts = conceptFactsOf(segment, row && header !== segment ? (header?.text ?? null) : null);
      if (segmentFacts.length > 0) {
        factsBySegment.set(segment, segmentFacts);
        facts.push(...segmentFacts);
      }
      for (const citation of extractStandardCitations(segment.text)) citations.push({ citation, segment });
    }
  });

  const analysis: CorpusAnalysis = {
    snapshot,
    documents,
    byName: new Map(documents.map((d) => [d.name, d])),
    facts,
    factsBySegment,
    citations,
    referenceDate,
  };
  // Task inputs carry the analysis for the local analyst; serialised (token estimates, prompts,
  // logs) it is only a summary, never the whole corpus.
  Object.defineProperty(analysis, 'toJSON', {
    enumerable: false,
    value: () => ({ documents: documents.length, facts: facts.length, citations: citations.length }),
  });
  return analysis;
}

/** Segments of the analysis that overlap the given chunks: what a question's retrieval "sees". */
export function segmentsWithin(
  analysis: CorpusAnalysis,
  chunks: Array<{ document: string; startOffset: number; endOffset: number }>,
): LocatedSegment[] {
  const out = new Set<LocatedSegment>();
  for (const chunk of chunks) {
    const doc = analysis.byName.get(chunk.document);
    if (!doc) continue;
    for (const segment of doc.segments) {
      if (segment.start < chunk.endOffset && segment.end > chunk.startOffset) out.add(segment);
    }
  }
  return [...out].sort((a, b) => a.docIndex - b.docIndex || a.segIndex - b.segIndex);
}
