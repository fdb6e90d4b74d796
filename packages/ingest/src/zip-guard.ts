// DOCX and XLSX are zip packages, and a zip can claim anything about itself: a few kilobytes may
// inflate to gigabytes, or hold millions of entries. Every package is inflated here first, with the
// real inflated byte counts checked against caps while inflating, before any XML parser or exceljs
// sees it.
import { Unzip, UnzipInflate } from 'fflate';

import { ParseError } from './types';

export interface ZipLimits {
  maxEntries: number;
  maxTotalBytes: number;
  /** Largest inflated/compressed ratio of one entry (entries under 1 MB inflated are exempt). */
  maxEntryRatio: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 2_000,
  maxTotalBytes: 200 * 1024 * 1024,
  maxEntryRatio: 200,
};

const RATIO_EXEMPT_BYTES = 1024 * 1024;

class ZipLimitExceeded extends Error {}

/**
 * Inflates every entry of the package (so the caps hold for all of them) and returns the ones
 * `keep` wants, by entry name. Throws ParseError naming `document` for a bomb or a broken zip.
 */
export function guardedUnzip(
  document: string,
  bytes: Uint8Array,
  keep: (name: string) => boolean,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): Map<string, Uint8Array> {
  const kept = new Map<string, Uint8Array>();
  let entries = 0;
  let totalBytes = 0;
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.onfile = (file) => {
    entries += 1;
    if (entries > limits.maxEntries)
      throw new ZipLimitExceeded(`it holds more than ${limits.maxEntries} entries`);
    if (file.originalSize !== undefined && file.originalSize > limits.maxTotalBytes)
      throw new ZipLimitExceeded(`the entry ${file.name} declares ${file.originalSize} bytes inflated`);
    const wanted = keep(file.name);
    const parts: Uint8Array[] = [];
    let entryBytes = 0;
    file.ondata = (error, data, final) => {
      if (error) throw error;
      entryBytes += data.length;
      totalBytes += data.length;
      if (totalBytes > limits.maxTotalBytes)
        throw new ZipLimitExceeded(`it inflates to more than ${limits.maxTotalBytes} bytes`);
      const compressed = file.size ?? 0;
      if (entryBytes > RATIO_EXEMPT_BYTES && compressed > 0 && entryBytes / compressed > limits.maxEntryRatio)
        throw new ZipLimitExceeded(`the entry ${file.name} compresses more than ${limits.maxEntryRatio}:1`);
      if (wanted) parts.push(data);
      if (wanted && final) kept.set(file.name, concat(parts, entryBytes));
    };
    file.start();
  };
  try {
    unzip.push(bytes, true);
  } catch (error) {
    if (error instanceof ZipLimitExceeded)
      throw new ParseError(document, `refused as a possible zip bomb: ${error.message}`);
    throw new ParseError(document, `the zip package is malformed (${(error as Error).message})`);
  }
  if (entries === 0) throw new ParseError(document, 'the zip package is empty or malformed');
  return kept;
}

function concat(parts: Uint8Array[], length: number): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
