// DOCX and XLSX are zip packages, and a zip can claim anything about itself: a few kilobytes may
// inflate to gigabytes, or hold millions of entries. Every package is inflated here first, with the
// real inflated byte counts checked against caps while inflating, before any XML parser or exceljs
// sees it. The package is fed to the inflater in small slices: fflate inflates all the input it is
// given in one step, and deflate reaches about 1,000:1, so one step on a whole 1 MB bomb would
// allocate a gigabyte before any cap could be checked; a 16 KB slice inflates to 16 MB at most.
// The ratio is checked against the compressed bytes fed so far, not the entry's declared size, so
// a bomb is refused within its first megabytes instead of after the total cap.
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
const INPUT_SLICE_BYTES = 16 * 1024;

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
  /** Bytes of the package handed to the inflater so far. */
  let fed = 0;
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
    // The entry's data starts somewhere in the slice being fed now: counting from the slice's start
    // over-counts what it has consumed (so under-states its ratio) by less than one slice.
    const fedBeforeEntry = fed - INPUT_SLICE_BYTES;
    const declaredCompressed = file.size !== undefined && file.size > 0 ? file.size : Infinity;
    file.ondata = (error, data, final) => {
      if (error) throw error;
      entryBytes += data.length;
      totalBytes += data.length;
      if (totalBytes > limits.maxTotalBytes)
        throw new ZipLimitExceeded(`it inflates to more than ${limits.maxTotalBytes} bytes`);
      const consumed = Math.min(declaredCompressed, fed - fedBeforeEntry);
      if (entryBytes > RATIO_EXEMPT_BYTES && entryBytes / consumed > limits.maxEntryRatio)
        throw new ZipLimitExceeded(`the entry ${file.name} compresses more than ${limits.maxEntryRatio}:1`);
      if (wanted) parts.push(data);
      if (wanted && final) kept.set(file.name, concat(parts, entryBytes));
    };
    file.start();
  };
  try {
    for (let offset = 0; offset < bytes.length; offset += INPUT_SLICE_BYTES) {
      const end = Math.min(offset + INPUT_SLICE_BYTES, bytes.length);
      fed = end;
      unzip.push(bytes.subarray(offset, end), end === bytes.length);
    }
    if (bytes.length === 0) unzip.push(bytes, true);
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
