// Plain text: one section holding the whole (normalised) text.
import { buildDocument, normaliseText } from '../document';
import type { Parser } from './parser';
import { decodeText } from './text-decode';

export const parseTxt: Parser = async ({ bytes, document, extension }) =>
  buildDocument({ document, extension, sections: [{ text: normaliseText(decodeText(bytes)) }] });
