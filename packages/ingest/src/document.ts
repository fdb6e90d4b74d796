// Builds a ParsedDocument from a parser's sections, so every parser gets the same layout: section
// texts joined by a blank line, each section's `start` its exact offset in the full text.
import { INGEST_LIMITS } from './limits';
import { ParseError, type CorpusExtension, type DocumentSection, type ParsedDocument } from './types';

export const SECTION_SEPARATOR = '\n\n';

export interface SectionDraft {
  text: string;
  page?: number | null;
  sheet?: string | null;
}

/**
 * Refuses a document whose text passes INGEST_LIMITS.maxDocumentChars. buildDocument checks every
 * document; parsers that accumulate text page by page or message by message check as they go, so
 * a file that would yield gigabytes of text stops early.
 */
export function assertTextWithinLimit(document: string, chars: number): void {
  const max = INGEST_LIMITS.maxDocumentChars;
  if (chars > max)
    throw new ParseError(
      document,
      `its text is over ${max} characters, the limit; split it into smaller files`,
    );
}

export function buildDocument(input: {
  document: string;
  extension: CorpusExtension;
  sections: SectionDraft[];
  pageCount?: number | null;
  warnings?: string[];
}): ParsedDocument {
  const sections: DocumentSection[] = [];
  let offset = 0;
  for (const [index, draft] of input.sections.entries()) {
    if (index > 0) offset += SECTION_SEPARATOR.length;
    sections.push({ text: draft.text, start: offset, page: draft.page ?? null, sheet: draft.sheet ?? null });
    offset += draft.text.length;
  }
  assertTextWithinLimit(input.document, offset);
  return {
    document: input.document,
    extension: input.extension,
    text: sections.map((section) => section.text).join(SECTION_SEPARATOR),
    sections,
    pageCount: input.pageCount ?? null,
    warnings: input.warnings ?? [],
  };
}

/**
 * Text as the chunker and the search index want it: line ends are "\n", no NUL or other control
 * characters except tab, newline and form feed, trailing spaces removed, and no runs of more than
 * one blank line.
 */
export function normaliseText(raw: string): string {
  return (
    raw
      .replace(/^\ufeff/, '')
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/g, '')
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}
