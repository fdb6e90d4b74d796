// .mbox: messages separated by "From " lines (mboxo/mboxrd), one section per message. Lines that
// the writer escaped as ">From " inside a body are restored.
import { buildDocument, normaliseText } from '../document';
import { ParseError } from '../types';
import { parseMessage } from './mail-message';
import type { Parser } from './parser';

export const MAX_MESSAGES = 10_000;

/** The raw messages of a mailbox, without their "From " separator lines. */
export function splitMbox(bytes: Buffer): Buffer[] {
  const text = bytes.toString('latin1');
  const starts: number[] = [];
  const separator = /^From .*$/gm;
  for (let match = separator.exec(text); match; match = separator.exec(text)) starts.push(match.index);
  return starts.map((start, index) => {
    const end = index + 1 < starts.length ? starts[index + 1]! : text.length;
    const lineEnd = text.indexOf('\n', start);
    const body = lineEnd === -1 || lineEnd > end ? '' : text.slice(lineEnd + 1, end);
    return Buffer.from(body.replace(/^>(>*From )/gm, '$1'), 'latin1');
  });
}

export const parseMbox: Parser = async ({ bytes, document, extension }) => {
  const messages = splitMbox(bytes).filter((raw) => raw.toString('latin1').trim() !== '');
  if (messages.length === 0) throw new ParseError(document, 'the mailbox holds no messages');
  if (messages.length > MAX_MESSAGES)
    throw new ParseError(
      document,
      `the mailbox holds ${messages.length} messages; at most ${MAX_MESSAGES} are read`,
    );
  const sections = [];
  for (const [index, raw] of messages.entries()) {
    try {
      sections.push({ text: normaliseText(await parseMessage(raw)) });
    } catch (error) {
      throw new ParseError(document, `message ${index + 1} could not be read (${(error as Error).message})`);
    }
  }
  return buildDocument({ document, extension, sections });
};
