// The service on the S3 backend (issue 15): STORAGE_URL names a bucket of a local s3rver, the API
// runs in-process and the worker as a process with a DATA_DIR of its own, so the bucket is all they
// share. Upload, ingest, run, audit-log export (direct and through a signed URL) and delivery go
// through it; uploads that fail part way leave nothing in it; the start-up sweep tidies it.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { newId } from '@auditsvc/core';
import { createIngestStageStore, createProgressPublisher } from '@auditsvc/jobs';
import { uploadStagingFolder, sweepCorpusStorage } from '@auditsvc/services';
import { createIngestService } from '@auditsvc/services/src/worker';
import {
  ObjectStore,
  StorageUnavailableError,
  StoredObject,
  createS3Store,
  parseStorageUrl,
  readAll,
} from '@auditsvc/storage';
import { Actors, makeActors, makeEngagement } from '../../../test/helpers/builders';
import { TestContext, createTestContext } from '../../../test/helpers/context';
import { TestProcess, freePort, startWorkerProcess } from '../../../test/helpers/processes';
import { runEnded } from '../../../test/helpers/run-ended';
import { LocalS3, startLocalS3 } from '../../../test/helpers/s3-server';
import { sampleFile, sampleIntake } from '../../../test/helpers/sample-corpus';
import { serve } from '../../../test/helpers/server';
import { waitFor } from '../../../test/helpers/wait';

jest.setTimeout(240_000);

const CORPUS = [
  'Access-Onboarding-and-Termination-Policy.md',
  'Encryption-Policy.md',
  'Password-Policy.docx',
];

let s3: LocalS3;
/** Each run of this file (SQLite, PostgreSQL) keeps its objects under a prefix of its own. */
const prefix = `run-${randomBytes(6).toString('hex')}`;
let bucket: ObjectStore;
let ctx: TestContext;
let actors: Actors;
let worker: TestProcess | null = null;
let workerDataDir: string;
let server: Awaited<ReturnType<typeof serve>>;

beforeAll(async () => {
  s3 = await startLocalS3();
  bucket = createS3Store(parseStorageUrl(s3.storageUrl(prefix)));
  ctx = await createTestContext({ STORAGE_URL: s3.storageUrl(prefix) });
  actors = await makeActors(ctx);
  workerDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditsvc-worker-data-'));
  worker = await startWorkerProcess(ctx, { ...s3.env(prefix), DATA_DIR: workerDataDir, JOB_LOCK_MS: '8000' });
  server = await serve(ctx.app);
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await server?.close();
  await ctx?.close();
  await s3?.close();
  if (workerDataDir) fs.rmSync(workerDataDir, { recursive: true, force: true });
});

async function objects(under: string): Promise<StoredObject[]> {
  const found: StoredObject[] = [];
  for await (const object of bucket.list(under)) found.push(object);
  return found;
}

/** Every file under a directory, relative to it. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .flatMap((entry) =>
      entry.isFile() ? [path.relative(dir, path.join(entry.parentPath, entry.name))] : [],
    );
}

const view = async (id: string) =>
  (await ctx.http().get(`/auditsvc/engagement/${id}`).set(actors.headers.partnerA)).body as Record<
    string,
    unknown
  >;

function upload(engagementId: string, name: string, bytes: Buffer) {
  return ctx
    .http()
    .post(`/auditsvc/engagement/${engagementId}/corpus/upload`)
    .set(actors.headers.partnerA)
    .attach('file', bytes, name);
}

describe('an engagement from upload to delivery with its bytes in the bucket', () => {
  let engagementId: string;

  beforeAll(async () => {
    engagementId = (await makeEngagement(ctx, actors.firmA, { intake: sampleIntake })).id;
    await ctx.services.repos.engagements.update(engagementId, { budgetCents: 1_000_000 });
  });

  it('stores uploads in the bucket, under the file ids, with nothing on either disk', async () => {
    for (const name of CORPUS)
      expect({ name, status: (await upload(engagementId, name, sampleFile(name))).status }).toEqual({
        name,
        status: 201,
      });
    const records = await ctx.services.db.prisma.corpusFile.findMany({ where: { engagementId } });
    const stored = await objects(`corpus/${engagementId}/`);
    expect(stored.map((object) => object.key).sort()).toEqual(
      records.map((file) => `corpus/${engagementId}/${file.storedName}`).sort(),
    );
    for (const file of records) {
      const bytes = await readAll(await bucket.get(`corpus/${engagementId}/${file.storedName}`));
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256);
    }
    expect(await objects('uploads/')).toEqual([]);
    expect(filesUnder(path.join(ctx.dataDir, 'corpus'))).toEqual([]);
    // Keys generated into this API's DATA_DIR would differ from another API's: it says so.
    expect(ctx.logs.find((line) => line.includes('secrets_generated_per_host'))).toMatch(
      /"variables":\["SIGNING_SECRET","DATA_ENCRYPTION_KEY"\]/,
    );
    expect(filesUnder(path.join(ctx.dataDir, 'uploads'))).toEqual([]);
  });

  it('is ingested by a worker that reads the originals from the bucket', async () => {
    const ingest = await ctx
      .http()
      .post(`/auditsvc/engagement/${engagementId}/corpus/ingest`)
      .set(actors.headers.partnerA);
    expect(ingest.status).toBe(202);
    const corpus = await waitFor('the ingest', async () => {
      const current = (await view(engagementId)).corpus as { status: string; error: string | null };
      return ['ingested', 'ingest_failed'].includes(current.status) ? current : null;
    });
    expect(corpus).toMatchObject({ status: 'ingested', error: null });
    expect(filesUnder(path.join(workerDataDir, 'corpus'))).toEqual([]);
  });

  it('runs, and its audit log is appended to the bucket and exported from it', async () => {
    const run = await ctx
      .http()
      .post(`/auditsvc/engagement/${engagementId}/run`)
      .set(actors.headers.partnerA)
      .send({ max_iterations: 1, max_questions_per_iteration: 2 });
    expect(run.status).toBe(202);
    expect((await runEnded(view, engagementId, 180_000)).status).toBe('findings_review');

    const shards = await ctx.services.repos.auditLog.listShards(engagementId);
    const events = shards.reduce((sum, shard) => sum + shard.eventCount, 0);
    expect(events).toBeGreaterThan(0);
    // One object per event, under its shard's key; nothing in the worker's DATA_DIR.
    expect(await objects(`audit-log/${engagementId}/`)).toHaveLength(events);
    expect(filesUnder(path.join(workerDataDir, 'audit-log'))).toEqual([]);

    const jsonl = await ctx
      .http()
      .get(`/auditsvc/engagement/${engagementId}/audit-log`)
      .set(actors.headers.partnerA)
      .buffer(true)
      .parse((res, done) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => done(null, body));
      });
    expect(jsonl.status).toBe(200);
    const lines = (jsonl.body as string).split('\n').filter(Boolean);
    expect(lines).toHaveLength(events);
    expect(Buffer.byteLength(jsonl.body as string)).toBe(
      shards.reduce((sum, shard) => sum + shard.sizeBytes, 0),
    );
    const parsed = lines.map((line) => JSON.parse(line) as { ts: string; metadata: object });
    for (const event of parsed) expect(event.metadata).toMatchObject({ engagement_id: engagementId });
    // In the order they were appended (one worker appends one call after another).
    const times = parsed.map((event) => event.ts);
    expect(times).toEqual([...times].sort());

    // A signed URL is served by the API, streaming from the bucket, with no credential.
    const signed = await ctx
      .http()
      .get(`/auditsvc/engagement/${engagementId}/audit-log?delivery=signed_url`)
      .set(actors.headers.partnerA);
    expect(signed.status).toBe(200);
    const link = new URL(signed.body.signed_url as string);
    const download = await fetch(`${server.baseUrl}${link.pathname}${link.search}`);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe(jsonl.body);

    const asJson = await ctx
      .http()
      .get(`/auditsvc/engagement/${engagementId}/audit-log?format=json`)
      .set(actors.headers.partnerA);
    expect(asJson.status).toBe(200);
    expect(asJson.body.events).toHaveLength(events);
  });

  it('is delivered, its stored deliverable (kept in the database) served after', async () => {
    const deliver = await ctx
      .http()
      .post(`/auditsvc/engagement/${engagementId}/deliver`)
      .set(actors.headers.partnerA)
      .send({});
    expect(deliver.status).toBe(200);
    expect(deliver.body).toMatchObject({ status: 'delivered' });
    const deliverable = await ctx
      .http()
      .get(`/auditsvc/engagement/${engagementId}/deliverable`)
      .set(actors.headers.partnerA);
    expect(deliverable.status).toBe(200);
  });
});

/** A multipart upload whose body stops part way through the file and then ends the request. */
function cutOffUpload(engagementId: string, content: Buffer): Promise<{ status: number; body: string }> {
  const boundary = `cut-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.txt"\r\n` +
      'Content-Type: text/plain\r\n\r\n',
  );
  const body = Buffer.concat([head, content]);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${server.baseUrl}/auditsvc/engagement/${engagementId}/corpus/upload`,
      {
        method: 'POST',
        headers: {
          ...actors.headers.partnerA,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': body.length,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Sends `bytes` of a file, then drops the connection without ending the request. */
function abandonedUpload(engagementId: string, bytes: number): Promise<void> {
  const boundary = `gone-${randomBytes(8).toString('hex')}`;
  const request = http.request(`${server.baseUrl}/auditsvc/engagement/${engagementId}/corpus/upload`, {
    method: 'POST',
    headers: {
      ...actors.headers.partnerA,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': bytes * 2,
    },
  });
  request.on('error', () => undefined);
  request.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="gone.txt"\r\n` +
      'Content-Type: text/plain\r\n\r\n',
  );
  return new Promise((resolve) => {
    request.write(Buffer.alloc(bytes, 0x61), () => {
      request.destroy();
      resolve();
    });
  });
}

describe('uploads that fail part way', () => {
  it('keep nothing of an upload whose client went away mid-file, and the API serves on', async () => {
    const engagement = await makeEngagement(ctx, actors.firmA);
    const before = ctx.logs.length;
    await abandonedUpload(engagement.id, 12 * 1024 * 1024);
    // The API has seen the request end before anything is checked: no error, an aborted request.
    const aborted = await waitFor('the abandoned upload to be handled', async () =>
      ctx.logs.slice(before).find((line) => line.includes('"message":"request_aborted"')),
    );
    expect(JSON.parse(aborted)).toMatchObject({
      level: 'info',
      path: `/auditsvc/engagement/${engagement.id}/corpus/upload`,
    });
    expect(ctx.logs.slice(before).filter((line) => line.includes('unhandled_error'))).toEqual([]);
    expect(await objects('uploads/')).toEqual([]);
    expect(await objects(`corpus/${engagement.id}/`)).toEqual([]);
    expect((await upload(engagement.id, 'after.txt', Buffer.from('an audit log line\n'))).status).toBe(201);
  });

  it('answer a form cut off mid-file with 422 and leave no object behind, small or multipart', async () => {
    const engagement = await makeEngagement(ctx, actors.firmA);
    for (const size of [1000, 12 * 1024 * 1024]) {
      const answer = await cutOffUpload(engagement.id, Buffer.alloc(size, 0x61));
      expect({ size, status: answer.status }).toEqual({ size, status: 422 });
      expect(JSON.parse(answer.body)).toMatchObject({ detail: [{ msg: 'malformed multipart body' }] });
    }
    expect(await objects('uploads/')).toEqual([]);
    expect(await objects(`corpus/${engagement.id}/`)).toEqual([]);
    expect((await view(engagement.id)).corpus).toMatchObject({ status: 'empty', file_count: 0 });
    expect(ctx.logs.filter((line) => line.includes('unhandled_error'))).toEqual([]);
    // The API is still up and takes the next upload.
    expect((await upload(engagement.id, 'after.txt', Buffer.from('an audit log line\n'))).status).toBe(201);
  });

  it('answer a file over 50 MB with 413 and leave no object behind', async () => {
    const engagement = await makeEngagement(ctx, actors.firmA);
    const tooBig = await upload(engagement.id, 'big.txt', Buffer.alloc(50 * 1024 * 1024 + 1, 0x61));
    expect(tooBig.status).toBe(413);
    expect(await objects('uploads/')).toEqual([]);
    expect(await objects(`corpus/${engagement.id}/`)).toEqual([]);
  });

  it('refused by a check (wrong content), leave no object behind', async () => {
    const engagement = await makeEngagement(ctx, actors.firmA);
    expect((await upload(engagement.id, 'report.pdf', Buffer.from('not a PDF'))).status).toBe(415);
    expect(await objects('uploads/')).toEqual([]);
  });

  it('a deleted file leaves the bucket with its record', async () => {
    const engagement = await makeEngagement(ctx, actors.firmA);
    expect((await upload(engagement.id, 'gone.txt', Buffer.from('to be deleted\n'))).status).toBe(201);
    expect(await objects(`corpus/${engagement.id}/`)).toHaveLength(1);
    const removed = await ctx
      .http()
      .delete(`/auditsvc/engagement/${engagement.id}/corpus/file/gone.txt`)
      .set(actors.headers.partnerA);
    expect(removed.status).toBe(200);
    expect(await objects(`corpus/${engagement.id}/`)).toEqual([]);
  });
});

describe('a bucket out of reach', () => {
  it('answers uploads 503 naming the store, and readiness 503, with no error of ours logged', async () => {
    const closed = await freePort();
    const away = await createTestContext({
      STORAGE_URL: `s3://nowhere?endpoint=http://127.0.0.1:${closed}&region=us-east-1`,
    });
    try {
      const awayActors = await makeActors(away);
      const engagement = await makeEngagement(away, awayActors.firmA);
      const answer = await away
        .http()
        .post(`/auditsvc/engagement/${engagement.id}/corpus/upload`)
        .set(awayActors.headers.partnerA)
        .attach('file', Buffer.from('an audit log line\n'), 'notes.txt');
      expect(answer.status).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.body).toMatchObject({ dependency: 'storage' });
      const ready = await away.http().get('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ ok: false, database: 'ok', storage: 'unavailable' });
      expect(away.logs.filter((line) => line.includes('unhandled_error'))).toEqual([]);
      expect(away.logs.find((line) => line.includes('dependency_unavailable'))).toMatch(
        /"dependency":"storage"/,
      );

      // An ingest that cannot read the store fails its attempt (the job is tried again) and blames
      // no file: the corpus stays `ingesting`, no file is marked unreadable.
      const fileId = newId('corpusFile');
      await away.services.repos.corpus.createFile({
        id: fileId,
        engagementId: engagement.id,
        filename: 'notes.txt',
        storedName: fileId,
        sizeBytes: 18,
        contentType: 'text/plain',
        sha256: '0'.repeat(64),
      });
      await away.services.repos.engagements.update(engagement.id, { corpusStatus: 'ingesting' });
      const ingest = createIngestService({
        repos: away.services.repos,
        parser: {
          parse: () => Promise.reject(new Error('not reached: the store fails first')),
        },
        progress: createProgressPublisher(away.services.redis, away.services.config.queuePrefix),
        stages: createIngestStageStore(away.services.redis, away.services.config.queuePrefix),
        storage: away.services.storage,
        logger: away.services.logger,
      });
      await expect(ingest.ingest(engagement.id)).rejects.toBeInstanceOf(StorageUnavailableError);
      const record = (await away.services.repos.corpus.listFileHeads(engagement.id))[0]!;
      expect(record).toMatchObject({ parseStatus: 'pending', parseError: null });
      await away.services.repos.corpus.deleteFile(fileId);
      await away.services.repos.engagements.update(engagement.id, { corpusStatus: 'empty' });

      // Nothing was recorded: the corpus is as it was.
      const after = await away
        .http()
        .get(`/auditsvc/engagement/${engagement.id}`)
        .set(awayActors.headers.partnerA);
      expect(after.body.corpus).toMatchObject({ status: 'empty', file_count: 0 });
    } finally {
      await away.close();
    }
  });
});

describe('the start-up sweep on the bucket', () => {
  it('recovers a recorded staged upload, removes the rest of a dead process and corpus orphans', async () => {
    const engagement = await makeEngagement(ctx, actors.firmA);
    // A process of this host that has ended (a pid no process has: far above pid_max's default).
    const host = uploadStagingFolder().split('/')[1]!.split('~')[0]!;
    const dead = `uploads/${host}~4194300~deadbeef/`;
    const recoveredId = newId('corpusFile');
    const bytes = Buffer.from('recovered bytes\n');
    await bucket.put(`${dead}${recoveredId}`, bytes);
    await ctx.services.repos.corpus.createFile({
      id: recoveredId,
      engagementId: engagement.id,
      filename: 'recovered.txt',
      storedName: recoveredId,
      sizeBytes: bytes.length,
      contentType: 'text/plain',
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    await bucket.put(`${dead}${newId('corpusFile')}`, Buffer.from('never recorded'));
    await bucket.put(`corpus/${engagement.id}/${newId('corpusFile')}`, Buffer.from('orphan'));

    const outcome = await sweepCorpusStorage({ repos: ctx.services.repos, storage: ctx.services.storage });
    expect(outcome).toMatchObject({
      staging_directories_removed: 1,
      staged_files_removed: 1,
      staged_files_recovered: 1,
      corpus_orphans_removed: 1,
    });
    expect(await objects('uploads/')).toEqual([]);
    expect((await objects(`corpus/${engagement.id}/`)).map((object) => object.key)).toEqual([
      `corpus/${engagement.id}/${recoveredId}`,
    ]);
  });
});
