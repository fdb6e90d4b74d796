// Markdown is kept as written: headings, lists and emphasis markers are short and help both the
// search index and the reader of a quote, so the source text is the document text.
import { buildDocument, normaliseText } from '../document';
import type { Parser } from './parser';
import { decodeText } from './text-decode';

export const parseMd: Parser = async ({ bytes, document, extension }) =>
  buildDocument({ document, extension, sections: [{ text: normaliseText(decodeText(bytes)) }] });
