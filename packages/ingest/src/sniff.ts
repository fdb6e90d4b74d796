// Upload checks that need nothing but the name and the first bytes: the extension must be on the
// corpus list, the name must be safe to show and log, and the content must be what the extension
// claims (a renamed executable or archive is refused before any parser sees it).
import { CORPUS_EXTENSIONS, type CorpusExtension } from './types';

export interface SniffResult {
  ok: boolean;
  reason: string | null;
}

/** How many leading bytes the text checks look at; callers may pass more, never need to. */
export const SNIFF_BYTES = 8192;

const MAX_FILENAME_BYTES = 255;

/** The corpus extension of a file name (lower-cased), or null when it is not on the list. */
export function extensionOf(filename: string): CorpusExtension | null {
  const dot = filename.lastIndexOf('.');
  if (dot <= 0 || dot === filename.length - 1) return null;
  const extension = filename.slice(dot + 1).toLowerCase();
  return (CORPUS_EXTENSIONS as readonly string[]).includes(extension) ? (extension as CorpusExtension) : null;
}

/**
 * A client file name is only ever shown and compared, never used as a path; still, refuse names
 * that could become one (separators, `..`) or that break logs and headers (control characters).
 */
export function isSafeFilename(name: string): boolean {
  if (name.length === 0 || name.trim().length === 0) return false;
  if (Buffer.byteLength(name, 'utf8') > MAX_FILENAME_BYTES) return false;
  if (name.includes('/') || name.includes('\\') || name.includes('..')) return false;
  // C0 controls (incl. NUL), DEL and C1 controls.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  return !/[\u0000-\u001f\u007f-\u009f]/.test(name);
}

const ok: SniffResult = { ok: true, reason: null };
const refuse = (reason: string): SniffResult => ({ ok: false, reason });

function startsWith(head: Buffer, signature: number[]): boolean {
  if (head.length < signature.length) return false;
  return signature.every((byte, index) => head[index] === byte);
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const TIFF_LE = [0x49, 0x49, 0x2a, 0x00];
const TIFF_BE = [0x4d, 0x4d, 0x00, 0x2a];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const PDF = [...Buffer.from('%PDF-', 'latin1')];
const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * Text means: no NUL byte, decodes as UTF-8 with hardly any invalid sequences, and hardly any
 * control characters besides tab, newline, carriage return and form feed.
 */
function textProblem(head: Buffer): string | null {
  const sample = head.subarray(0, SNIFF_BYTES);
  if (sample.includes(0)) return 'binary content (NUL bytes) where text was expected';
  // The sample may end inside a multi-byte character; ignore an incomplete tail.
  let end = sample.length;
  for (let back = 1; back <= 3 && end - back >= 0; back += 1) {
    const byte = sample[end - back]!;
    if ((byte & 0xc0) === 0x80) continue;
    if (byte >= 0xc0) {
      const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      if (back < needed) end -= back;
    }
    break;
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(sample.subarray(0, end));
  if (text.length === 0) return null;
  let invalid = 0;
  let controls = 0;
  for (const char of text) {
    if (char === '\ufffd') invalid += 1;
    // eslint-disable-next-line no-control-regex -- counting control characters is the point
    else if (/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(char)) controls += 1;
  }
  if (invalid / text.length > 0.02) return 'content is not UTF-8 text';
  if (controls / text.length > 0.02) return 'content looks binary, not text';
  return null;
}

function firstLine(head: Buffer): string {
  let text = head.subarray(0, SNIFF_BYTES).toString('utf8');
  if (text.startsWith('\ufeff')) text = text.slice(1);
  text = text.replace(/^(\r?\n)+/, '');
  const newline = text.search(/\r?\n/);
  return newline === -1 ? text : text.slice(0, newline);
}

/** A header line ("Name: value") as RFC 5322 writes them; mail exports sometimes start "From ". */
const HEADER_LINE = /^[!-9;-~]+:[ \t]?.*$/;

/** Does the content match the extension? `extension` may carry a dot or capitals. */
export function sniffFileType(head: Buffer, extension: string): SniffResult {
  const ext = extension.replace(/^\./, '').toLowerCase();
  if (!(CORPUS_EXTENSIONS as readonly string[]).includes(ext))
    return refuse(`the extension .${ext} is not an accepted corpus file type`);
  if (head.length === 0) return refuse('the file is empty');
  const type = ext as CorpusExtension;
  switch (type) {
    case 'pdf':
      return startsWith(head, PDF) ? ok : refuse('content is not a PDF (no %PDF- header)');
    case 'docx':
    case 'xlsx':
      return startsWith(head, ZIP) ? ok : refuse(`content is not a .${type} file (not a zip package)`);
    case 'png':
      return startsWith(head, PNG) ? ok : refuse('content is not a PNG image');
    case 'jpg':
    case 'jpeg':
      return startsWith(head, JPEG) ? ok : refuse('content is not a JPEG image');
    case 'tiff':
      return startsWith(head, TIFF_LE) || startsWith(head, TIFF_BE)
        ? ok
        : refuse('content is not a TIFF image');
    case 'txt':
    case 'md':
    case 'csv': {
      const problem = textProblem(startsWith(head, UTF8_BOM) ? head.subarray(3) : head);
      return problem ? refuse(problem) : ok;
    }
    case 'eml': {
      const problem = textProblem(head);
      if (problem) return refuse(problem);
      const line = firstLine(head);
      return HEADER_LINE.test(line) || line.startsWith('From ')
        ? ok
        : refuse('content does not start with e-mail headers');
    }
    case 'mbox': {
      const problem = textProblem(head);
      if (problem) return refuse(problem);
      return firstLine(head).startsWith('From ')
        ? ok
        : refuse('content is not an mbox mailbox (no leading "From " line)');
    }
  }
}
