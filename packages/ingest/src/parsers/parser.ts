// The one interface every file-type parser implements; the registry (index.ts) picks by extension.
import type { CorpusExtension, ParsedDocument } from '../types';

export interface ParserInput {
  bytes: Buffer;
  /** The client's file name, for the ParsedDocument and for ParseError messages. */
  document: string;
  extension: CorpusExtension;
  /** The tesseract binary for OCR; default `tesseract` on the PATH. */
  tesseractPath?: string;
}

export type Parser = (input: ParserInput) => Promise<ParsedDocument>;
