// One pass over the snapshot that every analyst step reuses: each document's segments (with the
// chunk and page they fall in), its role in the document hierarchy, control dates, numbered
// headings, and the concept facts and standard citations of every segment. Built once per run.
import type { CorpusChunk, CorpusSnapshot } from '../corpus';
import type { Intake } from '../types';
import { fencedBlocks } from '../text/fences';
import { isTableRow, pipeCells } from '../text/table-cells';
import { COLUMN_RULE, splitSegments, type Segment } from '../text/sentences';
import { CONCEPTS, type ConceptDefinition } from './concepts';
import { dateOrderEvidence, extractDates, type DateOrder, type FoundDate } from './dates';
import { inferRole, type DocumentRole } from './document-roles';
import { keyedTableRows, type KeyedRow } from './keyed-rows';
import {
  extractCounts,
  extractStrengths,
  extractTimeQuantities,
  notesEarlierValue,
  type Quantity,
} from './quantities';
import { actionClassesIn, attachesToAction, requirementsOf } from './requirements';
import { withinRevisionHistory } from './revision-history';
import {
  extractStandardCitations,
  intakeScopedFamilies,
  scopeEarlierEditions,
  type StandardCitation,
} from './standards';
import { clauseAround, definedAbbreviations, topicOverlap, topicWords } from './topics';

export interface LocatedSegment extends Segment {
  docIndex: number;
  segIndex: number;
  document: string;
  chunkId: string | null;
  page: number | null;
  /** For a table row: what names its columns and its subject (set when the document is analysed). */
  frame?: RowFrame;
  /** The title of the numbered section it stands in (set when the document is analysed). */
  section?: string | null;
  /** Inside a diagram's source (a Mermaid or PlantUML block): node labels, not sentences. */
  diagram?: boolean;
  /** For a list item: the sentence ending in a colon that introduces the list ("It shall:"). */
  leadIn?: string;
}

/**
 * Fenced diagram sources ("```mermaid", "```plantuml", "```dot"): their node labels run together
 * ("High<br/>< 1 hr response<br/>< 24 hr resolution") and no sentence of them states a rule.
 */
const DIAGRAM_LANGUAGE = /^[ \t]*(?:mermaid|plantuml|puml|dot|graphviz|flowchart)\b/i;

function diagramSpans(text: string): Array<[number, number]> {
  return fencedBlocks(text)
    .filter((block) => DIAGRAM_LANGUAGE.test(block.info))
    .map((block) => [block.start, block.end]);
}

/**
 * Where a table row stands: its header row, the sentence that introduces its table, its section
 * heading and its document's subject. A row rarely names the action its values are for ("| Urgent
 * | 10 days |"); these do ("Roll out within", "Update deadlines", "Records Schedule").
 */
export interface RowFrame {
  header: string | null;
  caption: string | null;
  heading: string | null;
  title: string;
  /** A row split over lines, one cell per line: the cells before this one. */
  leading?: string;
  /**
   * All the cells before it on the split row ("DoD (DIBNet)", "Reportable Cyber Incident", "IR
   * Lead confirmation of reportability"): the nearest names the value, the others say what the row
   * is about.
   */
  leadingRow?: string;
  /**
   * A line that may be a row of a table laid out on the page (a PDF's table reaches us as lines,
   * cells parted by spaces): when it states a value without a verb, its subject is the text before
   * the value and its action comes from the heading and the document's subject.
   */
  laidOut?: true;
  /** For a keyed row of a PDF table put back together (keyed-rows.ts): its table's column names. */
  columns?: string | null;
}

export interface ConceptFact {
  concept: ConceptDefinition;
  scope: string | null;
  quantity: Quantity;
  segment: LocatedSegment;
  /** Key nouns of what the value is about (see topics.ts); empty when the statement names none. */
  topic: string[];
  /** Stated in a table (a row or a cell), not in running text. */
  tabular?: boolean;
}

/** What surrounds a segment: its section heading, and for a table cell split over lines the
 * short lines before it (a PDF table row's first cells). */
export interface SegmentContext {
  heading?: string | null;
  leading?: string | null;
  /** The column-name line of a table whose rows were split over lines. */
  tableHeader?: string | null;
  /** For a table row: the sentence that introduces its table ("The table below sets the maximum
   * time to patch"), which names the subject and action its rows leave out. */
  caption?: string | null;
  /** For a list item: the sentence ending in a colon that introduces the list. */
  leadIn?: string | null;
  /** The sentence after the segment ("This includes ..."). */
  nextSentence?: string | null;
  abbreviations?: Map<string, string>;
  /** The segment is a record of an evidence register (an account, an asset, a review line). */
  record?: boolean;
  /** The first cell of the segment's table row, read as a heading just above it (rowLabelAbove). */
  rowLabel?: string | null;
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
  /** How the document writes numeric dates (see dates.ts); null when nothing tells. */
  dateOrder: DateOrder | null;
  lastReviewed: { date: FoundDate; start: number; end: number } | null;
  nextReview: { date: FoundDate; start: number; end: number } | null;
  /** Approval or effective date: the review baseline when no review is recorded. */
  approved: { date: FoundDate; start: number; end: number } | null;
  /**
   * The newest date of the document's revision history or "last updated" field: when the document
   * last changed, whether or not anyone recorded a review.
   */
  lastRevised: { date: FoundDate; start: number; end: number } | null;
  chunks: CorpusChunk[];
}

/** The segment of a document that holds an offset of its text; null between segments. */
export function segmentAt(doc: AnalyzedDocument, offset: number): LocatedSegment | null {
  return doc.segments.find((s) => s.start <= offset && offset < s.end) ?? null;
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
  /**
   * The day of the audit (YYYY-MM-DD, from the snapshot's as-of): the set is what the organisation
   * follows on this day, so a law replaced or a product unsupported before it is outdated however
   * old the documents are.
   */
  auditDate: string;
  /** The frameworks the engagement's intake audits against, as written there. */
  frameworks: string[];
  /** Checks that failed on this corpus (a bug in a check costs its own findings, not the run's). */
  checkFailures: string[];
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

// A heading may be set in Markdown emphasis ("# **Appendix A – Retention Matrix**").
/**
 * A numbered heading line ("4.2 Access reviews"), also where a legal document names the part
 * before its number ("## Section 1.1 Name", "Clause 7 Termination", "Article 3. Members").
 */
const HEADING_LINE =
  /^[ \t#]*(?:[*_]{1,3}(?=\w))?(?:(?:Section|Clause|Article|Part)[ \t]+)?(\d{1,3}(?:\.\d{1,3}){0,4})\.?[ \t]+([A-Z][^\n]{0,160})$/gm;
const APPENDIX_LINE =
  /^[ \t#]*(?:[*_]{1,3}(?=\w))?((?:Appendix|Annexure|Annex|Schedule|Exhibit)[ \t]+[A-Z0-9]{1,3})\b[:.]?[ \t]*([^\n]{0,160})$/gim;

/** A heading's title without the dash that parts it from its number or the emphasis that closes it. */
const headingTitle = (raw: string) =>
  raw
    .trim()
    .replace(/^[–—:-][ \t]*/, '')
    .replace(/[ \t]*[*_]{1,3}$/, '');

export function extractHeadings(text: string): Heading[] {
  const out: Heading[] = [];
  for (const m of text.matchAll(HEADING_LINE)) {
    out.push({ number: m[1]!, title: headingTitle(m[2]!), start: m.index, end: m.index + m[0].length });
  }
  for (const m of text.matchAll(APPENDIX_LINE)) {
    // "Schedule 2 medicines are stored in the safe." is a sentence, not the heading of a schedule.
    if (/\.\s*$/.test(m[2]!) && m[2]!.trim().split(/\s+/).length > 6) continue;
    // "... the service credits set out in\nSchedule D (Service Level Credits).": a sentence wrapped
    // before its reference, not a heading.
    if (
      /\b(?:in|to|of|under|per|see|and|or|the|with|by|at|from|within)[ \t]*\r?\n[ \t]*$/i.test(
        text.slice(Math.max(0, m.index - 40), m.index),
      )
    )
      continue;
    out.push({
      number: m[1]!.replace(/\s+/g, ' ').toLowerCase(),
      title: headingTitle(m[2]!),
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

const LAST_CHANGED_FIELD =
  /\b(last[ \t]+(?:updated|modified|revised|changed)(?:[ \t]+on)?|updated[ \t]+on|revised[ \t]+on|revision[ \t]+date|date[ \t]+(?:of[ \t]+)?(?:last[ \t]+)?revision)\b[^\n\w]{0,12}\n?[^\n\w]{0,40}/gi;
/** The heading or field that opens a revision history (a table, a list, YAML). */
const REVISION_HISTORY =
  /\b(?:major[ \t]*revisions|revision[ \t]+(?:history|log|record)|change[ \t]+(?:history|log|record)|document[ \t]+history|version[ \t]+(?:history|control))\b/gi;
/** How far a revision history reaches after its heading. */
const REVISION_HISTORY_SPAN = 1200;

/** The newest date of a revision history or of a "last updated" field. */
function lastRevision(text: string, order: DateOrder | null): AnalyzedDocument['lastRevised'] {
  const found: NonNullable<AnalyzedDocument['lastRevised']>[] = [];
  const field = findField(text, LAST_CHANGED_FIELD, order);
  if (field) found.push(field);
  for (const m of text.matchAll(REVISION_HISTORY)) {
    for (const date of extractDates(text.slice(m.index, m.index + REVISION_HISTORY_SPAN), order)) {
      const start = m.index + date.index;
      found.push({ date: { ...date, index: start }, start, end: start + date.phrase.length });
    }
  }
  return found.reduce<AnalyzedDocument['lastRevised']>(
    (newest, f) => (newest === null || f.date.time > newest.date.time ? f : newest),
    null,
  );
}

/** A document-control field and the date that follows it. */
function findField(text: string, field: RegExp, order: DateOrder | null): AnalyzedDocument['lastReviewed'] {
  for (const m of text.matchAll(field)) {
    const after = text.slice(m.index, m.index + m[0].length + 40);
    const date = extractDates(after, order)[0];
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

/**
 * YAML front matter of a Markdown source (some generators drop its opening `---`): its `title:` or
 * `name:` field is the title.
 */
const FRONT_MATTER = /^(?:---\r?\n)?([A-Za-z_][\w-]*:[\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
const FRONT_MATTER_TITLE = /^(?:title|name)\s*:\s*["']?(.+?)["']?\s*$/im;

/**
 * A line that is a company's registered name: "Fenwick Aero Engineering Limited", "ACME PTY LTD",
 * perhaps with the page's marking ("STELLENBOSCH VINTNERS CO-OPERATIVE LTD - CONFIDENTIAL").
 */
const LEGAL_ENTITY =
  /^[A-Za-z&.,' -]{2,60}\b(?:limited|ltd\.?|plc|inc\.?|llc|llp|gmbh|pty|corporation|corp\.)(?:\s*[-–—|]\s*(?:strictly\s+)?(?:confidential|internal|restricted|public|official))?$/i;

/** One field of a running header: "Classification: Confidential", "Page 2 of 9", "Ref. X-14", a bare "Confidential". */
const RUNNING_HEADER_FIELD =
  /(?:^|\|\s*)(?:[A-Z][A-Za-z ]{2,24}:\s*\S|page \d+ of \d+|(?:confidential|internal|restricted|public|official)\s*(?:\||$))|\b(?:ref|no)\.\s*[A-Z0-9]/i;

/** A field that is a document's code alone: "SC-2026-0117", "CEF-CON-014". */
const DOCUMENT_CODE = /^[A-Z]{2,6}(?:-[A-Z0-9]{1,6}){1,3}$/;

function documentTitle(text: string, name: string): string {
  const frontMatter = FRONT_MATTER.exec(text);
  const fieldTitle = frontMatter ? FRONT_MATTER_TITLE.exec(frontMatter[1]!) : null;
  if (fieldTitle && /[A-Za-z]/.test(fieldTitle[1]!)) return fieldTitle[1]!.replace(/\s+/g, ' ').trim();
  const body = frontMatter ? text.slice(frontMatter[0].length) : text;
  const lines = body.split('\n').slice(0, 8);
  for (const [i, line] of lines.entries()) {
    const clean = line
      .replace(/^[#\s]+/, '')
      .replace(/\s+/g, ' ')
      .trim();
    // A letterhead ("TARRAWONG SUPERANNUATION LIMITED") names the organisation, not the document.
    if (LEGAL_ENTITY.test(clean) && lines.slice(i + 1).some((l) => /[A-Za-z]{4}/.test(l))) continue;
    // A running header of fields ("Agreement No. X | Classification: Confidential") files the
    // document; the title follows it.
    if (RUNNING_HEADER_FIELD.test(clean) && /\s\|\s/.test(clean)) continue;
    // So does a line of fields naming the document's code or a company ("SC-2026-0117 | Bayou
    // Surveys, LLC | No CUI").
    if (
      /\s\|\s/.test(clean) &&
      clean.split(/\s\|\s/).some((f) => LEGAL_ENTITY.test(f) || DOCUMENT_CODE.test(f))
    )
      continue;
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

/** The title of the Markdown heading ("### 3 - Low Severity") a position falls under. */
function markdownHeadingBefore(
  headings: Array<{ start: number; title: string }>,
  offset: number,
): string | null {
  let found: string | null = null;
  for (const h of headings) if (h.start < offset) found = h.title;
  return found;
}

/** The title of the numbered section a position falls in. */
/**
 * A numbered paragraph's first line ("5.3 Where an asset's operating system is past the vendor's
 * support end date, the OT" in a PDF) matches the heading pattern, and stays a numbered place a
 * reference may point to; but it titles nothing: the section a statement stands in is the last
 * heading before it that reads as a title (a few words, not a clause cut at the line's end).
 */
function readsAsTitle(heading: Heading): boolean {
  const words = heading.title.split(/\s+/).filter(Boolean);
  return (
    words.length <= 10 &&
    !/\b(?:the|a|an|of|to|and|or|that|with|by|for|in|on|is|are|be|shall|must|will|may)$/i.test(
      heading.title,
    ) &&
    !/^(?:Where|When|If|The|All|Each|Every|Any|No)\b.*\b(?:is|are|shall|must|will|may)\b/.test(heading.title)
  );
}

function headingBefore(headings: Heading[], offset: number): string | null {
  let found: Heading | null = null;
  for (const h of headings) if (h.start <= offset && readsAsTitle(h)) found = h;
  return found ? found.title : null;
}

/**
 * The heading of the same block as a segment (no blank line between): a PDF table row whose
 * first cell ("7 ICT system and security logs") was read as a numbered heading, the lines below it
 * its other cells. Null when the segment starts a block of its own.
 */
function rowLabelAbove(text: string, headings: Heading[], offset: number): string | null {
  let found: Heading | null = null;
  for (const h of headings) if (h.start <= offset) found = h;
  if (!found || found.end > offset || /\n[ \t]*\n/.test(text.slice(found.end, offset))) return null;
  return found.title;
}

/**
 * A value standing alone on a short line ("6 years after the contract ends") is a cell
 * of a table whose row was split over lines (PDF extraction): the short lines before it, back to
 * the previous value, name its row.
 */
function leadingCells(segments: LocatedSegment[], position: number): string | null {
  const own = segments[position]!.text;
  if (own.length > 90 || /\b(is|are|shall|must|will|be|we|has|have)\b/i.test(own)) return null;
  // The row's value cells come first or after one short cell ("Critical | 4 hours | 1 hour").
  const firstValue = extractTimeQuantities(own)[0];
  if (!firstValue || firstValue.index > 24) return null;
  const parts: string[] = [];
  for (let i = position - 1; i >= Math.max(0, position - 4); i -= 1) {
    const text = segments[i]!.text;
    // A PDF's cells wrapped over lines run together into one longer line ("Nigeria Data
    // Protection Commission (NDPC) Personal Data Breach likely to result in a risk to ..."); a
    // cell states nothing (no finite verb), a sentence does.
    if (
      text.length > 200 ||
      (text.length > 90 && /\b(?:is|are|was|were|shall|must|will|should|may)\b/i.test(text)) ||
      extractTimeQuantities(text).length > 0 ||
      /[.:]$/.test(text.trim())
    )
      break;
    // A numbered heading or the table's column names end the row.
    if (
      /^\s*\d+(?:\.\d+)*\.?\s+[A-Z]/.test(text) ||
      (i > 0 && /^\s*\d+(?:\.\d+)*\.?\s+[A-Z]/.test(segments[i - 1]!.text))
    )
      break;
    parts.unshift(text);
  }
  return parts.length > 0 ? parts.join(' ') : null;
}

/**
 * The cell that names a split row's value: the nearest line before it with words ("Critical", not
 * "9.0 - 10.0"); the lines further up may be the table's column names.
 */
function nearestCell(segments: LocatedSegment[], position: number, leading: string): string {
  for (let i = position - 1; i >= Math.max(0, position - 4); i -= 1) {
    const text = segments[i]!.text;
    if (/[A-Za-z]{3}/.test(text)) return leading.includes(text) ? text : leading;
  }
  return leading;
}

/** The sentence that introduces a split table: the nearest earlier one ending in a colon. */
function captionBefore(segments: LocatedSegment[], position: number): string | null {
  for (let i = position - 1; i >= Math.max(0, position - 20); i -= 1)
    if (/:\s*$/.test(segments[i]!.text)) return segments[i]!.text;
  return null;
}

/**
 * The column names of a split table: the first short line after the section heading, when it is
 * a list of names rather than a sentence ("System Tier Owner Restore target Site").
 */
function splitTableHeader(segments: LocatedSegment[], position: number, headings: Heading[]): string | null {
  const start = segments[position]!.start;
  let heading: Heading | null = null;
  for (const h of headings) if (h.start <= start) heading = h;
  if (!heading) return null;
  const first = segments.find((s) => s.start >= heading.end && s.start < start);
  if (!first || first.text.length > 120 || /[.:]$/.test(first.text.trim())) return null;
  if (/\b(is|are|shall|must|will|be|has|have)\b/i.test(first.text)) return null;
  if (extractTimeQuantities(first.text).length > 0) return null;
  return first.text;
}

/**
 * The sentence right above a table introduces it when it says so ("The following table lists ...",
 * "... as follows:"); a sentence that merely precedes a table may be about something else.
 */
function tableCaption(text: string, header: string): string | null {
  if (text.length > 400) return null;
  if (/:\s*$|\b(table|below|following|as follows)\b/i.test(text)) return text;
  // "The tier determines ... the reassessment frequency." over "| Tier | ... | Reassessment
  // frequency |": a sentence naming two of the columns introduces the table.
  const columns = new Set(header.toLowerCase().match(/[a-z]{4,}/g) ?? []);
  const shared = new Set((text.toLowerCase().match(/[a-z]{4,}/g) ?? []).filter((w) => columns.has(w)));
  return shared.size >= 2 ? text : null;
}

/**
 * A row with figures, as many cells (three or more) as the last header, with only a page's running
 * lines between it and the table's last row, continues that table over a page break: it is a
 * record of the table, not the header of a new one.
 */
function continuesTable(
  segment: LocatedSegment,
  lastRow: LocatedSegment | null,
  lastHeader: LocatedSegment | null,
): boolean {
  if (!lastHeader || !lastRow || segment.start - lastRow.end > PAGE_BREAK_GAP) return false;
  const cells = cellsOf(segment.text).length;
  return cells >= 3 && /\d/.test(segment.text) && cells === cellsOf(lastHeader.text).length;
}

/** The most text a page break puts between two rows of one table (footer, page number, header). */
const PAGE_BREAK_GAP = 300;

/** Whether the line holding an offset is indented up to it (a list item written without a marker). */
function indentedAt(text: string, offset: number): boolean {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return offset > lineStart && /^[ \t]+$/.test(text.slice(lineStart, offset));
}

const LIST_ITEM = /^\s*(?:[-*\u2022]\s|\(?(?:\d{1,2}|[a-z]|[ivx]{1,4})[.)]\s)/i;

const COLUMN_GAP = /\S(?: {2,}|\t+)\S/;
/** A date in a cell: "09/14/2026", "14.09.2026", "2026-09-14". */
const ROW_DATE = /\b(?:\d{1,2}[/.]\d{1,2}[/.]\d{4}|\d{4}-\d{2}-\d{2})\b/;

/**
 * A plain-text table laid out in fixed-width columns (a .txt schedule) reaches us as one segment.
 * Each of its rows becomes a segment of its own, cells joined by " | " as in other tables, so that
 * its values are read per row; indented lines without a value continue the row above (a wrapped
 * first cell). Fewer than two rows with values: not a table, the segment stays as it is.
 */
export function fixedWidthRows(segment: Segment, documentText: string): Segment[] {
  if (segment.raw.split('\n').some((line) => COLUMN_RULE.test(line)))
    return ruledTableRows(segment, documentText);
  const cellsOf = (raw: string) => raw.trim().split(/ {2,}|\t+/);
  // Cells are short and a row is no sentence (two spaces after a full stop are not a column gap).
  const rowLike = (raw: string) =>
    !/[.;:]\s*$/.test(raw.trim()) && cellsOf(raw).every((cell) => cell.length <= 80);
  // A row the sentence splitter cut off from its table: one line of three or more cells.
  if (!segment.raw.includes('\n')) {
    const cells = cellsOf(segment.raw);
    if (
      cells.length < 3 ||
      !rowLike(segment.raw) ||
      extractTimeQuantities(cells[cells.length - 1]!).length === 0
    )
      return [segment];
    return [{ ...segment, text: `| ${cells.join(' | ')} |` }];
  }
  const lines: Array<{ start: number; end: number; raw: string }> = [];
  let offset = segment.start;
  for (const raw of segment.raw.split('\n')) {
    lines.push({ start: offset, end: offset + raw.length, raw });
    offset += raw.length + 1;
  }
  // A value is a time (a schedule's periods) or a date (a register's or a report's rows).
  const hasValue = (raw: string) => extractTimeQuantities(raw).length > 0 || ROW_DATE.test(raw);
  const valueRows = lines.filter((l) => COLUMN_GAP.test(l.raw.trim()) && rowLike(l.raw) && hasValue(l.raw));
  const wideRow = valueRows.length === 1 && cellsOf(valueRows[0]!.raw).length >= 3;
  if (valueRows.length < 2 && !wideRow) return [segment];
  const cells = cellsOf;
  const rows: Array<{ start: number; end: number; cells: string[] }> = [];
  for (const line of lines) {
    const trimmed = line.raw.trim();
    if (trimmed === '' || /^[-=+| ]+$/.test(trimmed)) continue;
    const leadStart = line.start + (line.raw.length - line.raw.trimStart().length);
    const leadEnd = line.start + line.raw.trimEnd().length;
    const previous = rows[rows.length - 1];
    const continuation =
      previous && !COLUMN_GAP.test(trimmed) && !hasValue(trimmed) && /^\s{2,}/.test(line.raw);
    if (continuation) {
      previous.cells[0] = `${previous.cells[0]} ${trimmed}`;
      previous.end = leadEnd;
    } else rows.push({ start: leadStart, end: leadEnd, cells: cells(line.raw) });
  }
  return rows.map((row) => ({
    start: row.start,
    end: row.end,
    raw: documentText.slice(row.start, row.end),
    text: row.cells.length > 1 ? `| ${row.cells.join(' | ')} |` : row.cells[0]!,
  }));
}

/**
 * A plain-text table with a rule under its column names ("Recipient   When" over "-----  -----"):
 * the rule's runs of dashes give each column's place on the line, so cells wrapped over several
 * lines in every column are put back together. A row starts at a line whose first column holds
 * text that does not start in lower case, and that states a value of its own or whose cells all
 * start as a cell does ("breach report form)" and "are affected: not later than 60" continue the
 * row above; "Stability study raw data | study close | 8 years" is a row). Lines above the column
 * names stay as they were; the column names become the table's header row.
 */
function ruledTableRows(segment: Segment, documentText: string): Segment[] {
  const lines: Array<{ start: number; raw: string }> = [];
  let offset = segment.start;
  for (const raw of segment.raw.split('\n')) {
    lines.push({ start: offset, raw });
    offset += raw.length + 1;
  }
  const ruleAt = lines.findIndex((l) => COLUMN_RULE.test(l.raw));
  // The rule's column starts are offsets in its line; the other lines of the block start at the
  // same column of the page, which the first line's offset (after trimming) does not show.
  const lineStartOf = (start: number) => documentText.lastIndexOf('\n', start - 1) + 1;
  const columns = [...lines[ruleAt]!.raw.matchAll(/[-=]{3,}/g)].map(
    (m) => m.index! + (lines[ruleAt]!.start - lineStartOf(lines[ruleAt]!.start)),
  );
  const cellsAt = (line: { start: number; raw: string }) => {
    const full = documentText.slice(lineStartOf(line.start), line.start + line.raw.length);
    return columns.map((from, i) => full.slice(from, columns[i + 1] ?? full.length).trim());
  };
  const rows: Array<{ start: number; end: number; cells: string[] }> = [];
  const rowOf = (line: { start: number; raw: string }) => ({
    start: line.start + (line.raw.length - line.raw.trimStart().length),
    end: line.start + line.raw.trimEnd().length,
    cells: cellsAt(line),
  });
  const before = lines.slice(0, Math.max(0, ruleAt - 1)).filter((l) => l.raw.trim() !== '');
  if (ruleAt >= 1) rows.push(rowOf(lines[ruleAt - 1]!));
  for (const line of lines.slice(ruleAt + 1)) {
    if (line.raw.trim() === '' || COLUMN_RULE.test(line.raw)) continue;
    const cells = cellsAt(line);
    const previous = rows[rows.length - 1];
    const startsRow =
      cells[0] !== '' &&
      !/^[a-z(]/.test(cells[0]!) &&
      (extractTimeQuantities(line.raw).length > 0 || cells.every((c) => c === '' || !/^[a-z(]/.test(c)));
    if (previous && (rows.length > 1 || ruleAt === 0) && !startsRow) {
      cells.forEach((cell, i) => {
        if (cell) previous.cells[i] = `${previous.cells[i] ?? ''} ${cell}`.trim();
      });
      previous.end = line.start + line.raw.trimEnd().length;
    } else rows.push(rowOf(line));
  }
  const head: Segment[] = before.length
    ? [
        {
          start: before[0]!.start,
          end: before.at(-1)!.start + before.at(-1)!.raw.length,
          raw: documentText.slice(before[0]!.start, before.at(-1)!.start + before.at(-1)!.raw.length),
          text: before.map((l) => l.raw.trim()).join(' '),
        },
      ]
    : [];
  return [
    ...head,
    ...rows.map((row) => ({
      start: row.start,
      end: row.end,
      raw: documentText.slice(row.start, row.end),
      text: `| ${row.cells.map((c) => c || '-').join(' | ')} |`,
    })),
  ];
}

const cellsOf = (row: string) =>
  row
    .split('|')
    .map((c) => c.trim())
    .filter((c) => c.length > 0);

/**
 * A sheet often opens with key-value rows ("Document | Access Register", "Owner | CISO") above its
 * table: a row of labels only (no figures, no dates) with more cells than the header so far is the
 * table's own header ("Account ID | Holder | Status | HR exit date | ...").
 */
function widerHeader(text: string, header: LocatedSegment | null): boolean {
  if (!header) return false;
  const cells = cellsOf(text);
  return (
    cells.length >= 4 &&
    cells.length > cellsOf(header.text).length + 1 &&
    cells.every((c) => !/\d/.test(c) || /^[A-Za-z]+\d?$/.test(c))
  );
}

const MARKDOWN_TABLE_RULE = /^\|?(?:\s*:?-{3,}:?\s*\|)+\s*(?::?-{3,}:?\s*)?$/;

/** A segment that is a row of a table (see text/table-cells.ts), for the checks that read the analysis. */
export { isTableRow };

/** The label of a table row: its first cell without a gloss ("| Tier 1 — Critical | ..." names "Tier 1"). */
export function tableRowLabel(text: string): string {
  return (text.replace(/^\s*\|/, '').split('|')[0] ?? '').split(/\s[—–-]\s|\(/)[0]!.trim();
}

/** Scope of a concept statement: the first scope whose words appear, else null. */
export function scopeOf(concept: ConceptDefinition, text: string): string | null {
  for (const scope of concept.scopes ?? []) {
    const found = scope.pattern.exec(text);
    // "User access ..., including all privileged accounts, is reviewed quarterly": the scope is
    // named as part of a wider subject, so the statement is the general one.
    if (found && !INCLUDED.test(text.slice(Math.max(0, found.index - 20), found.index))) return scope.name;
  }
  return null;
}

const INCLUDED = /\bincluding\s+(?:all\s+|any\s+|the\s+)?$/i;

/**
 * The scope of a statement: its own words first; a list item takes the actor from the sentence
 * that introduces the list ("... require the business associate to: 3. report any incident within
 * ten days"); "this plan is exercised twice a year" is about the document it stands in.
 */
function scopeOfStatement(
  concept: ConceptDefinition,
  text: string,
  documentName: string,
  leadIn: string | null,
): string | null {
  // The scopes are listed in order of precedence (the party bound comes first), so the lead-in's
  // actor wins over a population merely mentioned in the item.
  const own = scopeOf(concept, leadIn ? `${leadIn} ${text}` : text);
  if (own !== null) return own;
  if (/\bth(?:is|e present) (?:plan|policy|procedure|standard|document|programme|program)\b/i.test(text))
    return scopeOf(concept, documentSubject(documentName));
  return null;
}

/**
 * The concept facts one segment states. `header` is the header row when the segment is a table
 * row: a retention schedule's "Retention period" column names the action its rows do not repeat.
 */
/**
 * The sentence's own grammar says what the value is done to ("restore tests are run quarterly":
 * test; "risk indicators are reported monthly": notify): a value whose clause names none of the
 * concept's actions, as verb or as noun ("monthly" reporting is no backup frequency), is not the
 * concept's. Unknown (no action found, a long sentence, a table row) keeps the value.
 */
function actionFits(concept: ConceptDefinition, segment: LocatedSegment, quantity: Quantity): boolean {
  if (!concept.actions) return true;
  const requirement = requirementsOf(segment).find((r) => r.quantity.phrase === quantity.phrase);
  if (!requirement || attachesToAction(requirement, concept.actions)) return true;
  // A table row names its control in its first cells ("| TR-03 | Privileged access review | Head
  // of IT; approved by CISO | Semi-annual |"), or its table's heading and caption do ("Regulatory
  // and External Notification" over "| NDPC | Personal Data Breach ... | Within five (5) working
  // days of the breach being confirmed |"): a verb in another cell is not what the value is of.
  if (!isTableRow(segment.text)) return false;
  const named = [
    ...pipeCells(segment.text).slice(0, 2),
    segment.frame?.heading ?? '',
    segment.frame?.caption ?? '',
  ];
  const control = actionClassesIn(named.join(' . '));
  return concept.actions.some((action) => control.has(action));
}

/**
 * A short list item that opens with a label ("a) Standard user accounts: a minimum of 12
 * characters."): under a heading that names the subject ("Password length and composition"), the
 * item states that subject's value for the labelled scope.
 */
function labelledItem(text: string): boolean {
  return text.length < 200 && /^\s*(?:[-*\u2022]|\(?[a-z\d]{1,3}[.)])\s+[^:.;]{3,60}:\s/i.test(text);
}

/** A length of notice given ahead ("thirty (30) days' written notice", "60 days' prior notice"). */
function noticePeriod(text: string, q: Quantity): boolean {
  return /^['’]?s?\s+(?:(?:prior|advance|written)\s+){0,2}notice\b/i.test(
    text.slice(q.index + q.phrase.length),
  );
}

/** An ordinal day of a month or quarter: "Monthly, by the 10th business day", "... of the following month". */
function dayOfCycle(text: string, q: Quantity): boolean {
  if (
    !/\b\d{1,3}(?:st|nd|rd|th)\b|\b(?:first|second|third|fifth|tenth|fifteenth|twentieth)\b/i.test(q.phrase)
  )
    return false;
  const before = text.slice(Math.max(0, q.index - 40), q.index);
  const after = text.slice(q.index + q.phrase.length, q.index + q.phrase.length + 50);
  return (
    /\b(?:monthly|quarterly|each month|every month)\b/i.test(before) ||
    /^\s*(?:of|after the end of)\s+(?:the|each|every)\s+(?:following\s+|next\s+)?(?:calendar\s+)?(?:month|quarter)\b/i.test(
      after,
    )
  );
}

/** A cell that opens with its value ("90 days Date of log entry", "8 years"). */
const BARE_VALUE_CELL = /^\s*\d+\s+(?:days?|weeks?|months?|years?)\b(?![^.;]{60})/i;

export function conceptFactsOf(
  segment: LocatedSegment,
  header: string | null = null,
  context: SegmentContext = {},
): ConceptFact[] {
  const text = segment.text;
  if (text.length > 1500) return [];
  const row = header !== null || isTableRow(text);
  const columns = header ?? (context.leading ? (context.tableHeader ?? null) : null);
  // A row split over lines keeps its first cells ("Full response | 30 working days") apart; with
  // several values in the row and no column names, which value is whose cannot be told.
  const singleValue = extractTimeQuantities(text).length === 1;
  const rowText = context.leading && singleValue ? `${context.leading} ${text}` : text;
  const probe = columns ? `${columns} ${rowText}` : rowText;
  const out: ConceptFact[] = [];
  let times: Quantity[] | null = null;
  let strengths: Quantity[] | null = null;
  // A bare value cell of a schedule whose rows were read as headings ("7 ICT system and security
  // logs" above "90 days Date of log entry"): the row label names its subject, and a document
  // named for the action ("Record Retention Schedule") states that action for every row.
  const bareCell = Boolean(context.rowLabel) && BARE_VALUE_CELL.test(text);
  const cellContext = bareCell ? `${context.rowLabel} ${documentSubject(segment.document)}` : '';
  for (const concept of CONCEPTS) {
    const withHeading = bareCell
      ? `${cellContext} ${probe}`
      : concept.actionInHeading && context.heading
        ? `${context.heading} ${probe}`
        : probe;
    // A table row names its subject in the header ("Key type") or its first cells; the heading and
    // caption above the table may name both subject and action for all its rows.
    const tableContext = row && context.caption ? `${context.heading ?? ''} ${context.caption}` : '';
    const subjectText =
      row || context.leading || bareCell
        ? `${tableContext} ${withHeading}`
        : labelledItem(text) && context.heading
          ? `${context.heading} ${text}`
          : text;
    if (!concept.subject.test(subjectText)) continue;
    const actionText = concept.actionInHeading || bareCell ? withHeading : probe;
    if (concept.action && !concept.action.test(`${tableContext} ${actionText}`)) continue;
    if (concept.exclude?.test(text)) continue;
    let candidates: Quantity[];
    switch (concept.kind) {
      case 'period':
        times ??= extractTimeQuantities(text);
        candidates = times.filter((q) => q.kind === 'period');
        if (candidates.length === 0 && concept.durationsAsPeriods)
          candidates = times.filter((q) => q.kind === 'duration' && q.bound === 'exact' && q.value >= 1);
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
    // "loss of access for more than two hours" is a trigger, not the rule's value (a retention
    // "for more than 7 years" still is one).
    if (!concept.id.includes('retention')) candidates = candidates.filter((q) => !isThreshold(text, q));
    // "on at least thirty (30) days' written notice" is how far ahead a party is told, not a time
    // to act within.
    if (concept.kind === 'duration') candidates = candidates.filter((q) => !noticePeriod(text, q));
    // "Service report | Monthly, by the 10th business day", "by the 5th Business Day of the
    // following month": a day of a reporting cycle, not a time after the event.
    if (concept.kind === 'duration' && concept.actions?.includes('notify'))
      candidates = candidates.filter((q) => !dayOfCycle(text, q));
    if (concept.maxDays) candidates = candidates.filter((q) => q.value < concept.maxDays!);
    // "daily backups; last restore test in July": a frequency belongs to the action of its own
    // clause, not to an action named in another clause of the sentence.
    if (concept.kind === 'period' && concept.action && !row)
      candidates = candidates.filter((q) => inActionClause(text, q, concept.action!));
    // "notify the Client within five (5) Business Days ..., and shall respond to the request
    // within the time required by law": a time to act is the deadline of its own clause's verb.
    if (concept.kind === 'duration' && concept.valueIsLimit && concept.action && !row)
      candidates = candidates.filter((q) => inActionClause(text, q, concept.action!));
    // A keyed row's later value in brackets notes its value ("6 years (13 months online)").
    if (segment.frame?.columns)
      candidates = candidates.filter((q) => !notesEarlierValue(text, q, candidates));
    if (candidates.length === 0) continue;
    // In a table, the value under the column that names the action ("Total retention", not
    // "Online") is the rule's value.
    if (header && concept.action) {
      const underAction = candidates.filter((q) => columnNamesAction(header, text, q, concept));
      if (underAction.length > 0) candidates = underAction;
    }
    // The value nearest the action ("retained for twelve months, the most recent three months
    // online": twelve months) or else the subject is the one the sentence states for it.
    const actionAt = concept.action ? text.search(concept.action) : -1;
    const anchor = actionAt >= 0 ? actionAt : Math.max(0, text.search(concept.subject));
    const column = columns ? columnRank(columns, concept) : null;
    const best =
      column !== null && column < candidates.length
        ? candidates[column]!
        : [...candidates].sort((a, b) => Math.abs(a.index - anchor) - Math.abs(b.index - anchor))[0]!;
    if (
      header &&
      concept.action &&
      !concept.action.test(text) &&
      !concept.action.test(tableContext) &&
      !columnNamesAction(header, text, best, concept)
    )
      continue;
    if (!actionFits(concept, segment, best)) continue;
    // A register's row is a record, its cells its attributes: a value is the concept's only when
    // its own cell or its column names the concept's subject ("Password rotated 10/03/2026
    // (annual)" on the row of a "SQL backup jobs" account is no backup frequency; "auto-disabled
    // after 60 days without log-in" is no leaver's deadline).
    if (context.record && header && !cellNamesConcept(header, text, best, concept)) continue;
    const scope = scopeOfStatement(concept, text, segment.document, context.leadIn ?? null);
    if (concept.requireScope && scope === null) continue;
    const topic = bareCell
      ? rowLabelTopic(concept, context)
      : topicOf(concept, text, best, row, context, documentSubject(segment.document));
    if (concept.requireTopic && topic.length === 0) continue;
    out.push({ concept, scope, quantity: best, segment, topic, tabular: row || Boolean(context.leading) });
  }
  return out;
}

/**
 * Which of a row's values belongs to the concept: a header "Service | RTO | RPO" names its value
 * columns in order, so the RTO is the row's first value and the RPO its second. Null when the
 * header names no value column of this concept.
 */
function columnRank(header: string, concept: ConceptDefinition): number | null {
  const own = header.search(concept.subject);
  if (own < 0) return null;
  const positions = new Set<number>();
  for (const other of CONCEPTS) {
    if (other.kind !== concept.kind && !(isTimeKind(other.kind) && isTimeKind(concept.kind))) continue;
    const at = header.search(other.subject);
    if (at >= 0) positions.add(at);
  }
  if (positions.size < 2) return null;
  return [...positions].sort((a, b) => a - b).indexOf(own);
}

function isTimeKind(kind: ConceptDefinition['kind']): boolean {
  return kind === 'period' || kind === 'duration';
}

/**
 * A table row takes its action from the header of its value's column: in "| Severity |
 * Acknowledge within | Escalate to |" the times are acknowledgement times, not escalation times.
 */
function columnNamesAction(
  header: string,
  row: string,
  quantity: Quantity,
  concept: ConceptDefinition,
): boolean {
  return concept.action!.test(valueColumn(header, row, quantity).name);
}

/** A register's value belongs to the concept whose subject its own cell or its column names. */
function cellNamesConcept(
  header: string,
  row: string,
  quantity: Quantity,
  concept: ConceptDefinition,
): boolean {
  const { cell, name } = valueColumn(header, row, quantity);
  return [cell, name].some((t) => concept.subject.test(t));
}

/** The cell of a table row that holds a value, and the name its column has in the header. */
export function valueColumn(
  header: string,
  row: string,
  quantity: Pick<Quantity, 'index'>,
): { cell: string; name: string } {
  const column = (row.slice(0, quantity.index).match(/\|/g) ?? []).length;
  return { cell: row.split('|')[column] ?? '', name: header.split('|')[column] ?? '' };
}

/** The value stands in the same clause as one of the action's words. */
function inActionClause(text: string, quantity: Quantity, action: RegExp): boolean {
  const clause = clauseAround(text, quantity.index, quantity.phrase.length);
  // "..., and shall respond to the request within the time required": a second predicate with its
  // own modal verb is a clause of its own.
  const start = text.indexOf(clause, Math.max(0, quantity.index - clause.length));
  const within = quantity.index - start;
  let from = 0;
  for (const part of clause.split(/(?<=,\s+and\s+)(?=(?:shall|must|will|should|may)\b)/i)) {
    if (within < from + part.length) return action.test(part);
    from += part.length;
  }
  return action.test(clause);
}

/** A value written as a trigger threshold: "more than two hours", "exceeding 30 days". */
function isThreshold(text: string, quantity: Quantity): boolean {
  const before = text.slice(Math.max(0, quantity.index - 30), quantity.index).toLowerCase();
  return (
    /(?:more|longer|greater) than\s*$|exceed(?:s|ing)?\s*$|in excess of\s*$|\bover\s*$/.test(before) &&
    !/\b(?:no|not)\s+(?:more|longer|greater) than\s*$|\bnot\s+exceed(?:ing)?\s*$/.test(before)
  );
}

/**
 * The text with the concept's subject and action phrases blanked out; only short phrases, since a
 * pattern with a gap ("restoration of the LIMS within") also spans the thing it is about.
 */
function withoutConceptWords(text: string, concept: ConceptDefinition): string {
  const blank = (t: string, pattern: RegExp) =>
    t.replace(new RegExp(pattern.source, 'gi'), (m) => (m.trim().split(/\s+/).length <= 3 ? ' ' : m));
  const out = blank(text, concept.subject);
  return concept.action ? blank(out, concept.action) : out;
}

/** The cells of a table row that come before the value's cell: the row's subject. */
function rowSubject(text: string, valueIndex: number): string {
  const cells = text.slice(0, valueIndex).split('|');
  cells.pop();
  // Identifier cells ("R01", "4.2") say nothing about the subject.
  return cells.filter((c) => !/^\s*(?:[A-Z]{0,3}[-.]?\d[\d.]*)?\s*$/.test(c)).join(' ');
}

/** The sentence after a value's sentence when it enumerates what the rule covers. */
function coveredItems(text: string, valueIndex: number): string {
  const rest = text.slice(valueIndex);
  const end = rest.search(/[.;!?](?:\s|$)/);
  if (end < 0) return '';
  const next = rest.slice(end + 1).trimStart();
  const m =
    /^(?:this|these|that|it|they|the rule|the period)\s+(?:also\s+)?(?:includes?|covers?|appl(?:y|ies) to|means?)\b([^.;!?]*)/i.exec(
      next,
    );
  return m ? m[1]! : '';
}

/** The words of a file name: "Workstation-Secure-Baseline.docx" -> "Workstation Secure Baseline". */
export function documentSubject(name: string): string {
  return name.replace(/\.[A-Za-z0-9]+$/, '').replace(/[-_.]+/g, ' ');
}

/** What a bare value cell is about: the key nouns of its row's label. */
function rowLabelTopic(concept: ConceptDefinition, context: SegmentContext): string[] {
  const own = (w: string) => concept.subject.test(w) || (concept.action?.test(w) ?? false);
  const label = (context.rowLabel ?? '').replace(/\s*\([^()]*\)/g, ' ');
  return topicWords(withoutConceptWords(label, concept), context.abbreviations).filter((w) => !own(w));
}

/** Key nouns of what the statement's value is about, without the concept's own vocabulary. */
function topicOf(
  concept: ConceptDefinition,
  text: string,
  quantity: Quantity,
  row: boolean,
  context: SegmentContext,
  documentName: string | null = null,
): string[] {
  const plain = text.replace(/\*\*/g, '  ');
  // A row's subject cell may explain itself in brackets ("Security surveillance video recordings
  // (fixed cameras at Authority facilities)"): the thing is named before them.
  let span =
    row && text.includes('|')
      ? rowSubject(plain, quantity.index).replace(/\s*\([^()|]*\)/g, ' ')
      : clauseAround(plain, quantity.index, quantity.phrase.length);
  if (context.leading) span = `${context.leading} ${span}`;
  // "a) Standard user accounts: a minimum of 12 characters": the label names what the value is for.
  else if (!row && labelledItem(text)) span = `${text.slice(0, text.indexOf(':'))} ${span}`;
  // "... are retained ten years. This includes inspection records and test reports": the next
  // sentence lists what the rule covers.
  if (!row) span = `${span} ${coveredItems(`${plain} ${context.nextSentence ?? ''}`, quantity.index)}`;
  // The concept's own words ("penetration tests", "audit trails", "retained") name the rule, not
  // the thing it is about.
  const own = (w: string) => concept.subject.test(w) || (concept.action?.test(w) ?? false);
  const keyNouns = (t: string) =>
    topicWords(withoutConceptWords(t, concept), context.abbreviations).filter((w) => !own(w));
  const words = keyNouns(span);
  if (words.length > 1) return words;
  // "Footage is kept for 14 days" under the heading "Body cameras": the heading names the thing;
  // a bare setting ("Idle lock: 900 seconds") in a document named for what it
  // configures ("Workstation Baseline") is about that thing. A statement naming nothing at all
  // stays general (it applies to everything the document covers).
  const around = [context.heading, words.length === 1 ? documentName : null].filter((t): t is string =>
    Boolean(t),
  );
  return [...new Set([...words, ...around.flatMap((t) => keyNouns(t))])];
}

/**
 * Words found in most documents (the organisation's name, "security", "personal") say nothing
 * about which thing a statement is about; only words particular to a few documents align topics.
 */
function dropCommonTopicWords(facts: ConceptFact[], documents: AnalyzedDocument[]): void {
  if (documents.length < 4) return;
  const frequency = new Map<string, number>();
  for (const doc of documents)
    for (const word of topicWords(doc.text)) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  const limit = documents.length * 0.7;
  for (const fact of facts) fact.topic = fact.topic.filter((w) => (frequency.get(w) ?? 0) < limit);
}

/**
 * Facts of topic concepts get their topic cluster as scope: statements whose key nouns mostly
 * overlap speak about one thing and are compared; all others are kept apart.
 */
function clusterTopics(facts: ConceptFact[]): void {
  const byConcept = new Map<string, ConceptFact[]>();
  for (const f of facts) {
    if (!f.concept.requireTopic) continue;
    byConcept.set(f.concept.id, [...(byConcept.get(f.concept.id) ?? []), f]);
  }
  for (const list of byConcept.values()) {
    const clusters: ConceptFact[][] = [];
    for (const fact of list) {
      const home = clusters.find((c) =>
        c.some((o) => sameTopic(o.topic, fact.topic) || sameRowSubject(o, fact)),
      );
      if (home) home.push(fact);
      else clusters.push([fact]);
    }
    for (const cluster of clusters) {
      const label = topicLabel(cluster);
      for (const f of cluster) f.scope = label;
    }
  }
}

/**
 * The words of a row's label: its first cell that names something, past a reference ("R-04",
 * "3.1"). Read once per segment: every pair of facts compared asks for it.
 */
function rowLabelWords(segment: LocatedSegment): string | null {
  if (rowLabels.has(segment)) return rowLabels.get(segment)!;
  const cell = pipeCells(segment.text).find(
    (c) => /[A-Za-z]{3,}/.test(c) && !/^[A-Z]{1,5}[-. ]?\d[\w.-]*$/.test(c),
  );
  const words = cell ? topicWords(cell) : [];
  const label = words.length > 0 ? [...words].sort().join(' ') : null;
  rowLabels.set(segment, label);
  return label;
}

const rowLabels = new WeakMap<LocatedSegment, string | null>();

/**
 * Two table rows labelled alike ("Call recordings" in a retention schedule and in a contract's data
 * schedule) are about one thing, whatever their other cells say (what the records are for, where
 * they are kept): the words those cells add would keep their topics apart.
 */
export function sameRowSubject(a: ConceptFact, b: ConceptFact): boolean {
  if (!a.tabular || !b.tabular || !isTableRow(a.segment.text) || !isTableRow(b.segment.text)) return false;
  const label = rowLabelWords(a.segment);
  return label !== null && label === rowLabelWords(b.segment);
}

/** Two topics name the same thing: at least half of the smaller one is in the larger. */
export function sameTopic(a: string[], b: string[]): boolean {
  const overlap = topicOverlap(a, b);
  const shared = a.filter((w) => b.includes(w)).length;
  return overlap >= 0.5 && shared >= 1;
}

/** The words most of a cluster's statements share, in the order they are written. */
function topicLabel(cluster: ConceptFact[]): string {
  const counts = new Map<string, number>();
  for (const f of cluster) for (const w of f.topic) counts.set(w, (counts.get(w) ?? 0) + 1);
  const top = Math.max(...counts.values());
  const words = cluster[0]!.topic.filter((w) => (counts.get(w) ?? 0) >= Math.max(1, top - 1)).slice(0, 3);
  return words.length > 0 ? words.join(' ') : cluster[0]!.topic.slice(0, 3).join(' ');
}

/**
 * Each document's date order, from the strongest evidence there is: its own unambiguous numeric
 * dates; else the corpus's, when every document that has such dates agrees (a set written in one
 * office); else how it writes dates in words; else the corpus's words, when they agree and no
 * document's numeric dates contradict them; else unknown, and its ambiguous dates go unread.
 */
function documentDateOrders(texts: string[]): Array<DateOrder | null> {
  const evidence = texts.map((text) => dateOrderEvidence(text));
  const unanimous = (orders: Array<DateOrder | null>): DateOrder | null => {
    const told = new Set(orders.filter((o): o is DateOrder => o !== null));
    return told.size === 1 ? [...told][0]! : null;
  };
  const numeric = evidence.map((e) => e.numeric);
  const corpusNumeric = unanimous(numeric);
  // The corpus's words decide only where no document's numeric dates say otherwise.
  const words = unanimous(evidence.map((e) => e.words));
  const corpusWords = numeric.every((o) => o === null || o === words) ? words : null;
  return evidence.map((e) => e.numeric ?? corpusNumeric ?? e.words ?? corpusWords);
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
  // Standards the intake scopes by an edition the catalogue does not know ("NCSC CAF v3.2").
  const scoped = intakeScopedFamilies(intake?.frameworks ?? []);
  const now = snapshot.asOf ?? Date.now();
  let referenceDate: FoundDate | null = null;
  const abbreviations = definedAbbreviations(snapshot.documents.map((d) => d.text));
  const dateOrders = documentDateOrders(snapshot.documents.map((d) => d.text));

  snapshot.documents.forEach((doc, index) => {
    const chunks = chunksByDoc.get(doc.name) ?? [];
    const split = splitSegments(doc.text).flatMap((segment) => fixedWidthRows(segment, doc.text));
    const segments: LocatedSegment[] = (
      doc.extension === 'pdf' ? keyedTableRows(split, doc.text) : split
    ).map((segment, segIndex) => {
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
    const dateOrder = dateOrders[index]!;
    const dates = extractDates(doc.text, dateOrder);
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
      dateOrder,
      lastReviewed: findField(doc.text, REVIEWED_FIELD, dateOrder),
      nextReview: findField(doc.text, NEXT_REVIEW_FIELD, dateOrder),
      approved: findField(doc.text.slice(0, 3000), APPROVED_FIELD, dateOrder),
      lastRevised: lastRevision(doc.text, dateOrder),
      chunks,
    };
    documents.push(analyzed);
    const diagrams = diagramSpans(doc.text);
    const markdownHeadings = [...doc.text.matchAll(/^#{1,6}[ \t]+(.+)$/gm)].map((m) => ({
      start: m.index,
      title: m[1]!.trim(),
    }));
    let header: LocatedSegment | null = null;
    /** The last header row of the document, kept over the lines between two pages of one table. */
    let lastHeader: LocatedSegment | null = null;
    let lastRow: LocatedSegment | null = null;
    let previous: LocatedSegment | null = null;
    let caption: string | null = null;
    let leadIn: string | null = null;
    segments.forEach((segment, position) => {
      const row = isTableRow(segment.text);
      // A table's first row is its header; the rows that follow are read with it. A row over a
      // Markdown rule ("|---|---|") opens a new table, even right after another table.
      const overRule = MARKDOWN_TABLE_RULE.test(segments[position + 1]?.text ?? '');
      if (
        row &&
        (!(previous && isTableRow(previous.text) && header) || overRule || widerHeader(segment.text, header))
      ) {
        const broken = !overRule && previous !== null && !isTableRow(previous.text);
        if (broken && continuesTable(segment, lastRow, lastHeader)) header = lastHeader;
        else {
          header = segment;
          caption = previous && !isTableRow(previous.text) ? tableCaption(previous.text, segment.text) : null;
        }
      }
      if (row) {
        lastHeader = header;
        lastRow = segment;
      }
      if (!row) header = null;
      // A list keeps the sentence that introduced it ("The supplier must:") for its items.
      const listItem =
        LIST_ITEM.test(segment.raw) || (!row && leadIn !== null && indentedAt(doc.text, segment.start));
      if (!listItem) leadIn = /:\s*$/.test(segment.text) ? segment.text : null;
      else if (leadIn) segment.leadIn = leadIn;
      previous = segment;
      const leading = row ? null : leadingCells(segments, position);
      const heading = headingBefore(analyzed.headings, segment.start);
      segment.section = markdownHeadingBefore(markdownHeadings, segment.start) ?? heading;
      if (diagrams.some(([start, end]) => segment.start >= start && segment.start < end))
        segment.diagram = true;
      if (row && header !== segment)
        segment.frame = {
          header: header?.text ?? null,
          caption,
          heading,
          title: documentSubject(doc.name),
        };
      else if (leading)
        segment.frame = {
          header: null,
          caption: captionBefore(segments, position),
          heading,
          title: documentSubject(doc.name),
          leading: nearestCell(segments, position, leading),
          leadingRow: leading,
        };
      else if (!row)
        segment.frame = {
          header: null,
          caption: null,
          heading,
          title: documentSubject(doc.name),
          laidOut: true,
          ...('columns' in segment ? { columns: (segment as LocatedSegment & KeyedRow).columns } : {}),
        };
      const context: SegmentContext = {
        heading,
        leading,
        tableHeader: leading ? splitTableHeader(segments, position, analyzed.headings) : null,
        caption: row ? caption : null,
        nextSentence: segments[position + 1]?.text ?? null,
        leadIn: listItem ? leadIn : null,
        abbreviations,
        record: row && analyzed.role === 'evidence',
        rowLabel: row ? null : rowLabelAbove(doc.text, analyzed.headings, segment.start),
      };
      // A revision history's row ("2.2 | 06/10/2025 | Annual review; ...") records the document's
      // past, not a requirement.
      const segmentFacts = withinRevisionHistory(analyzed, segment.start)
        ? []
        : conceptFactsOf(segment, row && header !== segment ? (header?.text ?? null) : null, context);
      if (segmentFacts.length > 0) {
        factsBySegment.set(segment, segmentFacts);
        facts.push(...segmentFacts);
      }
      for (const citation of extractStandardCitations(segment.text, scoped))
        citations.push({ citation, segment });
    });
  });
  scopeEarlierEditions(citations.map((c) => c.citation));
  dropCommonTopicWords(facts, documents);
  clusterTopics(facts);

  const analysis: CorpusAnalysis = {
    snapshot,
    documents,
    byName: new Map(documents.map((d) => [d.name, d])),
    facts,
    factsBySegment,
    citations,
    referenceDate,
    auditDate: new Date(now).toISOString().slice(0, 10),
    frameworks: intake?.frameworks ?? [],
    checkFailures: [],
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
