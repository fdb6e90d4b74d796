// .mbox: messages separated by "From " lines (mboxo/mboxrd), one section per message. Lines that
// the writer escaped as ">From " inside a body are restored. A mailbox of more than
// INGEST_LIMITS.maxMboxMessages messages is read up to the limit; the rest are skipped and the
// document's warnings say how many.
import { assertTextWithinLimit, buildDocument, normaliseText } from '../document';
import { INGEST_LIMITS } from '../limits';
import { ParseError } from '../types';
import { parseMessage } from './mail-message';
import type { Parser } from './parser';

/**
 * The raw messages of a mailbox (the first `limit` of them), without their "From " separator lines
 * or empty ones, and how many non-empty messages it holds in all.
 */
export function splitMbox(bytes: Buffer, limit = Infinity): { messages: Buffer[]; total: number } {
  const text = bytes.toString('latin1');
  const starts: number[] = [];
  const separator = /^From .*$/gm;
  for (let match = separator.exec(text); match; match = separator.exec(text)) starts.push(match.index);
  const messages: Buffer[] = [];
  let total = 0;
  for (const [index, start] of starts.entries()) {
    const end = index + 1 < starts.length ? starts[index + 1]! : text.length;
    const lineEnd = text.indexOf('\n', start);
    const body = lineEnd === -1 || lineEnd > end ? '' : text.slice(lineEnd + 1, end);
    if (body.trim() === '') continue;
    total += 1;
    if (messages.length < limit) messages.push(Buffer.from(body.replace(/^>(>*From )/gm, '$1'), 'latin1'));
  }
  return { messages, total };
}

export const parseMbox: Parser = async ({ bytes, document, extension }) => {
  const max = INGEST_LIMITS.maxMboxMessages;
  const { messages, total } = splitMbox(bytes, max);
  if (total === 0) throw new ParseError(document, 'the mailbox holds no messages');
  const warnings: string[] = [];
  if (total > max)
    warnings.push(
      `the mailbox holds ${total} messages; the first ${max} were read and ${total - max} skipped`,
    );
  const sections = [];
  let chars = 0;
  for (const [index, raw] of messages.entries()) {
    let text: string;
    try {
      text = normaliseText(await parseMessage(raw));
    } catch (error) {
      throw new ParseError(document, `message ${index + 1} could not be read (${(error as Error).message})`);
    }
    chars += text.length;
    assertTextWithinLimit(document, chars);
    sections.push({ text });
  }
  return buildDocument({ document, extension, sections, warnings });
};
