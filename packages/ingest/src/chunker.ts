// Splits a parsed document into overlapping chunks for retrieval. Chunks never cross a section, so
// a chunk's page or sheet is exact, and every chunk's offsets index the document text exactly
// (`doc.text.slice(startOffset, endOffset) === text`), which is what lets a quote be verified.
// A cut prefers, in order: a paragraph break, a line break, a sentence end, a space; the next chunk
// starts about `overlapChars` before the cut, moved forward to the start of a word.
import type { ChunkDraft, ParsedDocument } from './types';

export interface ChunkOptions {
  targetChars?: number;
  overlapChars?: number;
}

export const DEFAULT_TARGET_CHARS = 1_200;
export const DEFAULT_OVERLAP_CHARS = 200;

/** Where to cut a span that is too long: the best boundary in the last half of the window. */
function cutPoint(text: string, limit: number, minimum: number): number {
  const window = text.slice(minimum, limit);
  const paragraph = window.lastIndexOf('\n\n');
  if (paragraph !== -1) return minimum + paragraph + 2;
  const line = window.lastIndexOf('\n');
  if (line !== -1) return minimum + line + 1;
  let sentence = -1;
  const sentenceEnd = /[.!?;:]["')\]]?\s/g;
  for (let match = sentenceEnd.exec(window); match; match = sentenceEnd.exec(window))
    sentence = match.index + match[0].length;
  if (sentence !== -1) return minimum + sentence;
  const space = Math.max(window.lastIndexOf(' '), window.lastIndexOf('\t'));
  if (space !== -1) return minimum + space + 1;
  return limit;
}

/**
 * Where the overlap of the next chunk starts: the first line or sentence start in
 * [position, limit) when one leaves a useful overlap, else the next word start.
 */
function overlapStart(text: string, position: number, limit: number, overlapChars: number): number {
  const window = text.slice(position, limit);
  const boundary = /(?:\n|[.!?;:]["')\]]? )\s*(?=\S)/.exec(window);
  if (boundary) {
    const at = position + boundary.index + boundary[0].length;
    if (limit - at >= overlapChars / 4) return at;
  }
  return wordStart(text, position, limit);
}

/** Moves a start offset forward past a partial word and any whitespace (never beyond `limit`). */
function wordStart(text: string, position: number, limit: number): number {
  let at = position;
  if (at > 0 && !/\s/.test(text[at - 1]!)) while (at < limit && !/\s/.test(text[at]!)) at += 1;
  while (at < limit && /\s/.test(text[at]!)) at += 1;
  return at < limit ? at : position;
}

/** [start, end) spans of one section's text, in local offsets, trimmed of outer whitespace. */
export function chunkSpans(text: string, targetChars: number, overlapChars: number): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let start = 0;
  while (start < text.length && /\s/.test(text[start]!)) start += 1;
  while (start < text.length) {
    let end: number;
    if (text.length - start <= targetChars) end = text.length;
    else end = cutPoint(text, start + targetChars, start + Math.floor(targetChars / 2));
    let trimmedEnd = end;
    while (trimmedEnd > start && /\s/.test(text[trimmedEnd - 1]!)) trimmedEnd -= 1;
    if (trimmedEnd > start) spans.push([start, trimmedEnd]);
    if (end >= text.length) break;
    // Overlap: restart before the cut, but always move forward.
    const back = Math.max(start + 1, end - overlapChars);
    let next = overlapChars > 0 ? overlapStart(text, back, end, overlapChars) : end;
    if (next <= start) next = end;
    while (next < text.length && /\s/.test(text[next]!)) next += 1;
    start = next;
  }
  return spans;
}

export function chunkDocument(doc: ParsedDocument, options: ChunkOptions = {}): ChunkDraft[] {
  const targetChars = Math.max(50, options.targetChars ?? DEFAULT_TARGET_CHARS);
  const overlapChars = Math.min(
    Math.max(0, options.overlapChars ?? DEFAULT_OVERLAP_CHARS),
    Math.floor(targetChars / 2),
  );
  const chunks: ChunkDraft[] = [];
  for (const section of doc.sections) {
    for (const [localStart, localEnd] of chunkSpans(section.text, targetChars, overlapChars)) {
      const startOffset = section.start + localStart;
      const endOffset = section.start + localEnd;
      chunks.push({
        document: doc.document,
        ordinal: chunks.length,
        page: section.page,
        sheet: section.sheet,
        startOffset,
        endOffset,
        text: doc.text.slice(startOffset, endOffset),
      });
    }
  }
  return chunks;
}
