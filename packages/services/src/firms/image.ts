// Recognises the four logo image types by their content (magic bytes), never by name or header.
export type LogoContentType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/svg+xml';

export const LOGO_CONTENT_TYPES: readonly LogoContentType[] = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/svg+xml',
];

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// Optional BOM, XML declaration, comments and a DOCTYPE may precede the <svg> root.
const SVG_PROLOGUE =
  /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*?(\[[\s\S]*?\])?\s*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>/]/i;

export function sniffImage(bytes: Buffer): LogoContentType | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'image/webp';
  }
  if (!bytes.includes(0)) {
    const head = bytes.subarray(0, 4096).toString('utf8');
    if (SVG_PROLOGUE.test(head)) return 'image/svg+xml';
  }
  return null;
}
