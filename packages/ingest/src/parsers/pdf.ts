// PDF: pdf.js text extraction, one section per page. pdf.js returns positioned text runs; they are
// joined into lines by their baseline (a run on a new baseline starts a new line, a wider than
// normal gap between baselines a new paragraph) and runs on one line are separated by a space when
// the layout leaves a gap. Running headers and footers are lifted off the page edges and put once
// at the top of the first page (./running-lines.ts). `isEvalSupported: false` closes CVE-2024-4367
// (font code evaluation).
import { assertTextWithinLimit, buildDocument, normaliseText, type SectionDraft } from '../document';
import { INGEST_LIMITS } from '../limits';
import { loadPdfJs, pdfJsAssetDir } from '../pdfjs';
import { ParseError } from '../types';
import type { Parser } from './parser';
import { withoutRunningLines } from './running-lines';

interface TextRun {
  str: string;
  transform: number[];
  width: number;
  height: number;
  hasEOL: boolean;
}

function isTextRun(item: unknown): item is TextRun {
  return typeof item === 'object' && item !== null && 'str' in item && 'transform' in item;
}

export function joinTextRuns(runs: TextRun[]): string {
  const lines: string[] = [];
  let line = '';
  let lineY: number | null = null;
  let lineSize = 0;
  let previousLineY: number | null = null;
  let previousLineSize = 0;
  let lastXEnd = 0;

  const endLine = () => {
    if (line.trim() === '') {
      line = '';
      return;
    }
    // A gap between baselines well beyond normal line spacing separates paragraphs.
    if (previousLineY !== null && lineY !== null) {
      const spacing = Math.abs(previousLineY - lineY);
      const size = Math.max(previousLineSize, lineSize, 1);
      if (spacing > size * 1.75) lines.push('');
    }
    lines.push(line.trimEnd());
    previousLineY = lineY;
    previousLineSize = lineSize;
    line = '';
    lineY = null;
  };

  for (const run of runs) {
    if (run.str !== '') {
      const [, , c = 0, d = 0, x = 0, y = 0] = run.transform;
      const size = Math.hypot(c, d) || run.height || 1;
      if (lineY !== null && Math.abs(y - lineY) > Math.max(size, lineSize) * 0.5) endLine();
      if (lineY === null) {
        lineY = y;
        lineSize = size;
      } else if (x - lastXEnd > size * 0.15 && !line.endsWith(' ') && !run.str.startsWith(' ')) {
        line += ' ';
      }
      line += run.str;
      lineSize = Math.max(lineSize, size);
      lastXEnd = x + run.width;
    }
    if (run.hasEOL) endLine();
  }
  endLine();
  return lines.join('\n');
}

function describePdfError(error: unknown): string {
  const name = (error as { name?: string }).name;
  const message = (error as Error).message ?? String(error);
  if (name === 'PasswordException')
    return 'the PDF is encrypted (password protected); upload an unprotected copy';
  if (name === 'InvalidPDFException') return `the PDF is malformed (${message})`;
  return `the PDF could not be read (${message})`;
}

export const parsePdf: Parser = async ({ bytes, document, extension }) => {
  const pdfjs = loadPdfJs();
  // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    // Metrics of the 14 standard fonts and the CMaps of CJK text, read from the pdf.js package:
    // without them text in non-embedded fonts can come out garbled or not at all.
    standardFontDataUrl: pdfJsAssetDir('standard_fonts'),
    cMapUrl: pdfJsAssetDir('cmaps'),
    cMapPacked: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    let pdf;
    try {
      pdf = await task.promise;
    } catch (error) {
      throw new ParseError(document, describePdfError(error));
    }
    const maxPages = INGEST_LIMITS.maxPdfPages;
    if (pdf.numPages > maxPages)
      throw new ParseError(document, `the PDF has ${pdf.numPages} pages; at most ${maxPages} are indexed`);
    const sections: SectionDraft[] = [];
    const warnings: string[] = [];
    let chars = 0;
    for (let number = 1; number <= pdf.numPages; number += 1) {
      let text: string;
      try {
        const page = await pdf.getPage(number);
        const content = await page.getTextContent();
        text = normaliseText(joinTextRuns((content.items as unknown[]).filter(isTextRun)));
        page.cleanup();
      } catch (error) {
        throw new ParseError(
          document,
          `page ${number} of the PDF is malformed (${(error as Error).message})`,
        );
      }
      chars += text.length;
      assertTextWithinLimit(document, chars);
      sections.push({ text, page: number });
    }
    const empty = sections.filter((section) => section.text === '').length;
    if (empty === sections.length && sections.length > 0)
      warnings.push('the PDF has no text layer (scanned?); no text was extracted');
    else if (empty > 0) warnings.push(`${empty} of ${sections.length} pages have no text`);
    const { pages, running } = withoutRunningLines(sections.map((section) => section.text));
    pages.forEach((text, i) => (sections[i]!.text = text));
    if (running.length > 0)
      sections[0]!.text = [running.join('\n'), sections[0]!.text].filter(Boolean).join('\n\n');
    return buildDocument({ document, extension, sections, pageCount: pdf.numPages, warnings });
  } finally {
    await task.destroy();
  }
};
