// Splits a document's text into statement-sized segments with their offsets, so that every fact
// the analyst extracts can be quoted verbatim (an exact substring of the document) and located in
// a chunk. Layout-wrapped PDF lines are joined into their paragraph; list items, headings and
// table rows start new segments; sentences split on terminal punctuation outside abbreviations.

export interface Segment {
  /** Offset of the segment in the document text. */
  start: number;
  end: number;
  /** The exact document text of the segment (may contain line breaks). */
  raw: string;
  /** The segment with whitespace collapsed. */
  text: string;
}

const LIST_START =
  /^\s*(?:[-*\u2022]\s|#{1,6}\s|\||\+[-=]|(?:\d+(?:\.\d+)*|[a-z]|[ivxlc]+)[.)]\s|\(\w{1,4}\)\s|(?:from|to|cc|subject|date):\s)/i;
const ABBREVIATIONS =
  /(?:\b(?:e\.g|i\.e|etc|rev|no|inc|ltd|llc|corp|co|sec|fig|vol|dr|mr|mrs|ms|st|vs|approx|u\.s|cf|art|para|p|pp|ch|rs|nos|dept|govt)\.|\b[A-Z]\.|\d\.)$/i;

function isBreakLine(line: string): boolean {
  return LIST_START.test(line);
}

/** A line ending in a number written in words ("... not exceeding thirty", "... within twenty-four"). */
const NUMBER_WORD_END =
  /\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\w+teen|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-\w+)?|hundred|thousand)$/i;

/** A line that starts a new block although no blank line precedes it. */
function startsNewBlock(previous: string, line: string): boolean {
  const prev = previous.trimEnd();
  // "within a period not exceeding thirty" / "(30) days": a number in words restated in figures
  // on the next line of a wrapped paragraph, not a list item "(30)".
  if (/^\s*\(\d+\)\s/.test(line) && NUMBER_WORD_END.test(prev)) return false;
  if (isBreakLine(line)) return true;
  // A finished sentence or a short heading-like line, followed by a capitalised line: a new
  // paragraph (DOCX and e-mail text put one paragraph per line without blank lines).
  if (/^\s*[A-Z0-9"\u201c(]/.test(line) && (/[.!?:;]$/.test(prev) || prev.trim().length < 40)) return true;
  // An indented line after a colon or semicolon is a list item without a marker, whatever its
  // case (a DOCX sub-list: "it shall:" then "\t\tnotify each affected individual ...;").
  return /^[ \t]+\S/.test(line) && /[:;]$/.test(prev);
}

/** Paragraph blocks: [start, end) ranges in the text. */
function blocks(text: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let blockStart = -1;
  let blockEnd = -1;
  let previous = '';
  let offset = 0;
  // Under a column rule, lines are a table's rows and wrapped cells until a blank line.
  let ruled = false;
  for (const line of text.split('\n')) {
    const lineStart = offset;
    const lineEnd = offset + line.length;
    offset = lineEnd + 1;
    const blank = line.trim() === '';
    const tableLike = /^\s*[|+]/.test(line) || line.includes(' | ');
    if (blank || tableLike || (blockStart >= 0 && !ruled && startsNewBlock(previous, line))) {
      if (blockStart >= 0) out.push([blockStart, blockEnd]);
      blockStart = -1;
      ruled = false;
    }
    if (COLUMN_RULE.test(line)) ruled = true;
    previous = line;
    if (blank) continue;
    if (tableLike) {
      out.push([lineStart, lineEnd]);
      continue;
    }
    if (blockStart < 0) blockStart = lineStart;
    blockEnd = lineEnd;
  }
  if (blockStart >= 0) out.push([blockStart, blockEnd]);
  return out;
}

function trimRange(text: string, start: number, end: number): [number, number] {
  while (start < end && /\s/.test(text[start]!)) start += 1;
  while (end > start && /\s/.test(text[end - 1]!)) end -= 1;
  return [start, end];
}

/** One line with at least two cell separators, or a row between outer bars ("| Owner | CISO |"). */
const TABLE_ROW = /^[^\n]*\s\|\s[^\n]*\s\|\s[^\n]*$|^[ \t]*\|[^\n]*\s\|\s[^\n]*\|[ \t]*$/;

/**
 * The rule under a plain-text table's column names: runs of dashes (or equals signs) parted by
 * spaces, one run per column ("--------  ------------").
 */
export const COLUMN_RULE = /^[ \t]*[-=]{3,}(?:[ \t]{2,}[-=]{3,})+[ \t]*$/;

export function splitSegments(text: string): Segment[] {
  const segments: Segment[] = [];
  const push = (s: number, e: number) => {
    const [start, end] = trimRange(text, s, e);
    if (end - start < 2) return;
    const raw = text.slice(start, end);
    segments.push({ start, end, raw, text: raw.replace(/\s+/g, ' ') });
  };
  for (const [blockStart, blockEnd] of blocks(text)) {
    // A table row is one record, whatever its cells hold ("depots; vans; trailers"); a ruled
    // plain-text table is split into rows by its columns later (ruledTableRows).
    const block = text.slice(blockStart, blockEnd);
    if (TABLE_ROW.test(block) || block.split('\n').some((line) => COLUMN_RULE.test(line))) {
      push(blockStart, blockEnd);
      continue;
    }
    let sentenceStart = blockStart;
    const terminator = /[.!?;](?=\s+["'(\u201c]?[A-Z0-9])/g;
    let match: RegExpExecArray | null;
    while ((match = terminator.exec(block)) !== null) {
      const cut = blockStart + match.index + 1;
      const before = text.slice(Math.max(sentenceStart, cut - 12), cut);
      if (match[0] === '.' && ABBREVIATIONS.test(before)) continue;
      if (cut - sentenceStart < 12) continue;
      push(sentenceStart, cut);
      sentenceStart = cut;
    }
    push(sentenceStart, blockEnd);
  }
  return segments;
}

/**
 * The sentence of a text around a position: a segment (a paragraph, a list item) may hold an
 * obligation and a description, or a current and a retired document, in separate sentences.
 */
export function sentenceAround(text: string, index: number): string {
  const before = [...text.slice(0, index).matchAll(/[.!?]\s+(?=\S)/g)];
  const start = before.length > 0 ? before.at(-1)!.index + before.at(-1)![0].length : 0;
  const after = /[.!?](?:\s|$)/.exec(text.slice(index));
  return text.slice(start, after ? index + after.index + 1 : text.length);
}
