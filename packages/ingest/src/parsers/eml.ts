// .eml: one RFC 5322 message, one section.
import { buildDocument, normaliseText } from '../document';
import { ParseError } from '../types';
import { parseMessage } from './mail-message';
import type { Parser } from './parser';

export const parseEml: Parser = async ({ bytes, document, extension }) => {
  let text: string;
  try {
    text = await parseMessage(bytes);
  } catch (error) {
    throw new ParseError(document, `the e-mail could not be read (${(error as Error).message})`);
  }
  return buildDocument({ document, extension, sections: [{ text: normaliseText(text) }] });
};
