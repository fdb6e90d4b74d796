// One e-mail message as text, shared by the .eml and .mbox parsers: the headers a reader cites
// (From, To, Cc, Date, Subject), the text body (the HTML body turned into text when there is no
// text part) and the names of attachments (their content is not indexed).
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';

import { INGEST_LIMITS } from '../limits';
import { htmlToText } from './html-text';

function addresses(value: AddressObject | AddressObject[] | undefined): string {
  if (!value) return '';
  return (Array.isArray(value) ? value : [value]).map((entry) => entry.text).join(', ');
}

function countMimeParts(raw: Buffer): number {
  return raw.toString('latin1').toLowerCase().split('content-type:').length - 1;
}

export function formatMessage(mail: ParsedMail): string {
  const header: string[] = [];
  const from = addresses(mail.from);
  if (from) header.push(`From: ${from}`);
  const to = addresses(mail.to);
  if (to) header.push(`To: ${to}`);
  const cc = addresses(mail.cc);
  if (cc) header.push(`Cc: ${cc}`);
  if (mail.date && !Number.isNaN(mail.date.getTime())) header.push(`Date: ${mail.date.toISOString()}`);
  if (mail.subject) header.push(`Subject: ${mail.subject}`);
  const text = (mail.text ?? '').trim();
  const body = text || (typeof mail.html === 'string' ? htmlToText(mail.html) : '');
  const parts = [header.join('\n')];
  if (body) parts.push(body);
  const names = mail.attachments.map((attachment, index) => attachment.filename ?? `attachment ${index + 1}`);
  if (names.length > 0) parts.push(`Attachments: ${names.join(', ')}`);
  return parts.filter((part) => part !== '').join('\n\n');
}

/** Parses one raw message; throws a plain Error with the reason (callers name the file). */
export async function parseMessage(raw: Buffer): Promise<string> {
  // Messages with too many MIME parts are refused before parsing: a cheap defence against part bombs.
  const parts = countMimeParts(raw);
  const maxParts = INGEST_LIMITS.maxMimeParts;
  if (parts > maxParts) throw new Error(`a message has ${parts} MIME parts; at most ${maxParts} are read`);
  // mailparser fills `text` from the HTML part when there is no text part (html-to-text).
  const mail = await simpleParser(raw, {
    skipImageLinks: true,
    skipTextLinks: true,
    maxHtmlLengthToParse: 5_000_000,
  });
  return formatMessage(mail);
}
