// Office XML parts are checked before any XML parser sees them, in one linear pass over the bytes:
// no DOCTYPE (Office never writes one; refusing it rules out entity expansion of every kind) and no
// nesting deeper than INGEST_LIMITS.maxXmlDepth (a few MB of `<a><a><a>...` costs a DOM parser
// gigabytes and overflows the stack of any recursive reader). The structure of XML is ASCII, so the
// UTF-8 bytes are scanned as they are; a part too broken to scan is left for the parser to refuse.
import { INGEST_LIMITS } from './limits';
import { ParseError } from './types';

const LT = 0x3c; // <
const GT = 0x3e; // >
const SLASH = 0x2f;
const QUESTION = 0x3f;
const BANG = 0x21;
const DQUOTE = 0x22;
const SQUOTE = 0x27;

const COMMENT_END = Buffer.from('-->');
const CDATA_END = Buffer.from(']]>');
const PI_END = Buffer.from('?>');

function startsWithAt(bytes: Buffer, at: number, text: string): boolean {
  return bytes.toString('latin1', at, at + text.length).toUpperCase() === text;
}

/** The index just past the `>` that ends the tag opened at `start`, skipping quoted values. */
function tagEnd(bytes: Buffer, start: number): number {
  let quote = 0;
  for (let at = start + 1; at < bytes.length; at += 1) {
    const byte = bytes[at]!;
    if (quote) {
      if (byte === quote) quote = 0;
    } else if (byte === DQUOTE || byte === SQUOTE) quote = byte;
    else if (byte === GT) return at + 1;
  }
  return -1;
}

/** Throws a ParseError naming `document` and `part` when the part declares a DOCTYPE or nests too deep. */
export function assertXmlPartSafe(
  document: string,
  part: string,
  input: Uint8Array,
  maxDepth: number = INGEST_LIMITS.maxXmlDepth,
): void {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  let depth = 0;
  let at = bytes.indexOf(LT);
  while (at !== -1 && at + 1 < bytes.length) {
    const next = bytes[at + 1]!;
    let end: number;
    if (next === BANG) {
      if (startsWithAt(bytes, at, '<!--')) {
        const close = bytes.indexOf(COMMENT_END, at + 4);
        end = close === -1 ? -1 : close + 3;
      } else if (startsWithAt(bytes, at, '<![CDATA[')) {
        const close = bytes.indexOf(CDATA_END, at + 9);
        end = close === -1 ? -1 : close + 3;
      } else if (startsWithAt(bytes, at, '<!DOCTYPE')) {
        throw new ParseError(document, `the part ${part} declares a DOCTYPE; refused`);
      } else end = tagEnd(bytes, at);
    } else if (next === QUESTION) {
      const close = bytes.indexOf(PI_END, at + 2);
      end = close === -1 ? -1 : close + 2;
    } else if (next === SLASH) {
      depth -= 1;
      end = tagEnd(bytes, at);
    } else {
      end = tagEnd(bytes, at);
      if (end !== -1 && bytes[end - 2] !== SLASH) {
        depth += 1;
        if (depth > maxDepth)
          throw new ParseError(
            document,
            `the part ${part} nests elements more than ${maxDepth} levels deep; refused`,
          );
      }
    }
    if (end === -1) return;
    at = bytes.indexOf(LT, end);
  }
}

/** Whether a package part is XML the readers parse (worksheets, shared strings, relationships...). */
export function isXmlPart(name: string): boolean {
  return /\.(xml|rels|vml)$/i.test(name);
}
