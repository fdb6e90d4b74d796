// PNG, JPEG and TIFF: OCR with the tesseract CLI (`tesseract <file> stdout`). The image is written
// to a private temporary directory under a fixed name (never the client's file name). Tesseract
// separates the pages of a multi-page TIFF with a form feed; each page becomes a section.
// Before OCR the headers are read: an image (or TIFF page) over INGEST_LIMITS.maxImagePixels is
// refused, a TIFF whose pages loop is refused, and a TIFF is cut after maxTiffPages pages.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { buildDocument, normaliseText } from '../document';
import { jpegSize, pngSize, tiffLayout, truncateTiff, type ImageSize } from '../image-header';
import { INGEST_LIMITS } from '../limits';
import { ParseError } from '../types';
import type { Parser } from './parser';

export const OCR_UNAVAILABLE = 'OCR is not available: install tesseract-ocr';
const MAX_OUTPUT_BYTES = 50 * 1024 * 1024;

function runTesseract(document: string, binary: string, file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    // One OpenMP thread unless the deployment says otherwise: tesseract's threads spin while they
    // wait, and on a busy worker (several parses, other jobs) that made a page 4x slower in the
    // benchmark, not faster.
    const env = { ...process.env, OMP_THREAD_LIMIT: process.env.OMP_THREAD_LIMIT ?? '1' };
    const child = spawn(binary, [file, 'stdout'], { stdio: ['ignore', 'pipe', 'pipe'], env });
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > MAX_OUTPUT_BYTES) child.kill('SIGKILL');
      else out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (err.length < 4096) err += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        new ParseError(document, error.code === 'ENOENT' ? OCR_UNAVAILABLE : `OCR failed (${error.message})`),
      );
    });
    child.on('close', (code, signal) => {
      if (code === 0) return resolve(Buffer.concat(out).toString('utf8'));
      const detail = err.trim().split('\n').slice(-1)[0] || `exit ${code ?? signal}`;
      reject(new ParseError(document, `OCR could not read the image (${detail})`));
    });
  });
}

function assertPixels(document: string, size: ImageSize, what: string): void {
  const max = INGEST_LIMITS.maxImagePixels;
  if (size.width * size.height <= max) return;
  const megapixels = ((size.width * size.height) / 1e6).toFixed(1);
  throw new ParseError(
    document,
    `${what} is ${size.width} x ${size.height} pixels (${megapixels} megapixels); at most ${max / 1e6} megapixels are read by OCR`,
  );
}

/** The bytes OCR reads, once the sizes are checked: a TIFF loses the pages past the cap. */
function checkedImage(
  document: string,
  extension: string,
  bytes: Buffer,
): { bytes: Buffer; pages: number; warnings: string[] } {
  if (extension === 'tiff') {
    const layout = tiffLayout(bytes);
    const count = layout.pages.length;
    if (layout.loops)
      throw new ParseError(
        document,
        `the TIFF is malformed (its chain of pages loops back after page ${count})`,
      );
    if (count === 0) throw new ParseError(document, 'the TIFF is malformed (no page could be read)');
    const cap = INGEST_LIMITS.maxTiffPages;
    layout.pages
      .slice(0, cap)
      .forEach((page, index) =>
        assertPixels(document, page, count > 1 ? `page ${index + 1} of the TIFF` : 'the image'),
      );
    if (count <= cap) return { bytes, pages: count, warnings: [] };
    return {
      bytes: truncateTiff(bytes, layout, cap),
      pages: cap,
      warnings: [`the TIFF has ${count} pages; the first ${cap} were read and ${count - cap} skipped`],
    };
  }
  const size = extension === 'png' ? pngSize(bytes) : jpegSize(bytes);
  if (!size) throw new ParseError(document, `the image is malformed (its size could not be read)`);
  assertPixels(document, size, 'the image');
  return { bytes, pages: 1, warnings: [] };
}

export const parseImage: Parser = async ({ bytes, document, extension, tesseractPath }) => {
  const checked = checkedImage(document, extension, bytes);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'auditsvc-ocr-'));
  try {
    const file = path.join(dir, `image.${extension}`);
    await writeFile(file, checked.bytes);
    const output = await runTesseract(document, tesseractPath ?? 'tesseract', file);
    const pages = output.split('\f').map(normaliseText);
    // Some tesseract versions end the last page with a form feed too; blank pages stay pages.
    while (pages.length > checked.pages && pages[pages.length - 1] === '') pages.pop();
    const multiPage = extension === 'tiff' && pages.length > 1;
    const warnings = [...checked.warnings];
    if (pages.every((page) => page === '')) warnings.push('OCR found no text in the image');
    return buildDocument({
      document,
      extension,
      sections: multiPage
        ? pages.map((text, index) => ({ text, page: index + 1 }))
        : [{ text: pages.join('\n\n') }],
      pageCount: multiPage ? pages.length : null,
      warnings,
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};
