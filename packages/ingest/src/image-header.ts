// Image dimensions read from the headers alone, so that OCR is refused an image too large to decode
// before anything decodes it (a 10,000 x 10,000 PNG is 20 KB on disk), and the pages of a TIFF can
// be counted and capped. Only what the upload sniff accepted reaches here: PNG, JPEG, classic TIFF.

export interface ImageSize {
  width: number;
  height: number;
}

/** PNG: the IHDR chunk is always first (signature 8 bytes, length 4, type 4, then width, height). */
export function pngSize(bytes: Buffer): ImageSize | null {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic); C4, C8 and CC are not. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** JPEG: walks the marker segments to the first start-of-frame, which holds the size. */
export function jpegSize(bytes: Buffer): ImageSize | null {
  let at = 2; // after SOI
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM, RST0-7, SOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image, or scan data before any frame
    const length = bytes.readUInt16BE(at + 2);
    if (isStartOfFrame(marker)) {
      if (at + 9 > bytes.length) return null;
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

export interface TiffPage extends ImageSize {
  /** Where this page's "next page" offset is stored: zeroing it ends the file after this page. */
  nextPointerAt: number;
}

export interface TiffLayout {
  pages: TiffPage[];
  /** The chain of pages leads back to a page already seen. */
  loops: boolean;
}

const TIFF_WIDTH = 256;
const TIFF_HEIGHT = 257;
const TIFF_SHORT = 3;

/**
 * TIFF: follows the chain of image file directories (one per page), reading each page's width and
 * height. A chain that points back at a page already seen is reported, not followed; one that
 * points outside the file ends there.
 */
export function tiffLayout(bytes: Buffer): TiffLayout {
  const little = bytes.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? bytes.readUInt16LE(at) : bytes.readUInt16BE(at));
  const u32 = (at: number) => (little ? bytes.readUInt32LE(at) : bytes.readUInt32BE(at));
  const pages: TiffPage[] = [];
  const seen = new Set<number>();
  let offset = bytes.length >= 8 ? u32(4) : 0;
  while (offset !== 0) {
    if (seen.has(offset)) return { pages, loops: true };
    seen.add(offset);
    if (offset + 2 > bytes.length) break;
    const count = u16(offset);
    const nextPointerAt = offset + 2 + count * 12;
    if (nextPointerAt + 4 > bytes.length) break;
    let width = 0;
    let height = 0;
    for (let entry = offset + 2; entry < nextPointerAt; entry += 12) {
      const tag = u16(entry);
      if (tag !== TIFF_WIDTH && tag !== TIFF_HEIGHT) continue;
      const value = u16(entry + 2) === TIFF_SHORT ? u16(entry + 8) : u32(entry + 8);
      if (tag === TIFF_WIDTH) width = value;
      else height = value;
    }
    pages.push({ width, height, nextPointerAt });
    offset = u32(nextPointerAt);
  }
  return { pages, loops: false };
}

/** A copy of the TIFF that ends after page `count` (the pages after it are no longer reachable). */
export function truncateTiff(bytes: Buffer, layout: TiffLayout, count: number): Buffer {
  const copy = Buffer.from(bytes);
  const last = layout.pages[count - 1];
  if (last) copy.writeUInt32LE(0, last.nextPointerAt); // zero reads the same in either byte order
  return copy;
}
