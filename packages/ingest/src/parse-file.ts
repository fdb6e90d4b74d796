// Parses one client file in this process: the extension picks the parser, the magic bytes must
// agree with it, and every failure leaves as a ParseError naming the file. Untrusted input: call
// this only inside the parse host's child process (parse-host.ts), never in the API.
import { PARSERS } from './parsers';
import { extensionOf, sniffFileType } from './sniff';
import { ParseError, type ParsedDocument } from './types';

export interface ParseFileInput {
  bytes: Buffer;
  filename: string;
  /** The tesseract binary for OCR; default `tesseract` on the PATH (configuration, not a client value). */
  tesseractPath?: string;
}

export async function parseFile(input: ParseFileInput): Promise<ParsedDocument> {
  const { bytes, filename, tesseractPath } = input;
  const extension = extensionOf(filename);
  if (!extension) throw new ParseError(filename, 'the file type is not an accepted corpus file type');
  const sniff = sniffFileType(bytes, extension);
  if (!sniff.ok) throw new ParseError(filename, sniff.reason ?? 'the content does not match the extension');
  try {
    return await PARSERS[extension]({ bytes, document: filename, extension, tesseractPath });
  } catch (error) {
    if (error instanceof ParseError) throw error;
    throw new ParseError(
      filename,
      `the file could not be parsed (${(error as Error)?.message ?? String(error)})`,
    );
  }
}
