// Hostile uploads through the API and a real worker process (issue 14): zip bombs inside a DOCX and
// an XLSX, deeply nested XML, a PDF whose page tree loops, an encrypted PDF, a 10,000 x 10,000
// image, a 5,000-page TIFF and a mailbox of 10,050 messages, uploaded beside an ordinary policy.
// Each hostile file fails with its reason in the corpus status, or is capped and says so in the
// corpus warnings; the worker lives on, it and its parser child stay under 1 GB of resident memory,
// every file is kept, and once the failing files are removed the corpus ingests and the policy
// is searchable. The files are built at test time (test/helpers/hostile-files.ts).
import fs from 'node:fs';
import path from 'node:path';
import { makeEngagement, makeFirm } from '../../../test/helpers/builders';
import { TestContext, createTestContext } from '../../../test/helpers/context';
import * as hostile from '../../../test/helpers/hostile-files';
import { TestProcess, startWorkerProcess } from '../../../test/helpers/processes';
import { waitFor } from '../../../test/helpers/wait';

jest.setTimeout(180_000);

const ONE_GB = 1024 * 1024 * 1024;

let ctx: TestContext;
let worker: TestProcess;
let admin: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = { 'x-admin-token': ctx.adminToken };
  // Debug logs: the worker then logs each parse's peak memory (parse_file_done).
  worker = await startWorkerProcess(ctx, { LOG_LEVEL: 'debug' });
});
afterAll(async () => {
  await worker?.stop();
  await ctx.close();
});

const policy: hostile.HostileFile = {
  filename: 'backup-policy.md',
  bytes: Buffer.from(
    '# Backup Policy\n\nBackups are copied to the quokka vault every night and kept 35 days.\n',
  ),
};

/** What each failing file's reason in the corpus status must say. */
const failing: Array<[hostile.HostileFile, string]> = [
  [
    hostile.zipBombDocx(),
    'refused as a possible zip bomb: the entry word/document.xml compresses more than 200:1',
  ],
  [hostile.zipBombXlsx(), 'refused as a possible zip bomb: the entry xl/worksheets/sheet1.xml declares'],
  [hostile.nestedXmlDocx(), 'the part word/document.xml nests elements more than 256 levels deep; refused'],
  [hostile.loopingPdf(), 'page 1 of the PDF is malformed (Pages tree contains circular reference.)'],
  [hostile.encryptedPdf(), 'the PDF is encrypted (password protected); upload an unprotected copy'],
  [
    hostile.hugePng(),
    'the image is 10000 x 10000 pixels (100.0 megapixels); at most 40 megapixels are read by OCR',
  ],
];

const tiff = hostile.multiPageTiff(5_000);
const mailbox = hostile.largeMbox(10_050);
const TIFF_WARNING = `${tiff.filename}: the TIFF has 5000 pages; the first 100 were read and 4900 skipped`;
// Its pages are blank.
const BLANK_TIFF_WARNING = `${tiff.filename}: OCR found no text in the image`;
const MAILBOX_WARNING = `${mailbox.filename}: the mailbox holds 10050 messages; the first 10000 were read and 50 skipped`;

async function corpusOf(engagementId: string) {
  const response = await ctx.http().get(`/auditsvc/engagement/${engagementId}`).set(admin);
  expect(response.status).toBe(200);
  return response.body.corpus as {
    status: string;
    file_count: number;
    error: string | null;
    warnings: string[];
  };
}

async function ingestToTheEnd(engagementId: string) {
  const started = await ctx.http().post(`/auditsvc/engagement/${engagementId}/corpus/ingest`).set(admin);
  expect(started.status).toBe(202);
  return waitFor(
    'the ingest to end',
    async () => {
      const corpus = await corpusOf(engagementId);
      return corpus.status === 'ingesting' ? null : corpus;
    },
    150_000,
  );
}

/** Peak resident memory of a live process (Linux /proc). */
function peakRss(pid: number): number {
  const match = /^VmHWM:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match![1]) * 1024;
}

it('fails or caps each hostile file with its reason, keeps everything, and ingests the rest once they are removed', async () => {
  const firm = await makeFirm(ctx);
  const engagementId = (await makeEngagement(ctx, firm)).id;
  const files = [policy, ...failing.map(([file]) => file), tiff, mailbox];
  for (const file of files) {
    const response = await ctx
      .http()
      .post(`/auditsvc/engagement/${engagementId}/corpus/upload`)
      .set(admin)
      .attach('file', file.bytes, file.filename);
    expect({ file: file.filename, status: response.status }).toEqual({ file: file.filename, status: 201 });
  }
  const workerPid = worker.child.pid!;

  const failed = await ingestToTheEnd(engagementId);
  expect(failed).toMatchObject({ status: 'ingest_failed', file_count: files.length });
  expect(failed.error).toMatch(new RegExp(`^${failing.length} files could not be parsed\\. `));
  for (const [file, reason] of failing) expect(failed.error).toContain(`${file.filename}: ${reason}`);
  for (const fine of [policy, tiff, mailbox]) expect(failed.error).not.toContain(fine.filename);
  expect(failed.warnings).toEqual([TIFF_WARNING, BLANK_TIFF_WARNING, MAILBOX_WARNING]);

  // The same worker took every file; it and its parser child stayed under 1 GB.
  expect(worker.child.exitCode).toBeNull();
  expect(worker.child.pid).toBe(workerPid);
  expect(peakRss(workerPid)).toBeLessThan(ONE_GB);
  const parses = worker
    .output()
    .split('\n')
    .filter((line) => line.includes('"parse_file_done"'))
    .map((line) => JSON.parse(line) as { ok: boolean; peak_rss_mb: number | null });
  expect(parses).toHaveLength(files.length);
  for (const parse of parses) expect(parse.peak_rss_mb).toBeLessThan(1024);

  // Nothing is lost: every file is still stored, byte for byte.
  const stored = await ctx.services.db.prisma.corpusFile.findMany({ where: { engagementId } });
  expect(stored.map((file) => file.filename).sort()).toEqual(files.map((file) => file.filename).sort());
  for (const file of stored) {
    const original = files.find((candidate) => candidate.filename === file.filename)!;
    const onDisk = fs.readFileSync(path.join(ctx.dataDir, 'corpus', engagementId, file.storedName));
    expect(onDisk.equals(original.bytes)).toBe(true);
  }

  // Without the failing files (and the mailbox, to keep the test short) the corpus ingests: the
  // policy is searchable and the TIFF's cap is still reported.
  for (const name of [...failing.map(([file]) => file.filename), mailbox.filename]) {
    const removed = await ctx
      .http()
      .delete(`/auditsvc/engagement/${engagementId}/corpus/file/${encodeURIComponent(name)}`)
      .set(admin);
    expect(removed.status).toBe(200);
  }
  const ingested = await ingestToTheEnd(engagementId);
  expect(ingested).toEqual({
    status: 'ingested',
    file_count: 2,
    total_bytes: policy.bytes.length + tiff.bytes.length,
    error: null,
    warnings: [TIFF_WARNING, BLANK_TIFF_WARNING],
  });
  const search = await ctx
    .http()
    .post('/query')
    .set(admin)
    .send({ client_id: engagementId, query: 'quokka vault backups' });
  expect(search.status).toBe(200);
  expect(search.body.results[0]).toMatchObject({ document: policy.filename });
  expect(search.body.results[0].text).toContain('quokka vault');
  expect(peakRss(workerPid)).toBeLessThan(ONE_GB);
});

it('stops an ingest whose text passes the limit of one ingest, naming the file where it did', async () => {
  const firm = await makeFirm(ctx);
  const engagementId = (await makeEngagement(ctx, firm)).id;
  // Three files of 7.2 million characters: each within the limit of one document, the third
  // past the limit of one ingest (the worker holds every parsed text until it stores them).
  const line = 'Access to the payroll system is reviewed by the controller every quarter.\n';
  const part = Buffer.from(line.repeat(Math.ceil(7_200_000 / line.length)));
  const names = ['part-1.txt', 'part-2.txt', 'part-3.txt'];
  for (const name of names) {
    const response = await ctx
      .http()
      .post(`/auditsvc/engagement/${engagementId}/corpus/upload`)
      .set(admin)
      .attach('file', part, name);
    expect(response.status).toBe(201);
  }
  const corpus = await ingestToTheEnd(engagementId);
  expect(corpus).toMatchObject({
    status: 'ingest_failed',
    file_count: 3,
    error:
      "1 file could not be parsed. part-3.txt: with this file the corpus's text passes 20000000 characters, the limit of one ingest",
  });
  expect(peakRss(worker.child.pid!)).toBeLessThan(ONE_GB);
});
