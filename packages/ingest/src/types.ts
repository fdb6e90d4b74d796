// What a parser turns a client file into, and the chunks the index stores. Every later step
// (chunking, the search index, the audit engine's quotes and citations) works from these shapes,
// so a finding can name the document, the page or sheet, and the character offsets it quotes.
import type { FromSchema } from 'json-schema-to-ts';

/** The corpus file types of spec part 8, by extension (lower case, without the dot). */
export const CORPUS_EXTENSIONS = [
  'txt',
  'md',
  'pdf',
  'docx',
  'csv',
  'xlsx',
  'png',
  'jpg',
  'jpeg',
  'tiff',
  'eml',
  'mbox',
] as const;
export type CorpusExtension = (typeof CORPUS_EXTENSIONS)[number];

/**
 * One part of a document: a PDF page, a spreadsheet sheet, a message of a mailbox, or the whole
 * text of a flat document. `start` is the offset of `text` in the document's full text. Stored as
 * the file's `sections` JSON column, read back through this schema (readJsonColumn).
 */
export const documentSectionSchema = {
  type: 'object',
  properties: {
    text: { type: 'string' },
    start: { type: 'integer', minimum: 0 },
    /** 1-based page number (PDF), else null. */
    page: { type: ['integer', 'null'] },
    /** Sheet name (XLSX), else null. */
    sheet: { type: ['string', 'null'] },
  },
  required: ['text', 'start', 'page', 'sheet'],
} as const;
export const documentSectionsSchema = { type: 'array', items: documentSectionSchema } as const;
export type DocumentSection = FromSchema<typeof documentSectionSchema>;

/**
 * A parsed file. `text` is the full text; sections partition it in order (joined by "\n\n").
 * Offsets anywhere else (chunks, quotes) are offsets into `text`.
 */
export interface ParsedDocument {
  /** The client's file name, as uploaded: cited in findings. */
  document: string;
  extension: CorpusExtension;
  text: string;
  sections: DocumentSection[];
  /** Pages for PDF (and multi-page TIFF), else null. */
  pageCount: number | null;
  /** Non-fatal notes, e.g. "OCR confidence low". */
  warnings: string[];
}

/** A retrievable span of a document, as stored in the database and the search index. */
export interface ChunkDraft {
  document: string;
  ordinal: number;
  page: number | null;
  sheet: string | null;
  startOffset: number;
  endOffset: number;
  text: string;
}

/** A parse that failed for a reason the client can act on (named in the ingest_failed event). */
export class ParseError extends Error {
  /** The reason without the file name, e.g. "the PDF is encrypted (password protected)". */
  readonly reason: string;

  constructor(
    readonly document: string,
    message: string,
  ) {
    super(`${document}: ${message}`);
    this.name = 'ParseError';
    this.reason = message;
  }
}
