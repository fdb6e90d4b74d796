// Unwritten content: a document, or a section of one, that has a heading and a claimed scope but
// no substance. Its body is only a stub ("Coming soon", "To be drafted later"), an instruction to
// the author left in place ("Describe the network zones here", "Summary of site X"), or a table
// with its column names and no rows where the text relies on that table ("set out in Annex C"). Bracketed placeholders inside written text are the placeholder family's.
import { pipeCells } from '../../text/table-cells';

/** A span of the document text [start, end). */
export interface Span {
  start: number;
  end: number;
}

export type UnwrittenKind = 'stub' | 'instruction' | 'empty-table';

/** One part of a document left unwritten: the section (or the whole document) and its evidence. */
export interface UnwrittenPart {
  kind: UnwrittenKind;
  /** The section heading as written; null for the document's untitled opening. */
  heading: string | null;
  /** The whole section (heading and body): what the placeholder family leaves alone. */
  section: Span;
  /** The stub, instruction or reference to the empty table: the quoted evidence. */
  evidence: Span[];
}

export interface UnwrittenDocument {
  /** Nothing of the document's body is written: every section is a stub or an instruction. */
  whole: boolean;
  parts: UnwrittenPart[];
}

interface Line {
  start: number;
  end: number;
  text: string;
}

interface Heading {
  line: Line;
  title: string;
}

interface Block {
  kind: 'paragraph' | 'table';
  lines: Line[];
}

/** A body that only announces content to come. */
const STUB =
  /^(?:(?:template|content|text|section|page|document|policy|procedure|this (?:section|page|document|policy|procedure))\s+(?:is\s+)?)?(?:coming soon|under (?:construction|development)|to be (?:outlined|written|added|completed|drafted|defined|determined|developed|documented|provided|confirmed|published|decided|described)(?:\s+(?:at a later (?:date|stage)|later|soon|in (?:a )?(?:future|later|subsequent) (?:version|release|revision|update)s?))?|tbd|tbc|tba|todo|to do|work in progress|wip|placeholder|lorem ipsum\b.*|(?:content|details|more) (?:to follow|to come)|to follow|not yet (?:written|available|defined|documented|complete|completed))$/i;

/** Verbs a template uses to tell its adopter what to write. */
const AUTHOR_VERB =
  /^(?:describe|list|insert|enter|add|provide|summari[sz]e|explain|outline|document|specify|identify|detail|write|fill in|complete|give|state|define|refer to|discuss)\b/i;
/** Words that address the author rather than the reader ("here" outside a link's text). */
const AUTHOR_ADDRESS = /\b(?:here|probably|this section|emphasi[sz]ing)\b/i;
/** A stand-in example the template numbers: "Summary of site X", "details for service 1". */
const EXEMPLAR =
  /\b(?:overview|description|discussion|summary|details?|considerations?|architecture)\s+(?:of|for)\s+(?:the\s+)?(?:product|system|service|application|site|location|vendor|supplier|process|project|component)\s+(?:1|X)\b/i;
/** A line that only says what the section is for: neither substance nor evidence. */
const PURPOSE_ONLY =
  /^(?:here we|in this section we|this section (?:will )?)\s*(?:describe|narrate|list|explain|document|outline|set out|summari[sz]e|present|provide|discuss)s?\b/i;
/** A sentence that makes a table the content: "set out in Annex C", "the following lists ...". */
const TABLE_REFERENCE =
  /\b(?:defined|listed|set out|specified|enclosed|provided|documented|contained|given|identified|recorded|detailed|found|included|shown)\s+in\s+((?:Appendix|Annexure|Annex|Schedule|Exhibit|Table|Attachment)\s+[A-Z0-9]{1,3})\b/gi;
const TABLE_LEAD_IN =
  /\bthe following (?:represents|is|are|lists|sets out|shows|contains|provides|records)\b|\b(?:is|are) (?:listed|set out|shown|defined|given|recorded) (?:below|in the (?:following )?table)\b/i;

function linesOf(text: string): Line[] {
  const out: Line[] = [];
  let offset = 0;
  for (const raw of text.split('\n')) {
    out.push({ start: offset, end: offset + raw.length, text: raw });
    offset += raw.length + 1;
  }
  return out;
}

/**
 * Where the body starts: after a YAML front matter block ("---" ... "---", or "key: value" lines
 * up to a "---" line as some policy generators write it). The front matter is metadata, not body.
 */
function bodyStart(lines: Line[]): number {
  const first = lines.findIndex((l) => l.text.trim() !== '');
  if (first < 0) return lines.length;
  const opening = lines[first]!.text.trim();
  const keyLine = /^[A-Za-z_][\w-]*:(?:\s|$)/;
  if (opening !== '---' && !keyLine.test(opening)) return first;
  for (let i = first + 1; i < Math.min(lines.length, first + 200); i += 1) {
    const t = lines[i]!.text;
    if (/^(?:---|\.\.\.)\s*$/.test(t)) return i + 1;
    if (t.trim() !== '' && !keyLine.test(t.trim()) && !/^\s+\S|^-\s/.test(t)) return first;
  }
  return first;
}

function atxHeading(text: string): string | null {
  const m = /^\s{0,3}#{1,6}(?!#)\s*(.*?)\s*#*\s*$/.exec(text);
  return m && m[1] ? m[1] : null;
}

const FORM_COLUMN = /\b(?:signature|signed|initials|sign-?off)\b/i;

const RULE_OR_BREAK = /^\s*(?:[-*_]{3,}|\\pagebreak|\\newpage|<!--.*-->|<br\s*\/?>)\s*$/;
const TABLE_LINE = /^\s*(?:\||\+[-=+:]+\+?\s*$)/;

/** Markdown emphasis, links, list and quote marks: the words a reader sees. */
function plain(text: string): string {
  return text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, 'link')
    .replace(/^\s*(?:[-*+]|\d+[.)]|>)\s+/, '')
    .replace(/[*_`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function isStub(text: string): boolean {
  const words = plain(text).replace(/^#+\s*/, '');
  return STUB.test(words.replace(/[.!:;…]+$/, '').trim());
}

/** An instruction to the author standing where the content belongs. */
export function isAuthorInstruction(text: string): boolean {
  const words = plain(text);
  if (words.length > 240) return false;
  if (AUTHOR_VERB.test(words) && AUTHOR_ADDRESS.test(words)) return true;
  // "Summary of site X", "Short description of service 1".
  return EXEMPLAR.test(words) && words.split(' ').length <= 14;
}

function cellsOf(line: string): string[] {
  return pipeCells(line).map((c) => c.replace(/[*_`]+/g, '').trim());
}

/**
 * A table with its column names and no content: every cell below the header is empty, or only a
 * row label ("Site:", "step 2:") stands in the first column.
 */
export function isEmptyTable(lines: Line[]): boolean {
  const rows = lines.filter((l) => /^\s*\|/.test(l.text));
  // The line under the column names: "+====+" in a grid table, "|---|" in a pipe table.
  const isRow = (l: Line) => /^\s*\|/.test(l.text);
  const grid = lines.findIndex((l) => /^\s*\+[=+:]+\+?\s*$/.test(l.text));
  const separator =
    grid >= 0
      ? grid
      : lines.findIndex(
          (l, i) => /^\s*\|?\s*:?-{3,}[-|:+\s]*$/.test(l.text) && lines.slice(0, i).some(isRow),
        );
  if (separator < 0) return false;
  const headerRows = lines.slice(0, separator).filter((l) => /^\s*\|/.test(l.text));
  const body = lines.slice(separator + 1).filter((l) => /^\s*\|/.test(l.text));
  if (headerRows.length === 0 || body.length === 0 || rows.length < 2) return false;
  const header = cellsOf(headerRows[0]!.text).filter((c) => c !== '');
  if (header.length < 2) return false;
  // A sign-off or attendance form is blank by design: it is filled in on paper or at approval.
  if (header.some((c) => FORM_COLUMN.test(c))) return false;
  const label = (cell: string) =>
    cell === '' || /:$/.test(cell) || /^(?:task|step|item|row|entry)\s*\d*:?$/i.test(cell);
  return body.every((l) => {
    const cells = cellsOf(l.text);
    return cells.slice(1).every((c) => c === '') && label(cells[0] ?? '');
  });
}

function blocksOf(lines: Line[]): Block[] {
  const out: Block[] = [];
  let current: Block | null = null;
  for (const line of lines) {
    const blank = line.text.trim() === '' || RULE_OR_BREAK.test(line.text);
    const kind = TABLE_LINE.test(line.text) ? 'table' : 'paragraph';
    if (blank) {
      // A grid table's rows may be separated by blank-looking lines only inside the table.
      current = null;
      continue;
    }
    if (!current || current.kind !== kind) {
      current = { kind, lines: [] };
      out.push(current);
    }
    current.lines.push(line);
  }
  return out;
}

interface Section {
  heading: Heading | null;
  start: number;
  end: number;
  blocks: Block[];
}

/** The sections of a body: each heading with the lines up to the next heading of any level. */
function sectionsOf(lines: Line[], from: number, textLength: number): Section[] {
  const sections: Section[] = [];
  let current: { heading: Heading | null; start: number; lines: Line[] } = {
    heading: null,
    start: lines[from]?.start ?? textLength,
    lines: [],
  };
  const close = (end: number) =>
    sections.push({
      heading: current.heading,
      start: current.start,
      end,
      blocks: blocksOf(current.lines),
    });
  let fenced = false;
  for (let i = from; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (/^\s*(?:```|~~~)/.test(line.text)) fenced = !fenced;
    const title = fenced ? null : atxHeading(line.text);
    // A heading that is itself a stub ("## Coming soon") is the body of the section it stands in.
    if (title !== null && !isStub(title)) {
      close(line.start);
      current = { heading: { line, title }, start: line.start, lines: [] };
      continue;
    }
    current.lines.push(line);
  }
  close(textLength);
  return sections;
}

function paragraphText(block: Block): string {
  return block.lines.map((l) => l.text).join(' ');
}

function spanOf(lines: Line[]): Span {
  const first = lines[0]!;
  const last = lines[lines.length - 1]!;
  const lead = first.text.length - first.text.trimStart().length;
  return { start: first.start + lead, end: last.start + last.text.trimEnd().length };
}

/**
 * A list whose only item tells the author to fill it in, under a sentence naming the same thing:
 * "Our depots run the following yards:" / "- List yards".
 */
function instructedList(block: Block, previous: Block | undefined): boolean {
  if (block.lines.length !== 1 || !/^\s*[-*+]\s/.test(block.lines[0]!.text)) return false;
  const item = plain(block.lines[0]!.text);
  if (!AUTHOR_VERB.test(item) || item.split(' ').length > 8) return false;
  const leadIn = previous ? paragraphText(previous).trim() : '';
  if (!/:$/.test(leadIn)) return false;
  const nouns = item
    .toLowerCase()
    .split(/\W+/)
    .slice(1)
    .filter((w) => w.length > 3);
  return nouns.length > 0 && nouns.every((w) => leadIn.toLowerCase().includes(w.replace(/s$/, '')));
}

interface Classified {
  /** Spans that show the section unwritten (stubs, instructions). */
  evidence: Array<{ kind: 'stub' | 'instruction'; span: Span }>;
  substance: boolean;
  /** Lines of instructions left inside written text ("- List yards"). */
  inline: Span[];
  tables: Array<{ lines: Line[]; empty: boolean; leadIn: Block | undefined }>;
}

function classify(section: Section): Classified {
  const out: Classified = { evidence: [], substance: false, inline: [], tables: [] };
  section.blocks.forEach((block, i) => {
    const previous = section.blocks[i - 1];
    if (block.kind === 'table') {
      const empty = isEmptyTable(block.lines);
      out.tables.push({
        lines: block.lines,
        empty,
        leadIn: previous?.kind === 'paragraph' ? previous : undefined,
      });
      if (!empty) out.substance = true;
      return;
    }
    const text = paragraphText(block);
    const first = block.lines[0]!.text;
    if (isStub(text) || isStub(first)) out.evidence.push({ kind: 'stub', span: spanOf(block.lines) });
    else if (isAuthorInstruction(first))
      // A paragraph led by an instruction ("Name the suppliers here, e.g.") carries
      // the template's examples on its following lines: all of it is the instruction.
      out.evidence.push({ kind: 'instruction', span: spanOf(block.lines) });
    else if (instructedList(block, previous)) out.inline.push(spanOf(block.lines));
    else if (PURPOSE_ONLY.test(plain(first)) && block.lines.length === 1) return;
    else out.substance = true;
  });
  return out;
}

/** Labels a table section carries: "Annex C: Contacts" -> "annex c". */
function tableLabel(heading: string | null): string | null {
  const m = heading
    ? /^((?:Appendix|Annexure|Annex|Schedule|Exhibit|Table|Attachment)\s+[A-Z0-9]{1,3})\b/i.exec(heading)
    : null;
  return m ? m[1]!.toLowerCase().replace(/\s+/g, ' ') : null;
}

/** The sentences of the document that say a labelled table holds content ("set out in Annex C"). */
function tableReferences(text: string, bodyFrom: number): Map<string, Span[]> {
  const out = new Map<string, Span[]>();
  for (const m of text.matchAll(TABLE_REFERENCE)) {
    if (m.index < bodyFrom) continue;
    const label = m[1]!.toLowerCase().replace(/\s+/g, ' ');
    const lineStart = text.lastIndexOf('\n', m.index) + 1;
    const lineEnd = text.indexOf('\n', m.index);
    const end = lineEnd < 0 ? text.length : lineEnd;
    const raw = text.slice(lineStart, end);
    const lead = raw.length - raw.trimStart().length;
    out.set(label, [
      ...(out.get(label) ?? []),
      { start: lineStart + lead, end: lineStart + raw.trimEnd().length },
    ]);
  }
  return out;
}

/** The unwritten parts of one document (empty when it is written). */
export function unwrittenParts(text: string): UnwrittenDocument {
  const lines = linesOf(text);
  const from = bodyStart(lines);
  const sections = sectionsOf(lines, from, text.length);
  const references = tableReferences(text, lines[from]?.start ?? text.length);
  const parts: UnwrittenPart[] = [];
  let written = false;
  let evidenced = false;
  for (const section of sections) {
    const c = classify(section);
    const heading = section.heading?.title ?? null;
    const span = { start: section.start, end: section.end };
    if (c.substance) written = true;
    if (c.evidence.length > 0) evidenced = true;
    if (!c.substance && c.evidence.length > 0) {
      const kind = c.evidence.some((e) => e.kind === 'stub') ? 'stub' : 'instruction';
      parts.push({ kind, heading, section: span, evidence: c.evidence.map((e) => e.span) });
    } else if (c.evidence.some((e) => e.kind === 'instruction') || c.inline.length > 0) {
      // Written text with the template's instructions still standing in it.
      const evidence = [
        ...c.evidence.filter((e) => e.kind === 'instruction').map((e) => e.span),
        ...c.inline,
      ];
      parts.push({ kind: 'instruction', heading, section: span, evidence });
    }
    // A stub among written paragraphs ("Call the duty manager. TBD") is a value left open in
    // written text: the placeholder family's.
    let tableReported = false;
    for (const table of c.tables) {
      // One finding per section: a section of several empty tables is one unwritten section.
      if (!table.empty || tableReported) continue;
      const label = tableLabel(heading);
      const cited = label
        ? (references.get(label) ?? []).filter((r) => r.start < span.start || r.start >= span.end)
        : [];
      const leadIn =
        table.leadIn && TABLE_LEAD_IN.test(paragraphText(table.leadIn)) ? [spanOf(table.leadIn.lines)] : [];
      if (cited.length === 0 && leadIn.length === 0) continue;
      const columns = table.lines.find((l) => /[A-Za-z]/.test(l.text));
      const header = columns ? [spanOf([columns])] : [];
      parts.push({ kind: 'empty-table', heading, section: span, evidence: [...cited, ...leadIn, ...header] });
      tableReported = true;
    }
  }
  return { whole: evidenced && !written, parts };
}
