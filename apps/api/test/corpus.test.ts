// Corpus endpoints (spec 4.4, 3.3, DECISIONS "Corpus") and their errors, without a worker: the
// ingest job stays queued, which holds the corpus in `ingesting` for the conflict cases.
import fs from 'node:fs';
import path from 'node:path';
import { uploadStagingFolder } from '@auditsvc/services';
import { Actors, makeActors, makeEngagement } from '../../../test/helpers/builders';
import { TestContext, createTestContext } from '../../../test/helpers/context';
import { sampleFile, sampleNames } from '../../../test/helpers/sample-corpus';

let ctx: TestContext;
let actors: Actors;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await makeActors(ctx);
});
afterAll(() => ctx.close());

async function freshEngagement(overrides: Parameters<typeof makeEngagement>[2] = {}) {
  return makeEngagement(ctx, actors.firmA, overrides);
}

function upload(engagementId: string, name: string, bytes: Buffer, headers = actors.headers.partnerA) {
  return ctx
    .http()
    .post(`/auditsvc/engagement/${engagementId}/corpus/upload`)
    .set(headers)
    .attach('file', bytes, name);
}

/** What this process's staging folder under DATA_DIR holds (made with the first upload). */
const stagedFiles = () => {
  const staging = path.join(ctx.dataDir, uploadStagingFolder());
  return fs.existsSync(staging) ? fs.readdirSync(staging) : [];
};

const storedFiles = (engagementId: string) => {
  const dir = path.join(ctx.dataDir, 'corpus', engagementId);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

it('stores an upload by id, answers 201 and moves the corpus to uploaded', async () => {
  const engagement = await freshEngagement();
  const bytes = sampleFile('Password-Policy.docx');
  const response = await upload(engagement.id, 'Password-Policy.docx', bytes);
  expect(response.status).toBe(201);
  expect(response.body).toEqual({
    ok: true,
    engagement_id: engagement.id,
    filename: 'Password-Policy.docx',
    size_bytes: bytes.length,
    content_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    corpus: { status: 'uploaded', file_count: 1, total_bytes: bytes.length, error: null, warnings: [] },
  });
  const files = storedFiles(engagement.id);
  expect(files).toHaveLength(1);
  expect(files[0]).toMatch(/^file-[0-9a-f]{16}$/);
  expect(fs.readFileSync(path.join(ctx.dataDir, 'corpus', engagement.id, files[0]!)).equals(bytes)).toBe(
    true,
  );
  // Nothing is left in the staging directory.
  expect(stagedFiles()).toEqual([]);
  const view = await ctx.http().get(`/auditsvc/engagement/${engagement.id}`).set(actors.headers.partnerA);
  expect(view.body.corpus).toEqual({
    status: 'uploaded',
    file_count: 1,
    total_bytes: bytes.length,
    error: null,
    warnings: [],
  });
});

it('accepts every file type of the sample corpus', async () => {
  const engagement = await freshEngagement();
  for (const name of sampleNames) {
    const response = await upload(engagement.id, name, sampleFile(name));
    expect({ name, status: response.status }).toEqual({ name, status: 201 });
  }
  expect(storedFiles(engagement.id)).toHaveLength(sampleNames.length);
});

it('refuses a duplicate file name with 409 and keeps the first file', async () => {
  const engagement = await freshEngagement();
  await upload(engagement.id, 'notes.txt', Buffer.from('first version'));
  const again = await upload(engagement.id, 'notes.txt', Buffer.from('second version'));
  expect(again.status).toBe(409);
  expect(again.body.detail).toMatch(/notes\.txt/);
  expect(storedFiles(engagement.id)).toHaveLength(1);
});

it('refuses types outside the list, and content whose magic bytes contradict the extension, with 415', async () => {
  const engagement = await freshEngagement();
  const exe = await upload(engagement.id, 'tool.exe', Buffer.from('MZ\x90\x00'));
  expect(exe.status).toBe(415);
  const fakePdf = await upload(engagement.id, 'report.pdf', Buffer.from('just text, not a PDF'));
  expect(fakePdf.status).toBe(415);
  expect(fakePdf.body.detail).toMatch(/report\.pdf/);
  const pngAsDocx = await upload(
    engagement.id,
    'scan.docx',
    sampleFile('Laptop-Encryption-Standard-scan.png'),
  );
  expect(pngAsDocx.status).toBe(415);
  expect(storedFiles(engagement.id)).toEqual([]);
  expect(stagedFiles()).toEqual([]);
});

/** A multipart body built by hand: test clients strip directories from file names themselves. */
function rawUpload(engagementId: string, filename: string, content: string) {
  const boundary = 'auditsvc-test-boundary';
  const body =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
    `Content-Type: text/plain\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  return ctx
    .http()
    .post(`/auditsvc/engagement/${engagementId}/corpus/upload`)
    .set(actors.headers.partnerA)
    .set('content-type', `multipart/form-data; boundary=${boundary}`)
    .send(Buffer.from(body, 'utf8'));
}

it('never uses a file name as a path', async () => {
  const engagement = await freshEngagement();
  for (const name of ['../../escape.txt', 'a/b.txt', '..\\x.txt', 'bad\u0001name.txt']) {
    const response = await rawUpload(engagement.id, name, 'hello');
    expect({ name, status: response.status }).toEqual({ name, status: 422 });
  }
  expect(fs.existsSync(path.join(ctx.dataDir, 'escape.txt'))).toBe(false);
  expect(storedFiles(engagement.id)).toEqual([]);
});

it('answers 413 for a file over 50 MB and 422 without a file or with two', async () => {
  const engagement = await freshEngagement();
  const big = Buffer.alloc(50 * 1024 * 1024 + 1, 0x61);
  const tooBig = await upload(engagement.id, 'big.txt', big);
  expect(tooBig.status).toBe(413);
  const none = await ctx
    .http()
    .post(`/auditsvc/engagement/${engagement.id}/corpus/upload`)
    .set(actors.headers.partnerA)
    .field('other', 'x');
  expect(none.status).toBe(422);
  const two = await ctx
    .http()
    .post(`/auditsvc/engagement/${engagement.id}/corpus/upload`)
    .set(actors.headers.partnerA)
    .attach('file', Buffer.from('a'), 'a.txt')
    .attach('file', Buffer.from('b'), 'b.txt');
  expect(two.status).toBe(422);
  expect(storedFiles(engagement.id)).toEqual([]);
  expect(stagedFiles()).toEqual([]);
});

it('refuses the 501st file with 409', async () => {
  const engagement = await freshEngagement();
  // 499 records straight through the repository (uploading 500 files would only slow the test).
  for (let i = 0; i < 499; i++) {
    await ctx.services.repos.corpus.createFile({
      id: `file-${i.toString(16).padStart(16, '0')}`,
      engagementId: engagement.id,
      filename: `seed-${i}.txt`,
      storedName: `file-${i.toString(16).padStart(16, '0')}`,
      sizeBytes: 1,
      contentType: 'text/plain',
      sha256: '',
    });
  }
  expect((await upload(engagement.id, 'file-500.txt', Buffer.from('500'))).status).toBe(201);
  const over = await upload(engagement.id, 'file-501.txt', Buffer.from('501'));
  expect(over.status).toBe(409);
  expect(over.body.detail).toMatch(/500/);
});

it('deletes a file (404 for an unknown one) and goes back to empty', async () => {
  const engagement = await freshEngagement();
  await upload(engagement.id, 'notes.txt', Buffer.from('hello'));
  const missing = await ctx
    .http()
    .delete(`/auditsvc/engagement/${engagement.id}/corpus/file/other.txt`)
    .set(actors.headers.partnerA);
  expect(missing.status).toBe(404);
  const removed = await ctx
    .http()
    .delete(`/auditsvc/engagement/${engagement.id}/corpus/file/notes.txt`)
    .set(actors.headers.partnerA);
  expect(removed.status).toBe(200);
  expect(removed.body).toEqual({
    ok: true,
    engagement_id: engagement.id,
    filename: 'notes.txt',
    corpus: { status: 'empty', file_count: 0, total_bytes: 0, error: null, warnings: [] },
  });
  expect(storedFiles(engagement.id)).toEqual([]);
});

it('starts an ingest with 202, then refuses uploads, deletes and a second ingest with 409', async () => {
  const engagement = await freshEngagement();
  const empty = await ctx
    .http()
    .post(`/auditsvc/engagement/${engagement.id}/corpus/ingest`)
    .set(actors.headers.partnerA);
  expect(empty.status).toBe(422);
  await upload(engagement.id, 'notes.txt', Buffer.from('hello'));
  const started = await ctx
    .http()
    .post(`/auditsvc/engagement/${engagement.id}/corpus/ingest`)
    .set(actors.headers.partnerA);
  expect(started.status).toBe(202);
  expect(started.body).toMatchObject({ ok: true, engagement_id: engagement.id, status: 'ingesting' });
  expect(started.body.corpus.status).toBe('ingesting');
  const jobs = await ctx.services.jobs.queues.find((queue) => queue.name === 'ingest')!.getJobs(['wait']);
  expect(jobs.map((job) => job.data)).toContainEqual({
    engagementId: engagement.id,
    requestId: expect.any(String),
  });

  expect((await upload(engagement.id, 'more.txt', Buffer.from('x'))).status).toBe(409);
  const del = await ctx
    .http()
    .delete(`/auditsvc/engagement/${engagement.id}/corpus/file/notes.txt`)
    .set(actors.headers.partnerA);
  expect(del.status).toBe(409);
  const again = await ctx
    .http()
    .post(`/auditsvc/engagement/${engagement.id}/corpus/ingest`)
    .set(actors.headers.partnerA);
  expect(again.status).toBe(409);
});

it('refuses every corpus operation on an ingested corpus with 409 and on a frozen one with 423', async () => {
  const ingested = await freshEngagement();
  await upload(ingested.id, 'notes.txt', Buffer.from('hello'));
  await ctx.services.repos.engagements.update(ingested.id, {
    corpusStatus: 'ingested',
    clientId: ingested.id,
  });
  const frozen = await freshEngagement({ status: 'delivered', isFrozen: true });
  for (const [engagement, status] of [
    [ingested, 409],
    [frozen, 423],
  ] as const) {
    expect((await upload(engagement.id, 'x.txt', Buffer.from('x'))).status).toBe(status);
    const del = await ctx
      .http()
      .delete(`/auditsvc/engagement/${engagement.id}/corpus/file/notes.txt`)
      .set(actors.headers.partnerA);
    expect(del.status).toBe(status);
    const ingest = await ctx
      .http()
      .post(`/auditsvc/engagement/${engagement.id}/corpus/ingest`)
      .set(actors.headers.partnerA);
    expect(ingest.status).toBe(status);
  }
});

it('applies roles and tenancy: associates 403, another firm 404', async () => {
  const engagement = await freshEngagement();
  const asAssociate = await upload(engagement.id, 'a.txt', Buffer.from('a'), actors.headers.associateA);
  expect(asAssociate.status).toBe(403);
  const otherFirm = await upload(engagement.id, 'a.txt', Buffer.from('a'), actors.headers.partnerB);
  expect(otherFirm.status).toBe(404);
  const stream = await ctx
    .http()
    .get(`/auditsvc/engagement/${engagement.id}/corpus/stream`)
    .set(actors.headers.partnerB);
  expect(stream.status).toBe(404);
  const query = await ctx
    .http()
    .post('/query')
    .set(actors.headers.partnerB)
    .send({ client_id: engagement.id, query: 'password' });
  expect(query.status).toBe(404);
  expect(storedFiles(engagement.id)).toEqual([]);
});

it('validates /query bodies', async () => {
  const engagement = await freshEngagement();
  const cases: [Record<string, unknown>, string][] = [
    [{ query: 'x' }, 'client_id'],
    [{ client_id: engagement.id, query: '' }, 'query'],
    [{ client_id: engagement.id, query: 'x'.repeat(2001) }, 'query'],
    [{ client_id: engagement.id, query: 'x', top_k: 0 }, 'top_k'],
    [{ client_id: engagement.id, query: 'x', top_k: 51 }, 'top_k'],
  ];
  for (const [body, field] of cases) {
    const response = await ctx.http().post('/query').set(actors.headers.partnerA).send(body);
    expect(response.status).toBe(422);
    expect(response.body.detail[0].loc).toEqual(['body', field]);
  }
});
