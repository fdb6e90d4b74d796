// The limits that keep a hostile client file from taking the parser (or the worker) down with it.
// Each one, when a file passes it, fails the file with a reason that names the limit, or caps the
// file and says what was left out; the README lists them. The zip guard's limits are in zip-guard.ts
// (DEFAULT_ZIP_LIMITS), the parse host's time and memory limits in parse-host.ts.
export const INGEST_LIMITS = {
  /** Element nesting of any XML part of a DOCX or XLSX; Office writes a few dozen levels at most. */
  maxXmlDepth: 256,
  /** Pixels of an image (or of one TIFF page) sent to OCR: an A4 page scanned at 600 dpi is 35 M. */
  maxImagePixels: 40_000_000,
  /** Pages of a multi-page TIFF read by OCR; the rest are skipped, and the file says so. */
  maxTiffPages: 100,
  /** Pages of a PDF. */
  maxPdfPages: 5_000,
  /** Messages of an mbox read; the rest are skipped, and the file says so. */
  maxMboxMessages: 10_000,
  /** MIME parts of one e-mail message. */
  maxMimeParts: 500,
  /** Rows of a CSV. */
  maxCsvRows: 1_000_000,
  /** Characters of text one document may yield (about 3,000 dense pages). */
  maxDocumentChars: 10_000_000,
  /**
   * Characters of text of one ingest, all documents together. The worker holds them all until one
   * transaction stores them, and its memory at the peak is mostly garbage V8 has not collected
   * yet: measured with text outside Latin-1 (two bytes a character), 19.6 M characters in four
   * files took it to 0.89 GB, 24.7 M in three to 1.03 GB. This keeps the worker under 1 GB.
   */
  maxCorpusChars: 20_000_000,
} as const;
