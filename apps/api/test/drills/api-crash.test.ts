// Fault drills (issue 14): an API process killed with SIGKILL in the middle of uploads, then
// started again (its start-up sweep), and an API process stopped with SIGTERM while requests are in
// flight and a stream is open.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Client } from 'pg';
import { newId } from '@auditsvc/core';
import { STAGING_FOLDER, uploadStagingFolder } from '@auditsvc/services';
import { Actors, makeActors, makeEngagement } from '../../../../test/helpers/builders';
import { TestContext, createTestContext } from '../../../../test/helpers/context';
import { startApiProcess as startApi } from '../../../../test/helpers/processes';
import { openSse } from '../../../../test/helpers/sse';
import { waitFor } from '../../../../test/helpers/wait';

jest.setTimeout(180_000);

type ApiProcess = Awaited<ReturnType<typeof startApi>>;

let ctx: TestContext;
let actors: Actors;
/** A PostgreSQL session holding a lock, released even when a drill fails. */
let lock: Client | null = null;

/** Every API process a drill starts, killed at the end if a failed drill left it running. */
const started: ApiProcess[] = [];
async function startApiProcess(...args: Parameters<typeof startApi>) {
  const api = await startApi(...args);
  started.push(api);
  return api;
}

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await makeActors(ctx);
});
afterAll(async () => {
  await Promise.all(started.map((api) => api.kill()));
  await lock?.end().catch(() => undefined);
  await ctx?.close();
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** Text a .txt upload passes its checks with. */
const text = (bytes: number) =>
  Buffer.from('An audit log line.\n'.repeat(Math.ceil(bytes / 19)).slice(0, bytes));

/** An answer, or how the connection ended without one. */
type Outcome = { status: number; headers: http.IncomingHttpHeaders; body: string } | { failed: string };

interface Trickle {
  /** Sends the rest of the body. */
  finish(): void;
  response: Promise<Outcome>;
}

const NO_ANSWER = { failed: expect.any(String) };

/** A multipart upload whose body is sent in part now and the rest when `finish` is called. */
function trickleUpload(baseUrl: string, engagementId: string, filename: string, content: Buffer): Trickle {
  const boundary = `drill-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      'Content-Type: text/plain\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const request = http.request(`${baseUrl}/auditsvc/engagement/${engagementId}/corpus/upload`, {
    method: 'POST',
    headers: {
      ...actors.headers.partnerA,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + content.length + tail.length,
    },
  });
  const response = new Promise<Outcome>((resolve) => {
    const failed = (error: Error) => resolve({ failed: error.message });
    request.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', failed);
    });
    request.on('error', failed);
  });
  const half = Math.floor(content.length / 2);
  request.write(head);
  request.write(content.subarray(0, half));
  return {
    finish() {
      request.write(content.subarray(half));
      request.end(tail);
    },
    response,
  };
}

/** The staging directory of an API process (named <host>~<pid>~<tag>). */
function stagingOf(api: ApiProcess): string | null {
  const root = path.join(ctx.dataDir, STAGING_FOLDER);
  if (!fs.existsSync(root)) return null;
  const name = fs.readdirSync(root).find((entry) => entry.split('~')[1] === String(api.child.pid));
  return name ? path.join(root, name) : null;
}

/** Resolves once the process's staging directory holds `count` files of at least `minBytes`. */
function staged(api: ApiProcess, count: number, minBytes = 1): Promise<string[]> {
  return waitFor(`${count} staged uploads`, async () => {
    const dir = stagingOf(api);
    if (!dir) return null;
    const files = fs.readdirSync(dir).map((name) => path.join(dir, name));
    const grown = files.filter((file) => fs.statSync(file).size >= minBytes);
    return grown.length >= count ? grown : null;
  });
}

/** Every file under DATA_DIR, relative to it. */
function filesUnder(dir: string, base = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full, base) : [path.relative(base, full)];
  });
}

function logLine(api: ApiProcess, message: string): Record<string, unknown> | undefined {
  return api
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .find((line) => line.message === message);
}

async function corpusOf(engagementId: string) {
  const res = await ctx.http().get(`/auditsvc/engagement/${engagementId}`).set(actors.headers.partnerA);
  return res.body.corpus as { status: string; file_count: number };
}

describe('an API killed with SIGKILL during uploads', () => {
  it('leaves no corpus stuck uploading and no orphan bytes once an API has started again', async () => {
    const kept = await makeEngagement(ctx, actors.firmA);
    const keptBytes = text(1000);
    const upload = await ctx
      .http()
      .post(`/auditsvc/engagement/${kept.id}/corpus/upload`)
      .set(actors.headers.partnerA)
      .attach('file', keptBytes, 'kept.txt');
    expect(upload.status).toBe(201);
    const blocked = await makeEngagement(ctx, actors.firmA);

    const doomed = await startApiProcess(ctx);
    // 1. A large upload, killed while its body streams in: a partial file in the staging directory.
    const streaming = trickleUpload(doomed.baseUrl, kept.id, 'large.txt', text(8 * 1024 * 1024));
    await staged(doomed, 1, 64 * 1024);

    // 2. An upload killed between the corpus becoming `uploading` and its record's commit: on
    // PostgreSQL for real (the insert waits on a lock this test holds); SQLite has no lock that
    // lets the first write through and stops the second, so that state is written as the kill
    // leaves it.
    let uncommitted: Trickle | null = null;
    if (ctx.database.provider === 'postgresql') {
      lock = new Client({ connectionString: ctx.database.url });
      await lock.connect();
      await lock.query('BEGIN');
      await lock.query('LOCK TABLE corpus_files IN SHARE MODE');
      uncommitted = trickleUpload(doomed.baseUrl, blocked.id, 'blocked.txt', text(1000));
      uncommitted.finish();
      await waitFor('the blocked upload to wait on its commit', async () =>
        (await corpusOf(blocked.id)).status === 'uploading' ? staged(doomed, 2) : null,
      );
    }
    const deadStaging = stagingOf(doomed)!;
    await doomed.kill();
    expect(await streaming.response).toEqual(NO_ANSWER);
    if (lock) {
      expect(await uncommitted!.response).toEqual(NO_ANSWER);
      await lock.query('ROLLBACK');
      await lock.end();
      lock = null;
    } else {
      fs.writeFileSync(path.join(deadStaging, newId('corpusFile')), text(1000));
      await ctx.services.repos.engagements.update(blocked.id, { corpusStatus: 'uploading' });
    }
    // 3. A kill between the commit and the move into the corpus: a recorded file still staged.
    const recoveredBytes = text(2000);
    const recoveredId = newId('corpusFile');
    fs.writeFileSync(path.join(deadStaging, recoveredId), recoveredBytes);
    await ctx.services.repos.corpus.createFile({
      id: recoveredId,
      engagementId: kept.id,
      filename: 'recovered.txt',
      storedName: recoveredId,
      sizeBytes: recoveredBytes.length,
      contentType: 'text/plain',
      sha256: sha256(recoveredBytes),
    });
    // 4. A delete killed between the record and the bytes: a corpus file no record names.
    fs.writeFileSync(path.join(ctx.dataDir, 'corpus', kept.id, newId('corpusFile')), text(500));
    expect((await corpusOf(blocked.id)).status).toBe('uploading');

    const next = await startApiProcess(ctx);
    try {
      expect(logLine(next, 'startup_sweep')).toMatchObject({
        staging_directories_removed: 1,
        staged_files_removed: 2,
        staged_files_recovered: 1,
        corpus_orphans_removed: 1,
        uploading_reset: 1,
      });
      expect(fs.existsSync(deadStaging)).toBe(false);
      // The staging directory of a process that runs (this one, which took the first upload) stays.
      expect(fs.existsSync(path.join(ctx.dataDir, uploadStagingFolder()))).toBe(true);
      expect(await corpusOf(blocked.id)).toMatchObject({ status: 'empty', file_count: 0 });
      expect(await corpusOf(kept.id)).toMatchObject({ status: 'uploaded', file_count: 2 });

      // Nothing under DATA_DIR but the files on record (with their bytes) and the process keys.
      const recorded = await ctx.services.db.prisma.corpusFile.findMany();
      const expected = recorded.map((file) => path.join('corpus', file.engagementId, file.storedName));
      const present = filesUnder(ctx.dataDir);
      expect(present.filter((file) => !file.endsWith('.key')).sort()).toEqual(expected.sort());
      for (const file of recorded) {
        const bytes = fs.readFileSync(path.join(ctx.dataDir, 'corpus', file.engagementId, file.storedName));
        expect(sha256(bytes)).toBe(file.sha256);
      }

      // The API that started again takes uploads.
      const again = trickleUpload(next.baseUrl, blocked.id, 'after.txt', text(1000));
      again.finish();
      expect(await again.response).toMatchObject({ status: 201 });
    } finally {
      await next.stop();
    }
  });
});

describe('an API stopped with SIGTERM', () => {
  it('ends open streams, finishes the requests in flight, cuts the one that outlasts the grace period, and exits', async () => {
    const target = await makeEngagement(ctx, actors.firmA);
    // A run that waits in the queue keeps the run stream open (no worker here).
    const queued = await makeEngagement(ctx, actors.firmA, { status: 'queued' });
    const api = await startApiProcess(ctx, { SHUTDOWN_GRACE_MS: '4000' });
    const stream = await openSse(
      `${api.baseUrl}/auditsvc/engagement/${queued.id}/stream`,
      actors.headers.partnerA,
    );
    await stream.waitForEvent('snapshot');
    const finishing = trickleUpload(api.baseUrl, target.id, 'finishing.txt', text(256 * 1024));
    const stalled = trickleUpload(api.baseUrl, target.id, 'stalled.txt', text(256 * 1024));
    await staged(api, 2);

    api.child.kill('SIGTERM');
    await api.waitFor('api_draining');
    // The stream ends at once; a client reconnects elsewhere.
    await stream.closed;
    // No new connections...
    const refused = await fetch(`${api.baseUrl}/healthz`).then(
      (res) => ({ status: res.status }),
      (error: Error) => ({ failed: error.message }),
    );
    expect(refused).toEqual(NO_ANSWER);
    // ...but the request in flight is served to the end, and its connection closed after it.
    finishing.finish();
    const done = await finishing.response;
    expect(done).toMatchObject({ status: 201, headers: { connection: 'close' } });
    expect(JSON.parse((done as { body: string }).body)).toMatchObject({ filename: 'finishing.txt' });

    // The other never completes its body: cut when the grace period is over; the process exits 0
    // (a harness grace far above the API's own: a process that overran would be killed instead).
    expect(await api.stop(30_000)).toBe(0);
    expect(await stalled.response).toEqual(NO_ANSWER);
    expect(logLine(api, 'api_draining')).toMatchObject({ streams_ended: 1, grace_ms: 4000 });
    expect(logLine(api, 'api_requests_cut')).toMatchObject({ requests: 1 });
    expect(api.output()).toContain('api_stopped');
    const files = await ctx.services.repos.corpus.listFileHeads(target.id);
    expect(files.map((file) => file.filename)).toEqual(['finishing.txt']);
  });
});
