// Hostile client files through the real parse host (a child process with time and memory limits):
// each fails with a reason that names what is wrong with it, or is capped and says what was left
// out; the parser child's peak resident memory stays under 1 GB on every one; and the same host
// parses an ordinary file correctly afterwards. The files are built at test time
// (test/helpers/hostile-files.ts).
import {
  createParseHost,
  INGEST_LIMITS,
  ParseError,
  type ParseHost,
  type ParseReport,
  type ParsedDocument,
} from '../src';
import { residentBytes } from '../src/process-memory';
import * as hostile from '../../../test/helpers/hostile-files';
import { corpusFile } from './helpers';

jest.setTimeout(60_000);

const ONE_GB = 1024 * 1024 * 1024;

let host: ParseHost;
const reports = new Map<string, ParseReport>();

beforeAll(async () => {
  host = createParseHost({ onFileDone: (report) => reports.set(report.filename, report) });
  // The child's start (loading pdf.js) is not part of any file's figures.
  await host.parse({ bytes: Buffer.from('warm up'), filename: 'warm-up.txt' });
}, 120_000);
afterAll(async () => {
  await host.close();
});

async function failureReason(file: hostile.HostileFile, options?: { timeoutMs?: number }): Promise<string> {
  const error: unknown = await host.parse(file, options).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ParseError);
  expect((error as ParseError).document).toBe(file.filename);
  return (error as ParseError).reason;
}

/** The parser child's peak resident memory on this file (Linux /proc; the CI runs on Linux). */
function peakRss(filename: string): number {
  const report = reports.get(filename);
  expect(report?.peakRssBytes).toEqual(expect.any(Number));
  return report!.peakRssBytes!;
}

const text = (length: number, filename: string): hostile.HostileFile => ({
  filename,
  bytes: Buffer.from('The vendor list is reviewed every quarter.\n'.repeat(Math.ceil(length / 43))),
});

describe('files that fail with a named reason', () => {
  interface Case {
    name: string;
    make: () => hostile.HostileFile;
    reason: string | RegExp;
    timeoutMs?: number;
  }
  const cases: Case[] = [
    {
      name: 'a DOCX zip bomb (1 GiB inflated, headers claiming 1 KB)',
      make: () => hostile.zipBombDocx(),
      reason: 'refused as a possible zip bomb: the entry word/document.xml compresses more than 200:1',
    },
    {
      name: 'an XLSX zip bomb (a 1 GiB worksheet)',
      make: () => hostile.zipBombXlsx(),
      reason:
        /^refused as a possible zip bomb: the entry xl\/worksheets\/sheet1\.xml declares \d+ bytes inflated$/,
    },
    {
      name: 'an XLSX of 10,000 entries',
      make: () => hostile.manyEntriesXlsx(),
      reason: 'refused as a possible zip bomb: it holds more than 2000 entries',
    },
    {
      name: 'a DOCX nesting 15,000 levels of XML',
      make: () => hostile.nestedXmlDocx(),
      reason: `the part word/document.xml nests elements more than ${INGEST_LIMITS.maxXmlDepth} levels deep; refused`,
    },
    {
      name: 'an XLSX nesting 15,000 levels of XML',
      make: () => hostile.nestedXmlXlsx(),
      reason: `the part xl/worksheets/sheet1.xml nests elements more than ${INGEST_LIMITS.maxXmlDepth} levels deep; refused`,
    },
    {
      name: 'a PDF whose page tree loops',
      make: () => hostile.loopingPdf(),
      reason: 'page 1 of the PDF is malformed (Pages tree contains circular reference.)',
    },
    {
      name: 'an encrypted PDF',
      make: () => hostile.encryptedPdf(),
      reason: 'the PDF is encrypted (password protected); upload an unprotected copy',
    },
    {
      name: 'a 10,000 x 10,000 PNG',
      make: () => hostile.hugePng(),
      reason: 'the image is 10000 x 10000 pixels (100.0 megapixels); at most 40 megapixels are read by OCR',
    },
    {
      name: 'a TIFF whose chain of pages loops',
      make: () => hostile.multiPageTiff(3, { loop: true, filename: 'looping.tiff' }),
      reason: 'the TIFF is malformed (its chain of pages loops back after page 3)',
    },
    {
      name: 'a text file of 10.5 million characters',
      make: () => text(10_500_000, 'long.txt'),
      reason: `its text is over ${INGEST_LIMITS.maxDocumentChars} characters, the limit; split it into smaller files`,
    },
    {
      name: 'a CSV of 1.1 million rows',
      make: () => ({ filename: 'rows.csv', bytes: Buffer.from('id,ok\n'.repeat(1_100_000)) }),
      reason: `the CSV has more than ${INGEST_LIMITS.maxCsvRows} rows, the limit`,
    },
    {
      name: 'a PDF of 4,999 copies of one heavy page (stopped by the time limit; the child is replaced)',
      make: () => hostile.repeatedPagePdf(),
      reason: 'parsing took longer than 2 s',
      timeoutMs: 2_000,
    },
  ];

  it.each(cases)('$name', async ({ make, reason: expected, timeoutMs }) => {
    const file = make();
    const reason = await failureReason(file, timeoutMs ? { timeoutMs } : undefined);
    if (typeof expected === 'string') expect(reason).toBe(expected);
    else expect(reason).toMatch(expected);
    expect(peakRss(file.filename)).toBeLessThan(ONE_GB);
  });
});

describe('files that are capped and say so', () => {
  it('reads the first 100 pages of a 5,000-page TIFF', async () => {
    const file = hostile.multiPageTiff(5_000);
    const doc: ParsedDocument = await host.parse(file);
    expect(doc.pageCount).toBe(INGEST_LIMITS.maxTiffPages);
    expect(doc.sections.map((section) => section.page)).toEqual(
      Array.from({ length: INGEST_LIMITS.maxTiffPages }, (_, i) => i + 1),
    );
    expect(doc.warnings).toContain('the TIFF has 5000 pages; the first 100 were read and 4900 skipped');
    expect(peakRss(file.filename)).toBeLessThan(ONE_GB);
  });

  it('reads the first 10,000 messages of a mailbox of 10,050', async () => {
    const file = hostile.largeMbox(10_050);
    const doc = await host.parse(file);
    expect(doc.sections).toHaveLength(INGEST_LIMITS.maxMboxMessages);
    expect(doc.sections[0]!.text).toContain('Subject: Ticket 1\n');
    expect(doc.sections.at(-1)!.text).toContain('Subject: Ticket 10000\n');
    expect(doc.text).not.toContain('Ticket 10001');
    expect(doc.warnings).toEqual([
      'the mailbox holds 10050 messages; the first 10000 were read and 50 skipped',
    ]);
    expect(peakRss(file.filename)).toBeLessThan(ONE_GB);
  });
});

it('parses an ordinary file correctly after all of them', async () => {
  const doc = await host.parse(corpusFile('Password-Policy.docx'));
  expect(doc.text).toContain('every six months');
  expect(reports.get('Password-Policy.docx')).toMatchObject({ ok: true, reason: null });
});

it('kills a parse whose memory passes the cap, naming it, and goes on with a fresh child', async () => {
  // The cap is set 100 MB above what a parser child holds at rest, and the heap left uncapped, so
  // only the memory watch can stop a workbook of 800,000 cells (which needs some 400 MB more).
  const atRest = residentBytes(host.childPid!)!;
  const capMb = Math.round(atRest / 1024 / 1024) + 100;
  const memoryReports: ParseReport[] = [];
  const capped = createParseHost({
    maxRssMb: capMb,
    maxOldSpaceMb: 4096,
    onFileDone: (report) => memoryReports.push(report),
  });
  try {
    const workbook = hostile.hugeSheetXlsx(80_000);
    const error: unknown = await capped.parse(workbook).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ParseError);
    expect((error as ParseError).reason).toBe(`the parser used more than ${capMb} MB of memory on this file`);
    expect(memoryReports[0]!.peakRssBytes).toBeGreaterThan(capMb * 1024 * 1024);
    const next = await capped.parse(corpusFile('Vendor-Inventory.csv'));
    expect(next.text).toContain('CloudCo Hosting LLC');
  } finally {
    await capped.close();
  }
}, 120_000);
