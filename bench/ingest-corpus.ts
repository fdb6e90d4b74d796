// The ingest benchmark's corpus and the parser throughput measurement.
//
// `buildBenchCorpus(dir, { files: 500 })` writes a deterministic mixed corpus (md, txt, csv, docx,
// xlsx, eml, mbox, pdf, png): PDFs of 200 pages in all, made by LibreOffice from generated HTML (real
// embedded fonts, as client PDFs have), and 20 "scanned" PNGs rendered from PDF pages by pdftoppm.
// `measureParsers(dir)` times our parse host on the corpus's PDFs and images against the pdftotext
// and tesseract CLIs on the same files, one file at a time on both sides.
//
// Run alone: `npx tsx bench/ingest-corpus.ts [dir]`: builds the corpus (in `dir`, or a temporary
// directory removed afterwards) unless `dir` already holds files, then measures.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { Document, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import ExcelJS from 'exceljs';

import { createParseHost } from '@auditsvc/ingest';

const run = promisify(execFile);

export interface BenchCorpusOptions {
  /** Total files written. Default 500. */
  files?: number;
  /** Total PDF pages (spread over PDFs of `pagesPerPdf`). Default 200 for 500 files, else pro rata. */
  pdfPages?: number;
  pagesPerPdf?: number;
  /** Scanned PNG pages. Default 20 for 500 files, else pro rata. */
  scannedImages?: number;
}

export interface BenchCorpusManifest {
  dir: string;
  files: string[];
  byExtension: Record<string, number>;
  pdfPages: number;
  scannedImages: number;
  totalBytes: number;
}

// --- deterministic text -------------------------------------------------------------------------

/** mulberry32: a small seeded generator, so every run writes the same corpus. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOPICS = [
  'Access Control',
  'Backup and Recovery',
  'Change Management',
  'Data Retention',
  'Encryption',
  'Incident Response',
  'Logging and Monitoring',
  'Password Management',
  'Risk Assessment',
  'Vendor Management',
  'Workstation Security',
  'Business Continuity',
];
const SUBJECTS = [
  'The system owner',
  'The security team',
  'Each employee',
  'The IT manager',
  'The service provider',
  'The data protection officer',
  'Every contractor',
  'The change advisory board',
];
const VERBS = [
  'must review',
  'shall approve',
  'documents',
  'verifies',
  'retains',
  'encrypts',
  'reports',
  'tests',
];
const OBJECTS = [
  'all privileged accounts',
  'production database backups',
  'the vendor inventory',
  'security incidents involving customer data',
  'audit logs of production systems',
  'recovery keys of company laptops',
  'exceptions to this policy',
  'quarterly access review evidence',
];
const QUALIFIERS = [
  'at least every 90 days',
  'within 24 hours',
  'before the change is deployed',
  'once a year',
  'using AES-256',
  'for twelve months',
  'with multi-factor authentication',
  'as described in section 4.2',
];

function sentence(random: () => number): string {
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  return `${pick(SUBJECTS)} ${pick(VERBS)} ${pick(OBJECTS)} ${pick(QUALIFIERS)}.`;
}

function paragraph(random: () => number, sentences: number): string {
  return Array.from({ length: sentences }, () => sentence(random)).join(' ');
}

function isoDay(random: () => number): string {
  const day = new Date(Date.UTC(2022, 0, 1) + Math.floor(random() * 1_000) * 86_400_000);
  return day.toISOString().slice(0, 10);
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

// --- one writer per type ------------------------------------------------------------------------

function markdown(random: () => number, title: string): string {
  const sections = [
    `# ${title}`,
    '',
    `Version ${1 + Math.floor(random() * 4)}.${Math.floor(random() * 10)}`,
    '',
  ];
  for (let index = 1; index <= 4; index += 1)
    sections.push(
      `## ${index}. ${TOPICS[Math.floor(random() * TOPICS.length)]}`,
      '',
      paragraph(random, 6),
      '',
    );
  return sections.join('\n');
}

function plainText(random: () => number, title: string): string {
  return [title.toUpperCase(), '', ...Array.from({ length: 5 }, () => paragraph(random, 5))].join('\n\n');
}

function csv(random: () => number): string {
  const lines = ['vendor,service,handles_phi,soc2_report,baa_signed,last_risk_assessment'];
  for (let row = 0; row < 40; row += 1)
    lines.push(
      [
        `Vendor ${row + 1} LLC`,
        `"${TOPICS[row % TOPICS.length]}, hosted"`,
        random() < 0.5 ? 'yes' : 'no',
        random() < 0.7 ? 'SOC 2 Type II 2024' : 'none',
        random() < 0.6 ? 'yes' : 'no',
        isoDay(random),
      ].join(','),
    );
  return `${lines.join('\n')}\n`;
}

async function docx(random: () => number, title: string): Promise<Buffer> {
  const rows = Array.from(
    { length: 6 },
    () =>
      new TableRow({
        children: [
          new TableCell({ children: [new Paragraph(OBJECTS[Math.floor(random() * OBJECTS.length)]!)] }),
          new TableCell({ children: [new Paragraph(isoDay(random))] }),
        ],
      }),
  );
  const body = [
    new Paragraph({ children: [new TextRun({ text: title, bold: true })] }),
    new Table({ rows }),
    ...Array.from({ length: 8 }, () => new Paragraph(paragraph(random, 4))),
  ];
  return Packer.toBuffer(new Document({ sections: [{ children: body }] }));
}

async function xlsx(random: () => number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const name of ['Access Reviews', 'Exceptions']) {
    const sheet = workbook.addWorksheet(name);
    sheet.addRow(['ID', 'System', 'Date', 'Reviewer', 'Accounts', 'Notes']);
    for (let row = 1; row <= 30; row += 1)
      sheet.addRow([
        `AR-${row}`,
        OBJECTS[row % OBJECTS.length],
        new Date(`${isoDay(random)}T00:00:00Z`),
        SUBJECTS[row % SUBJECTS.length],
        Math.floor(random() * 100),
        sentence(random),
      ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function email(random: () => number, index: number, subject: string): string {
  const date = new Date(Date.UTC(2024, 0, 1) + index * 3_600_000).toUTCString().replace('GMT', '+0000');
  return [
    `From: Auditor ${index} <auditor${index}@example.test>`,
    'To: it-ops@example.test',
    `Subject: ${subject}`,
    `Date: ${date}`,
    `Message-ID: <bench-${index}@example.test>`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    paragraph(random, 5),
    '',
    paragraph(random, 3),
    '',
  ].join('\n');
}

function mbox(random: () => number, index: number): string {
  return [0, 1, 2]
    .map(
      (message) =>
        `From auditor${index}@example.test Mon Jan  1 00:00:00 2024\n${email(random, index * 10 + message, `Thread ${index} message ${message + 1}`)}`,
    )
    .join('\n');
}

/** An HTML document of exactly `pages` pages when LibreOffice prints it (a page break per page). */
function pdfSourceHtml(random: () => number, title: string, pages: number): string {
  const body = Array.from({ length: pages }, (_v, page) => {
    const style = page === 0 ? '' : ' style="page-break-before: always"';
    return `<h2${style}>${escapeHtml(title)}: part ${page + 1}</h2>\n${[1, 2, 3].map(() => `<p>${escapeHtml(paragraph(random, 5))}</p>`).join('\n')}`;
  });
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>\n${body.join('\n')}\n</body></html>\n`;
}

// --- the corpus ---------------------------------------------------------------------------------

async function pdfPageCount(file: string): Promise<number> {
  const { stdout } = await run('pdfinfo', [file]);
  return Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1] ?? 0);
}

/** Converts HTML files to PDF in one LibreOffice run, with a private profile (no clash with others). */
async function htmlToPdf(htmlFiles: string[], outDir: string, workDir: string): Promise<void> {
  const profile = path.join(workDir, 'lo-profile');
  await run(
    'libreoffice',
    [
      `-env:UserInstallation=file://${profile}`,
      '--headless',
      '--convert-to',
      'pdf:writer_pdf_Export',
      '--outdir',
      outDir,
      ...htmlFiles,
    ],
    {
      timeout: 600_000,
      maxBuffer: 16 * 1024 * 1024,
    },
  );
}

async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += size)
    await Promise.all(items.slice(start, start + size).map(work));
}

export async function buildBenchCorpus(
  dir: string,
  options: BenchCorpusOptions = { files: 500 },
): Promise<BenchCorpusManifest> {
  const files = options.files ?? 500;
  const scale = files / 500;
  const pagesPerPdf = options.pagesPerPdf ?? 5;
  const pdfPages = options.pdfPages ?? Math.max(pagesPerPdf, Math.round(200 * scale));
  const pdfCount = Math.ceil(pdfPages / pagesPerPdf);
  const scannedImages = options.scannedImages ?? Math.max(1, Math.round(20 * scale));
  const others = files - pdfCount - scannedImages;
  if (others < 0) throw new Error(`${files} files cannot hold ${pdfCount} PDFs and ${scannedImages} images`);

  fs.mkdirSync(dir, { recursive: true });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'auditsvc-bench-ingest-'));
  const random = prng(20_240_101);
  const written: string[] = [];
  const write = (name: string, content: string | Buffer) => {
    fs.writeFileSync(path.join(dir, name), content);
    written.push(name);
  };

  try {
    // PDFs: the last one takes the remainder so the total is exact.
    const htmlFiles: string[] = [];
    for (let index = 0; index < pdfCount; index += 1) {
      const pages = index === pdfCount - 1 ? pdfPages - pagesPerPdf * (pdfCount - 1) : pagesPerPdf;
      const name = `report-${String(index + 1).padStart(3, '0')}`;
      const html = path.join(work, `${name}.html`);
      fs.writeFileSync(
        html,
        pdfSourceHtml(random, `${TOPICS[index % TOPICS.length]} Report ${index + 1}`, pages),
      );
      htmlFiles.push(html);
    }
    await htmlToPdf(htmlFiles, dir, work);
    let pageTotal = 0;
    for (const html of htmlFiles) {
      const name = `${path.basename(html, '.html')}.pdf`;
      pageTotal += await pdfPageCount(path.join(dir, name));
      written.push(name);
    }

    // Scans: page 1 of successive PDFs rendered at 150 dpi, as a scanner would deliver them.
    const scans = Array.from({ length: scannedImages }, (_v, index) => index);
    await inBatches(scans, 4, async (index) => {
      const source = path.join(dir, written[index % pdfCount]!);
      const page = 1 + Math.floor(index / pdfCount);
      const prefix = path.join(work, `scan-${index}`);
      await run('pdftoppm', [
        '-png',
        '-r',
        '150',
        '-f',
        String(page),
        '-l',
        String(page),
        '-singlefile',
        source,
        prefix,
      ]);
      fs.renameSync(`${prefix}.png`, path.join(dir, `scan-${String(index + 1).padStart(3, '0')}.png`));
    });
    for (const index of scans) written.push(`scan-${String(index + 1).padStart(3, '0')}.png`);

    const kinds = ['md', 'txt', 'csv', 'docx', 'xlsx', 'eml', 'mbox'] as const;
    for (let index = 0; index < others; index += 1) {
      const kind = kinds[index % kinds.length]!;
      const title = `${TOPICS[index % TOPICS.length]} ${kind === 'md' ? 'Policy' : 'Record'} ${index + 1}`;
      const name = `${kind}-${String(index + 1).padStart(3, '0')}.${kind}`;
      switch (kind) {
        case 'md':
          write(name, markdown(random, title));
          break;
        case 'txt':
          write(name, plainText(random, title));
          break;
        case 'csv':
          write(name, csv(random));
          break;
        case 'docx':
          write(name, await docx(random, title));
          break;
        case 'xlsx':
          write(name, await xlsx(random));
          break;
        case 'eml':
          write(name, email(random, index, title));
          break;
        case 'mbox':
          write(name, mbox(random, index));
          break;
      }
    }

    const byExtension: Record<string, number> = {};
    let totalBytes = 0;
    for (const name of written) {
      const extension = path.extname(name).slice(1);
      byExtension[extension] = (byExtension[extension] ?? 0) + 1;
      totalBytes += fs.statSync(path.join(dir, name)).size;
    }
    return { dir, files: written, byExtension, pdfPages: pageTotal, scannedImages, totalBytes };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

// --- measurement --------------------------------------------------------------------------------

export interface ThroughputFigures {
  files: number;
  pages: number;
  oursSeconds: number;
  cliSeconds: number;
  oursPagesPerSecond: number;
  cliPagesPerSecond: number;
  /** ours / CLI pages per second. */
  ratio: number;
}

export interface ParserMeasurement {
  pdf: ThroughputFigures;
  /** Against the tesseract CLI with its default (OpenMP) threads. */
  ocr: ThroughputFigures;
  /** Against the tesseract CLI with OMP_THREAD_LIMIT=1 (our parser's setting). */
  ocrOneThread: ThroughputFigures;
  targets: { pdfRatio: number; ocrRatio: number };
  met: { pdf: boolean; ocr: boolean };
}

function runCli(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'ignore'], env });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`)),
    );
  });
}

function figures(files: number, pages: number, oursSeconds: number, cliSeconds: number): ThroughputFigures {
  const oursPagesPerSecond = pages / oursSeconds;
  const cliPagesPerSecond = pages / cliSeconds;
  return {
    files,
    pages,
    oursSeconds,
    cliSeconds,
    oursPagesPerSecond,
    cliPagesPerSecond,
    ratio: oursPagesPerSecond / cliPagesPerSecond,
  };
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = process.hrtime.bigint();
  const result = await work();
  return [result, Number(process.hrtime.bigint() - started) / 1e9];
}

/** Times the parse host against pdftotext (PDFs) and tesseract (PNG/JPEG/TIFF scans) on `dir`. */
export async function measureParsers(
  dir: string,
  log: (line: string) => void = console.log,
): Promise<ParserMeasurement> {
  const names = fs.readdirSync(dir).sort();
  const pdfs = names.filter((name) => name.endsWith('.pdf')).map((name) => path.join(dir, name));
  const images = names.filter((name) => /\.(png|jpe?g|tiff)$/.test(name)).map((name) => path.join(dir, name));
  const host = createParseHost({ timeoutMs: 120_000 });
  try {
    // Start the child (and load pdf.js) outside the timings, as a long-running worker would have.
    await host.parse({ bytes: fs.readFileSync(pdfs[0]!), filename: 'warm-up.pdf' });

    // Ours and the CLIs take turns file by file, so a change in machine load during the run
    // (other processes come and go) falls on both sides alike.
    let pages = 0;
    let oursPdf = 0;
    let cliPdf = 0;
    for (const file of pdfs) {
      const bytes = fs.readFileSync(file);
      const [doc, ours] = await timed(() => host.parse({ bytes, filename: path.basename(file) }));
      pages += doc.pageCount ?? 0;
      oursPdf += ours;
      cliPdf += (await timed(() => runCli('pdftotext', ['-q', file, '-'])))[1];
    }
    let oursOcr = 0;
    let cliOcr = 0;
    let cliOcrOneThread = 0;
    for (const file of images) {
      const bytes = fs.readFileSync(file);
      oursOcr += (await timed(() => host.parse({ bytes, filename: path.basename(file) })))[1];
      cliOcr += (await timed(() => runCli('tesseract', [file, 'stdout'])))[1];
      // Like for like: the CLI with the single OpenMP thread our parser gives tesseract.
      const oneThread = { ...process.env, OMP_THREAD_LIMIT: '1' };
      cliOcrOneThread += (await timed(() => runCli('tesseract', [file, 'stdout'], oneThread)))[1];
    }

    const pdf = figures(pdfs.length, pages, oursPdf, cliPdf);
    const ocr = figures(images.length, images.length, oursOcr, cliOcr);
    const ocrOneThread = figures(images.length, images.length, oursOcr, cliOcrOneThread);
    const targets = { pdfRatio: 0.3, ocrRatio: 0.8 };
    const result = {
      pdf,
      ocr,
      ocrOneThread,
      targets,
      met: { pdf: pdf.ratio >= targets.pdfRatio, ocr: ocr.ratio >= targets.ocrRatio },
    };
    const format = (value: number) => value.toFixed(2);
    log(
      `PDF text: ${pdf.files} files, ${pdf.pages} pages; parse host ${format(pdf.oursPagesPerSecond)} pages/s (${format(pdf.oursSeconds)} s), ` +
        `pdftotext ${format(pdf.cliPagesPerSecond)} pages/s (${format(pdf.cliSeconds)} s); ratio ${format(pdf.ratio)} (target >= ${targets.pdfRatio})`,
    );
    log(
      `OCR: ${ocr.files} images; parse host ${format(ocr.oursPagesPerSecond)} pages/s (${format(ocr.oursSeconds)} s), ` +
        `tesseract CLI ${format(ocr.cliPagesPerSecond)} pages/s (${format(ocr.cliSeconds)} s); ratio ${format(ocr.ratio)} (target >= ${targets.ocrRatio}); ` +
        `tesseract CLI with OMP_THREAD_LIMIT=1 ${format(ocrOneThread.cliPagesPerSecond)} pages/s, ratio ${format(ocrOneThread.ratio)}`,
    );
    return result;
  } finally {
    await host.close();
  }
}

async function main(): Promise<void> {
  const given = process.argv[2];
  const dir = given ?? fs.mkdtempSync(path.join(os.tmpdir(), 'auditsvc-bench-corpus-'));
  // A directory that already holds a corpus is measured as it is (build once, measure often).
  if (!given || !fs.existsSync(dir) || fs.readdirSync(dir).length === 0) {
    const [manifest, buildSeconds] = await timed(() => buildBenchCorpus(dir, { files: 500 }));
    console.log(
      `corpus: ${manifest.files.length} files, ${(manifest.totalBytes / 1024 / 1024).toFixed(1)} MB, ` +
        `${manifest.pdfPages} PDF pages, ${manifest.scannedImages} scans, built in ${buildSeconds.toFixed(1)} s; ` +
        JSON.stringify(manifest.byExtension),
    );
  }
  await measureParsers(dir);
  if (!given) fs.rmSync(dir, { recursive: true, force: true });
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
