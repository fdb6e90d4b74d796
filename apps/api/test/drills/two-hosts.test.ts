// Scale-out drill (issue 15): an API process and a worker process as if on two hosts, each with a
// DATA_DIR of its own, sharing only the database, Redis and one S3 bucket (a local s3rver). An
// engagement goes from upload through ingest, run, audit-log export (direct and by signed URL) to
// delivery, every call to the API process over HTTP; afterwards neither DATA_DIR holds a corpus
// file, a staged upload or an audit-log shard: the bucket holds them all.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StoredObject, createS3Store, parseStorageUrl } from '@auditsvc/storage';
import { Actors, makeActors, makeEngagement } from '../../../../test/helpers/builders';
import { TestContext, createTestContext } from '../../../../test/helpers/context';
import { TestProcess, startApiProcess, startWorkerProcess } from '../../../../test/helpers/processes';
import { runEnded } from '../../../../test/helpers/run-ended';
import { LocalS3, startLocalS3 } from '../../../../test/helpers/s3-server';
import { sampleFile, sampleIntake } from '../../../../test/helpers/sample-corpus';
import { waitFor } from '../../../../test/helpers/wait';

jest.setTimeout(300_000);

/** A loaded machine may take long to start a process: this is no timing test. */
const START = { startTimeoutMs: 180_000 };
const CORPUS = ['Information-Security-Policy.md', 'Log-Management-Policy.md', 'Password-Policy.docx'];

let s3: LocalS3;
let ctx: TestContext;
let actors: Actors;
let api: (TestProcess & { baseUrl: string }) | null = null;
let worker: TestProcess | null = null;
const hostDirs: Record<'api' | 'worker', string> = { api: '', worker: '' };
const prefix = `drill-${process.pid}`;

beforeAll(async () => {
  s3 = await startLocalS3();
  ctx = await createTestContext({ STORAGE_URL: s3.storageUrl(prefix) });
  actors = await makeActors(ctx);
  for (const host of ['api', 'worker'] as const) {
    hostDirs[host] = fs.mkdtempSync(path.join(os.tmpdir(), `auditsvc-${host}-host-`));
  }
  [api, worker] = await Promise.all([
    startApiProcess(ctx, { ...s3.env(prefix), DATA_DIR: hostDirs.api }, START),
    startWorkerProcess(ctx, { ...s3.env(prefix), DATA_DIR: hostDirs.worker, JOB_LOCK_MS: '8000' }, START),
  ]);
}, 400_000);
afterAll(async () => {
  await Promise.all([api?.stop(), worker?.stop()]);
  await ctx?.close();
  await s3?.close();
  for (const dir of Object.values(hostDirs)) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** A call to the API process. */
async function call(
  method: string,
  url: string,
  body?: string | FormData,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${api!.baseUrl}${url}`, {
    method,
    body,
    headers: { ...actors.headers.partnerA, ...headers },
  });
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
}

const view = async (id: string) => (await call('GET', `/auditsvc/engagement/${id}`)).json();

/** Every file under a directory, relative to it. */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

it('completes upload, ingest, run, audit-log export and delivery with separate DATA_DIRs and one bucket', async () => {
  const engagementId = (await makeEngagement(ctx, actors.firmA, { intake: sampleIntake })).id;
  await ctx.services.repos.engagements.update(engagementId, { budgetCents: 1_000_000 });

  // Upload to the API host.
  for (const name of CORPUS) {
    const form = new FormData();
    form.append('file', new Blob([sampleFile(name)]), name);
    const upload = await call('POST', `/auditsvc/engagement/${engagementId}/corpus/upload`, form);
    expect({ name, status: upload.status }).toEqual({ name, status: 201 });
  }

  // Ingest on the worker host, which has never seen the files on its disk.
  expect((await call('POST', `/auditsvc/engagement/${engagementId}/corpus/ingest`)).status).toBe(202);
  const corpus = await waitFor(
    'the ingest to end',
    async () => {
      const current = (await view(engagementId)).corpus as { status: string; error: string | null };
      return ['ingested', 'ingest_failed'].includes(current.status) ? current : null;
    },
    180_000,
  );
  expect(corpus).toMatchObject({ status: 'ingested', error: null });

  // A run on the worker host, appending its audit log to the bucket.
  const run = await call(
    'POST',
    `/auditsvc/engagement/${engagementId}/run`,
    JSON.stringify({ max_iterations: 1, max_questions_per_iteration: 2 }),
    { 'content-type': 'application/json' },
  );
  expect(run.status).toBe(202);
  expect((await runEnded(view, engagementId, 240_000)).status).toBe('findings_review');

  // The audit log, exported by the API host from the bucket: directly and by signed URL.
  const shards = await ctx.services.repos.auditLog.listShards(engagementId);
  const events = shards.reduce((sum, shard) => sum + shard.eventCount, 0);
  expect(events).toBeGreaterThan(0);
  const exported = await call('GET', `/auditsvc/engagement/${engagementId}/audit-log`);
  expect(exported.status).toBe(200);
  expect(exported.text.split('\n').filter(Boolean)).toHaveLength(events);
  const link = await call('GET', `/auditsvc/engagement/${engagementId}/audit-log?delivery=signed_url`);
  expect(link.status).toBe(200);
  const signed = new URL(link.json().signed_url as string);
  const download = await fetch(`${api!.baseUrl}${signed.pathname}${signed.search}`);
  expect(download.status).toBe(200);
  expect(await download.text()).toBe(exported.text);

  // Delivery (the polished summary appends to the audit log from the API host), then the deliverable.
  const delivered = await call('POST', `/auditsvc/engagement/${engagementId}/deliver`, '{}', {
    'content-type': 'application/json',
  });
  expect(delivered.status).toBe(200);
  expect(delivered.json()).toMatchObject({ status: 'delivered' });
  expect((await call('GET', `/auditsvc/engagement/${engagementId}/deliverable`)).status).toBe(200);

  // Everything is in the bucket; neither host's DATA_DIR holds more than its own key files.
  const bucket = createS3Store(parseStorageUrl(s3.storageUrl(prefix)));
  const stored: StoredObject[] = [];
  for await (const object of bucket.list('')) stored.push(object);
  const files = await ctx.services.db.prisma.corpusFile.findMany({ where: { engagementId } });
  const corpusKeys = stored.filter((object) => object.key.startsWith('corpus/')).map((object) => object.key);
  expect(corpusKeys.sort()).toEqual(files.map((file) => `corpus/${engagementId}/${file.storedName}`).sort());
  const finalEvents = (await ctx.services.repos.auditLog.listShards(engagementId)).reduce(
    (sum, shard) => sum + shard.eventCount,
    0,
  );
  expect(stored.filter((object) => object.key.startsWith(`audit-log/${engagementId}/`))).toHaveLength(
    finalEvents,
  );
  expect(stored.filter((object) => object.key.startsWith('uploads/'))).toEqual([]);
  for (const host of ['api', 'worker'] as const) {
    expect({ host, files: filesUnder(hostDirs[host]).filter((file) => !file.endsWith('.key')) }).toEqual({
      host,
      files: [],
    });
  }
  // The worker really worked from its own DATA_DIR (its log names the ingest it completed).
  expect(worker!.output()).toContain('ingest_complete');
});
