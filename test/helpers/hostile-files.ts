// Hostile client files, built at test time (none is committed): zip bombs inside DOCX and XLSX,
// deeply nested XML, PDFs that loop, an encrypted PDF, a 10,000 x 10,000 image, a TIFF with
// thousands of pages, a mailbox of more than 10,000 messages. Each is small on disk (a few MB at
// most) and built in well under a second; what makes it hostile is what a parser would do with it.
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';

import { HELVETICA, pdfDocument, pdfPage, pdfStream } from './pdf';

export interface HostileFile {
  filename: string;
  bytes: Buffer;
}

// ---------------------------------------------------------------------------------------------
// Zip packages, written by hand so that a header can lie about the inflated size.

interface ZipEntry {
  name: string;
  /** Raw deflate data. */
  deflated: Buffer;
  crc32: number;
  inflatedSize: number;
  /** The inflated size written into the headers (a bomb may understate it). */
  declaredSize?: number;
}

function deflatedEntry(name: string, content: Buffer | string): ZipEntry {
  const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8');
  return { name, deflated: zlib.deflateRawSync(bytes), crc32: zlib.crc32(bytes), inflatedSize: bytes.length };
}

function zipArchive(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    // Sizes over 4 GB would need ZIP64; the bombs here stay under that.
    const declared = Math.min(entry.declaredSize ?? entry.inflatedSize, 0xffffffff);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(entry.crc32 >>> 0, 14);
    local.writeUInt32LE(entry.deflated.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, entry.deflated);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc32 >>> 0, 16);
    central.writeUInt32LE(entry.deflated.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + entry.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * `head` + `fillBytes` repetitions of `fill` + `tail`, deflated without ever holding the inflated
 * content: one block of fill is compressed once and repeated (each piece ends with a full flush, so
 * the pieces are independent and can be concatenated), and the CRC is computed piece by piece.
 */
function bombEntry(name: string, head: string, fill: number, fillBytes: number, tail: string): ZipEntry {
  const fullFlush = { finishFlush: zlib.constants.Z_FULL_FLUSH };
  const block = Buffer.alloc(1024 * 1024, fill);
  const blocks = Math.ceil(fillBytes / block.length);
  const headBytes = Buffer.from(head, 'utf8');
  const tailBytes = Buffer.from(tail, 'utf8');
  const deflatedBlock = zlib.deflateRawSync(block, fullFlush);
  let crc = zlib.crc32(headBytes);
  for (let i = 0; i < blocks; i += 1) crc = zlib.crc32(block, crc);
  crc = zlib.crc32(tailBytes, crc);
  return {
    name,
    deflated: Buffer.concat([
      zlib.deflateRawSync(headBytes, fullFlush),
      ...Array.from({ length: blocks }, () => deflatedBlock),
      zlib.deflateRawSync(tailBytes),
    ]),
    crc32: crc,
    inflatedSize: headBytes.length + blocks * block.length + tailBytes.length,
  };
}

const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const S_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

const DOCX_CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';

const XLSX_CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>';

const XLSX_WORKBOOK =
  `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${S_NS}" ` +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
  '<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>';

const XLSX_WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>';

/** 1 GiB: far beyond the zip guard's 200 MB, yet about 1 MB compressed. */
const BOMB_BYTES = 1024 * 1024 * 1024;

/**
 * A DOCX whose word/document.xml is valid XML inflating to 1 GiB (whitespace between elements) while
 * its headers claim 1 KB: only counting the real inflated bytes catches it.
 */
export function zipBombDocx(filename = 'bomb.docx'): HostileFile {
  const part = bombEntry(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W_NS}"><w:body><w:p><w:r><w:t>Bomb</w:t></w:r></w:p>`,
    0x20,
    BOMB_BYTES,
    '</w:body></w:document>',
  );
  return {
    filename,
    bytes: zipArchive([
      deflatedEntry('[Content_Types].xml', DOCX_CONTENT_TYPES),
      { ...part, declaredSize: 1024 },
    ]),
  };
}

/** An XLSX whose first worksheet inflates to 1 GiB, and says so in its headers. */
export function zipBombXlsx(filename = 'bomb.xlsx'): HostileFile {
  const sheet = bombEntry(
    'xl/worksheets/sheet1.xml',
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${S_NS}"><sheetData>`,
    0x20,
    BOMB_BYTES,
    '</sheetData></worksheet>',
  );
  return {
    filename,
    bytes: zipArchive([
      deflatedEntry('[Content_Types].xml', XLSX_CONTENT_TYPES),
      deflatedEntry('xl/workbook.xml', XLSX_WORKBOOK),
      deflatedEntry('xl/_rels/workbook.xml.rels', XLSX_WORKBOOK_RELS),
      sheet,
    ]),
  };
}

/** An XLSX of `entries` tiny parts: an entry-count bomb (each entry costs the reader a record). */
export function manyEntriesXlsx(entries = 10_000, filename = 'many-entries.xlsx'): HostileFile {
  const filler = Array.from({ length: entries }, (_, i) => deflatedEntry(`xl/media/pad${i}.xml`, '<a/>'));
  return {
    filename,
    bytes: zipArchive([
      deflatedEntry('[Content_Types].xml', XLSX_CONTENT_TYPES),
      deflatedEntry('xl/workbook.xml', XLSX_WORKBOOK),
      ...filler,
    ]),
  };
}

/** `<open>` nested `depth` times around `inner`. */
function nested(open: string, close: string, depth: number, inner: string): string {
  return open.repeat(depth) + inner + close.repeat(depth);
}

/**
 * A DOCX whose body nests `depth` content controls (w:sdt/w:sdtContent) around one paragraph:
 * small, well-formed, and deep enough to exhaust a recursive reader (100,000 levels: 3 MB of XML).
 */
export function nestedXmlDocx(depth = 15_000, filename = 'nested.docx'): HostileFile {
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W_NS}"><w:body>` +
    nested(
      '<w:sdt><w:sdtContent>',
      '</w:sdtContent></w:sdt>',
      depth,
      '<w:p><w:r><w:t>Deep</w:t></w:r></w:p>',
    ) +
    '</w:body></w:document>';
  return {
    filename,
    bytes: zipArchive([
      deflatedEntry('[Content_Types].xml', DOCX_CONTENT_TYPES),
      deflatedEntry('word/document.xml', xml),
    ]),
  };
}

/** An XLSX workbook of one worksheet with the given XML. */
function singleSheetXlsx(filename: string, sheet: string): HostileFile {
  return {
    filename,
    bytes: zipArchive([
      deflatedEntry('[Content_Types].xml', XLSX_CONTENT_TYPES),
      deflatedEntry('xl/workbook.xml', XLSX_WORKBOOK),
      deflatedEntry('xl/_rels/workbook.xml.rels', XLSX_WORKBOOK_RELS),
      deflatedEntry('xl/worksheets/sheet1.xml', sheet),
    ]),
  };
}

/** An XLSX whose worksheet nests `depth` elements inside one cell's inline string. */
export function nestedXmlXlsx(depth = 15_000, filename = 'nested.xlsx'): HostileFile {
  const sheet =
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${S_NS}"><sheetData><row r="1">` +
    `<c r="A1" t="inlineStr"><is>${nested('<r>', '</r>', depth, '<t>Deep</t>')}</is></c></row></sheetData></worksheet>`;
  return singleSheetXlsx(filename, sheet);
}

// ---------------------------------------------------------------------------------------------
// PDFs.

/** A PDF whose page tree loops: the root Pages node's only kid is a Pages node pointing back. */
export function loopingPdf(filename = 'looping.pdf'): HostileFile {
  return {
    filename,
    bytes: pdfDocument([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>',
    ]),
  };
}

/**
 * A 100 KB PDF that keeps a reader busy for minutes: 4,999 pages that are all the same page object,
 * whose content is 4,000 drawing operations (no cycle to detect and no text to count, just the same
 * work thousands of times over).
 */
export function repeatedPagePdf(filename = 'repeated-page.pdf'): HostileFile {
  const drawing = Array.from({ length: 4_000 }, (_, i) => `${i % 600} 10 m ${i % 600} 780 l S`).join('\n');
  const kids = Array.from({ length: 4_999 }, () => '3 0 R').join(' ');
  return {
    filename,
    bytes: pdfDocument([
      '<< /Type /Catalog /Pages 2 0 R >>',
      `<< /Type /Pages /Kids [${kids}] /Count 4999 >>`,
      pdfPage(4, 5),
      pdfStream(drawing),
      HELVETICA,
    ]),
  };
}

/**
 * A PDF with the standard security handler and a user password nobody knows (random /O and /U):
 * a reader cannot open it without the password.
 */
export function encryptedPdf(filename = 'encrypted.pdf'): HostileFile {
  const hex = (bytes: number) => randomBytes(bytes).toString('hex');
  const id = hex(16);
  return {
    filename,
    bytes: pdfDocument(
      [
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        pdfPage(4, 5),
        pdfStream('BT /F1 12 Tf 72 720 Td (Secret) Tj ET'),
        HELVETICA,
        `<< /Filter /Standard /V 1 /R 2 /Length 40 /P -3904 /O <${hex(32)}> /U <${hex(32)}> >>`,
      ],
      `/Encrypt 6 0 R /ID [<${id}> <${id}>] `,
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// Images.

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(Buffer.from(type, 'latin1'))) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A white 1-bit grayscale PNG of `width` x `height` pixels: 10,000 x 10,000 (100 megapixels) is
 * about 20 KB on disk and at least 100 MB once decoded.
 */
export function hugePng(width = 10_000, height = 10_000, filename = 'huge.png'): HostileFile {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // grayscale
  const row = Buffer.alloc(1 + Math.ceil(width / 8), 0xff);
  row[0] = 0; // filter: none
  const deflate = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)), { level: 9 });
  return {
    filename,
    bytes: Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', header),
      pngChunk('IDAT', deflate),
      pngChunk('IEND', Buffer.alloc(0)),
    ]),
  };
}

/**
 * A little-endian TIFF of `pages` white 1-bit pages of `size` x `size` pixels. Every page points at
 * the same strip, so 5,000 pages take under 1 MB. `loop` makes the last page's "next page" point
 * back at the first, so a reader following the chain never reaches the end.
 */
export function multiPageTiff(
  pages = 5_000,
  options: { size?: number; loop?: boolean; filename?: string } = {},
): HostileFile {
  const size = options.size ?? 64;
  const rowBytes = Math.ceil(size / 8);
  const stripBytes = rowBytes * size;
  const stripOffset = 8;
  const rationalOffset = stripOffset + stripBytes;
  const firstIfd = rationalOffset + 8;
  const tags: Array<[tag: number, type: number, value: number]> = [
    [254, 4, 2], // NewSubfileType: a page of a multi-page image
    [256, 4, size], // ImageWidth
    [257, 4, size], // ImageLength
    [258, 3, 1], // BitsPerSample
    [259, 3, 1], // Compression: none
    [262, 3, 0], // PhotometricInterpretation: WhiteIsZero
    [273, 4, stripOffset], // StripOffsets
    [277, 3, 1], // SamplesPerPixel
    [278, 4, size], // RowsPerStrip
    [279, 4, stripBytes], // StripByteCounts
    [282, 5, rationalOffset], // XResolution
    [283, 5, rationalOffset], // YResolution
    [296, 3, 2], // ResolutionUnit: inch
  ];
  const ifdBytes = 2 + tags.length * 12 + 4;
  const out = Buffer.alloc(firstIfd + pages * ifdBytes);
  out.write('II', 0, 'latin1');
  out.writeUInt16LE(42, 2);
  out.writeUInt32LE(firstIfd, 4);
  // The strip stays zero: white in WhiteIsZero.
  out.writeUInt32LE(200, rationalOffset);
  out.writeUInt32LE(1, rationalOffset + 4);
  for (let page = 0; page < pages; page += 1) {
    const at = firstIfd + page * ifdBytes;
    out.writeUInt16LE(tags.length, at);
    tags.forEach(([tag, type, value], index) => {
      const entry = at + 2 + index * 12;
      out.writeUInt16LE(tag, entry);
      out.writeUInt16LE(type, entry + 2);
      out.writeUInt32LE(1, entry + 4);
      if (type === 3) out.writeUInt16LE(value, entry + 8);
      else out.writeUInt32LE(value, entry + 8);
    });
    const last = page === pages - 1;
    const next = last ? (options.loop ? firstIfd : 0) : at + ifdBytes;
    out.writeUInt32LE(next, at + 2 + tags.length * 12);
  }
  return { filename: options.filename ?? 'many-pages.tiff', bytes: out };
}

// ---------------------------------------------------------------------------------------------
// Mail.

/** A mailbox of `messages` short messages; message i (from 1) says "Ticket i". */
export function largeMbox(messages = 10_050, filename = 'large.mbox'): HostileFile {
  const parts: string[] = [];
  for (let i = 1; i <= messages; i += 1) {
    parts.push(
      `From helpdesk@example.com Mon Jan  1 00:00:00 2024\n` +
        `From: Helpdesk <helpdesk@example.com>\nTo: it@example.com\nSubject: Ticket ${i}\n` +
        `Date: Mon, 1 Jan 2024 00:00:00 +0000\n\nTicket ${i}: the VPN token of user ${i} was reset.\n\n`,
    );
  }
  return { filename, bytes: Buffer.from(parts.join(''), 'utf8') };
}

// ---------------------------------------------------------------------------------------------
// Large, not malformed.

/**
 * An XLSX of `rows` x `cols` numeric cells: an honest workbook (it compresses about 4:1, like any
 * real one), but a reader holding it in memory needs hundreds of bytes per cell.
 */
export function hugeSheetXlsx(rows = 100_000, cols = 10, filename = 'huge-sheet.xlsx'): HostileFile {
  const columns = Array.from({ length: cols }, (_, c) => String.fromCharCode(65 + c));
  const body: string[] = [];
  for (let r = 1; r <= rows; r += 1) {
    const cells = columns.map(
      (column, c) => `<c r="${column}${r}"><v>${(r * 7919 + c * 104729) % 1000003}</v></c>`,
    );
    body.push(`<row r="${r}">${cells.join('')}</row>`);
  }
  const sheet = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${S_NS}"><sheetData>${body.join('')}</sheetData></worksheet>`;
  return singleSheetXlsx(filename, sheet);
}
