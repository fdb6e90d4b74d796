// PNG, JPEG and TIFF: OCR with the tesseract CLI (`tesseract <file> stdout`). The image is written
// to a private temporary directory under a fixed name (never the client's file name). Tesseract
// separates the pages of a multi-page TIFF with a form feed; each page becomes a section.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { buildDocument, normaliseText } from '../document';
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

export const parseImage: Parser = async ({ bytes, document, extension, tesseractPath }) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'auditsvc-ocr-'));
  try {
    const file = path.join(dir, `image.${extension}`);
    await writeFile(file, bytes);
    const output = await runTesseract(document, tesseractPath ?? 'tesseract', file);
    const pages = output.split('\f').map(normaliseText);
    // Tesseract ends the last page with a form feed too.
    while (pages.length > 1 && pages[pages.length - 1] === '') pages.pop();
    const multiPage = extension === 'tiff' && pages.length > 1;
    const warnings = pages.every((page) => page === '') ? ['OCR found no text in the image'] : [];
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
