// Ingest through a real worker process and Redis (spec 3.3, 6.2): the sample corpus with every file
// type, the exact corpus-stream frames, a failed ingest that names the file and can be fixed,
// POST /query ranking and tenancy, and a worker killed with SIGKILL in the middle of an ingest.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Actors, makeActors, makeEngagement } from '../../../test/helpers/builders';
import { TestContext, createTestContext } from '../../../test/helpers/context';
import { sampleFile, sampleNames } from '../../../test/helpers/sample-corpus';
import { serve } from '../../../test/helpers/server';
import {
  TestProcess,
  childProcesses,
  groupMembers,
  isRunning,
  startApiProcess,
  startWorkerProcess,
} from '../../../test/helpers/processes';
import { waitFor } from '../../../test/helpers/wait';
import { createProgressPublisher } from '@auditsvc/jobs';
import { openSse } from '../../../test/helpers/sse';

jest.setTimeout(180_000);

let ctx: TestContext;
let actors: Actors;
let worker: TestProcess;
let baseUrl: string;
let server: Awaited<ReturnType<typeof serve>>;

// Job locks of 8 s: long enough that a busy machine never loses a running job's lock (a lost lock
// restarts the job), short enough that the worker replacing a killed one takes its job over within
// seconds. The worker that is killed holds a 3 s lock, so its job is free soon after it dies.
const WORKER_ENV = { JOB_LOCK_MS: '8000' };
const DOOMED_WORKER_ENV = { JOB_LOCK_MS: '3000' };

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await makeActors(ctx);
  worker = await startWorkerProcess(ctx, WORKER_ENV);
  server = await serve(ctx.app);
  baseUrl = server.baseUrl;
});
afterAll(async () => {
  await worker?.stop();
  await server?.close();
  await ctx.close();
});

async function uploadAll(engagementId: string, files: [string, Buffer][]) {
  for (const [name, bytes] of files) {
    const response = await ctx
      .http()
      .post(`/auditsvc/engagement/${engagementId}/corpus/upload`)
      .set(actors.headers.partnerA)
      .attach('file', bytes, name);
    expect({ name, status: response.status }).toEqual({ name, status: 201 });
  }
}

async function ingest(engagementId: string) {
  const response = await ctx
    .http()
    .post(`/auditsvc/engagement/${engagementId}/corpus/ingest`)
    .set(actors.headers.partnerA);
  expect(response.status).toBe(202);
}

function streamUrl(engagementId: string) {
  return `${baseUrl}/auditsvc/engagement/${engagementId}/corpus/stream`;
}

/**
 * Follows the corpus stream to its end and returns the corpus status it ended with: from the
 * final event, or from the snapshot when the ingest was over before the stream opened.
 */
async function ingestOutcome(engagementId: string, headers = actors.headers.partnerA): Promise<string> {
  const stream = await openSse(streamUrl(engagementId), headers);
  await stream.closed;
  const last = stream.events().at(-1)!;
  if (last.type === 'ingest_complete') return 'ingested';
  if (last.type === 'ingest_failed') return 'ingest_failed';
  if (!last.corpus)
    throw new Error(`the stream ended without an outcome: ${JSON.stringify(stream.events())}`);
  return (last.corpus as { status: string }).status;
}

const sampleFiles = (): [string, Buffer][] => sampleNames.map((name) => [name, sampleFile(name)]);

describe('the sample corpus', () => {
  let engagementId: string;
  let frames: Array<Record<string, unknown>>;

  beforeAll(async () => {
    engagementId = (await makeEngagement(ctx, actors.firmA)).id;
    await uploadAll(engagementId, sampleFiles());
    // The ingest is queued while no worker runs and the stream is open before one starts: a running
    // worker could otherwise publish ingest_start before the stream has subscribed.
    await worker.stop();
    await ingest(engagementId);
    const stream = await openSse(streamUrl(engagementId), actors.headers.partnerA);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    await stream.waitForEvent('snapshot');
    worker = await startWorkerProcess(ctx, WORKER_ENV);
    await stream.closed;
    frames = stream.events();
  });

  it('streams the frames of spec 6.2 and closes on ingest_complete', () => {
    const totalBytes = sampleNames.reduce((sum, name) => sum + sampleFile(name).length, 0);
    expect(frames[0]).toMatchObject({
      type: 'snapshot',
      engagement_id: engagementId,
      corpus: { status: 'ingesting', file_count: sampleNames.length, total_bytes: totalBytes },
    });
    // The stream opened before a worker took the job, so it saw the whole ingest after its snapshot.
    const rest = frames.slice(1).filter((frame) => frame.type !== 'keepalive');
    expect(rest).toEqual([
      { type: 'ingest_start', file_count: sampleNames.length, total_bytes: totalBytes },
      { type: 'ingest_stage', stage: 'loading', message: expect.any(String) },
      { type: 'ingest_stage', stage: 'chunking', message: expect.any(String) },
      { type: 'ingest_stage', stage: 'finalizing', message: expect.any(String) },
      { type: 'ingest_complete', engagement_id: engagementId, client_id: engagementId },
    ]);
  });

  it('binds the corpus: ingested, client_id = engagement id, every document chunked', async () => {
    const view = await ctx.http().get(`/auditsvc/engagement/${engagementId}`).set(actors.headers.partnerA);
    expect(view.body.client_id).toBe(engagementId);
    expect(view.body.corpus).toMatchObject({
      status: 'ingested',
      file_count: sampleNames.length,
      error: null,
    });
    const { files, chunks } = await ctx.services.repos.corpus.loadCorpus(engagementId);
    expect(new Set(chunks.map((chunk) => chunk.document))).toEqual(new Set(sampleNames));
    for (const file of files) {
      expect(file.parseStatus).toBe('parsed');
      for (const chunk of chunks.filter((c) => c.fileId === file.id)) {
        expect(file.text!.slice(chunk.startOffset, chunk.endOffset)).toBe(chunk.text);
      }
    }
    // Content from each kind of parser reached the index.
    const text = (name: string) => files.find((file) => file.filename === name)!.text!;
    expect(text('Password-Policy.docx')).toMatch(/password/i);
    expect(text('Data-Retention-Policy.pdf')).toMatch(/retention/i);
    expect(text('Access-Review-Log-2024.xlsx')).toMatch(/2024/);
    expect(text('backup-change.eml')).toMatch(/weekly/i);
    expect(text('it-ops-thread.mbox')).toMatch(/VPN/);
    expect(text('Laptop-Encryption-Standard-scan.png')).toMatch(/AES-128/);
    expect(chunks.find((chunk) => chunk.document === 'Business-Continuity-Plan.pdf')!.page).toBe(1);
    if (ctx.database.provider === 'sqlite') {
      // The FTS5 index agrees with the chunks table (it raises an error when it does not).
      await ctx.services.db.prisma.$executeRawUnsafe(
        "INSERT INTO chunks_search(chunks_search) VALUES('integrity-check')",
      );
    }
  });

  it('answers a late subscriber with a snapshot and closes at once', async () => {
    const stream = await openSse(streamUrl(engagementId), actors.headers.partnerA);
    await stream.closed;
    expect(stream.events()).toEqual([
      expect.objectContaining({ type: 'snapshot', client_id: engagementId, stage: null }),
    ]);
    expect((stream.events()[0]!.corpus as { status: string }).status).toBe('ingested');
  });

  it('serves POST /query from the index, best match first', async () => {
    const response = await ctx
      .http()
      .post('/query')
      .set(actors.headers.associateA)
      .send({ client_id: engagementId, query: 'user passwords expire every 90 days', top_k: 3 });
    expect(response.status).toBe(200);
    expect(response.body.count).toBe(3);
    expect(response.body.results[0]).toMatchObject({ document: 'Access-Control-Procedure.docx' });
    expect(response.body.results[0].text).toMatch(/expire every 90 days/);
    const scores = response.body.results.map((result: { score: number }) => result.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });
});

describe('POST /query ranking and tenancy', () => {
  let ours: string;
  let theirs: string;

  beforeAll(async () => {
    ours = (await makeEngagement(ctx, actors.firmA)).id;
    theirs = (await makeEngagement(ctx, actors.firmB)).id;
    const filler = 'The committee meets monthly to discuss general governance topics and minutes. ';
    await uploadAll(ours, [
      ['once.txt', Buffer.from(`${filler.repeat(3)}Laptops use disk encryption.`)],
      [
        'often.txt',
        Buffer.from(
          'Encryption keys rotate yearly. Encryption at rest uses AES-256. Encryption in transit too.',
        ),
      ],
      ['common.txt', Buffer.from(`${filler.repeat(2)}Laptops are inventoried.`)],
      // Same length and shape; "tokenization" occurs in one document, "committee" in three.
      ['rare-term.txt', Buffer.from('Tokenization applies to the payment vault.')],
      ['common-term.txt', Buffer.from('Committee applies to the payment vault.')],
    ]);
    await ingest(ours);
    expect(await ingestOutcome(ours)).toBe('ingested');
    // Another firm's corpus, ingested by its own partner, holds the same words many times.
    const other = await ctx
      .http()
      .post(`/auditsvc/engagement/${theirs}/corpus/upload`)
      .set(actors.headers.partnerB)
      .attach('file', Buffer.from('encryption laptops encryption laptops encryption'), 'theirs.txt');
    expect(other.status).toBe(201);
    await ctx.http().post(`/auditsvc/engagement/${theirs}/corpus/ingest`).set(actors.headers.partnerB);
    expect(await ingestOutcome(theirs, actors.headers.partnerB)).toBe('ingested');
  });

  it('ranks by BM25: more occurrences in a shorter text first, rarer terms weigh more', async () => {
    const ask = async (query: string) => {
      const response = await ctx
        .http()
        .post('/query')
        .set(actors.headers.partnerA)
        .send({ client_id: ours, query });
      expect(response.status).toBe(200);
      return response.body.results.map((result: { document: string }) => result.document);
    };
    expect(await ask('encryption')).toEqual(['often.txt', 'once.txt']);
    expect(await ask('laptops')).toEqual(['common.txt', 'once.txt']);
    // once.txt holds "committee" three times; the one rare word still outweighs them.
    expect((await ask('tokenization committee'))[0]).toBe('rare-term.txt');
  });

  it("keeps each firm to its own clients: the other firm's client_id is 404", async () => {
    const theirsFromUs = await ctx
      .http()
      .post('/query')
      .set(actors.headers.partnerA)
      .send({ client_id: theirs, query: 'encryption' });
    expect(theirsFromUs.status).toBe(404);
    const adminView = await ctx
      .http()
      .post('/query')
      .set(actors.headers.adminToken)
      .send({ client_id: theirs, query: 'encryption' });
    expect(adminView.body.results.map((result: { document: string }) => result.document)).toEqual([
      'theirs.txt',
    ]);
    const none = await ctx
      .http()
      .post('/query')
      .set(actors.headers.partnerA)
      .send({ client_id: ours, query: 'zebra' });
    expect(none.body).toEqual({ client_id: ours, query: 'zebra', results: [], count: 0 });
  });
});

it('fails an ingest with a file it cannot parse, names the file, keeps the files, and can be fixed', async () => {
  const engagementId = (await makeEngagement(ctx, actors.firmA)).id;
  await uploadAll(engagementId, [
    ['good.md', Buffer.from('# Policy\n\nBackups run daily.')],
    ['broken.pdf', Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage without xref')],
  ]);
  await ingest(engagementId);
  expect(await ingestOutcome(engagementId)).toBe('ingest_failed');
  const view = await ctx.http().get(`/auditsvc/engagement/${engagementId}`).set(actors.headers.partnerA);
  expect(view.body.corpus).toMatchObject({ status: 'ingest_failed', file_count: 2 });
  expect(view.body.corpus.error).toMatch(/broken\.pdf/);
  expect(view.body.corpus.error).not.toMatch(/good\.md/);
  expect(view.body.client_id).toBeNull();
  expect(await ctx.services.db.prisma.chunk.count({ where: { clientId: engagementId } })).toBe(0);
  expect(fs.readdirSync(path.join(ctx.dataDir, 'corpus', engagementId))).toHaveLength(2);

  const removed = await ctx
    .http()
    .delete(`/auditsvc/engagement/${engagementId}/corpus/file/broken.pdf`)
    .set(actors.headers.partnerA);
  expect(removed.status).toBe(200);
  await ingest(engagementId);
  expect(await ingestOutcome(engagementId)).toBe('ingested');
  const after = await ctx.http().get(`/auditsvc/engagement/${engagementId}`).set(actors.headers.partnerA);
  expect(after.body.corpus.status).toBe('ingested');
  expect(after.body.client_id).toBe(engagementId);
});

it('relays the corpus stream through any API process', async () => {
  const other = await startApiProcess(ctx);
  try {
    // The corpus is held in `ingesting` and the events are published here, as a worker would, so
    // both streams are open before anything is sent.
    const engagementId = (await makeEngagement(ctx, actors.firmA)).id;
    await ctx.services.repos.engagements.update(engagementId, { corpusStatus: 'ingesting' });
    const [here, there] = await Promise.all([
      openSse(streamUrl(engagementId), actors.headers.partnerA),
      openSse(`${other.baseUrl}/auditsvc/engagement/${engagementId}/corpus/stream`, actors.headers.partnerA),
    ]);
    for (const stream of [here, there]) await stream.waitForEvent('snapshot');
    const publisher = createProgressPublisher(ctx.services.redis, ctx.services.config.queuePrefix);
    const events = [
      { type: 'ingest_start', file_count: 1, total_bytes: 10 },
      { type: 'ingest_stage', stage: 'loading', message: 'Parsing 1 files.' },
      { type: 'ingest_complete', engagement_id: engagementId, client_id: engagementId },
    ];
    for (const event of events) await publisher.publish(engagementId, 'corpus', event);
    await Promise.all([here.closed, there.closed]);
    for (const stream of [here, there]) {
      expect(stream.events().slice(1)).toEqual(events);
      expect(stream.raw().endsWith('\n\n')).toBe(true);
    }
  } finally {
    await other.stop();
  }
});

describe('a worker killed during an ingest', () => {
  const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

  it('leaves nothing stuck or running: another worker takes the job over and no file is lost', async () => {
    // Several OCR images make the loading stage last long enough to kill the worker inside it.
    const scan = sampleFile('Laptop-Encryption-Standard-scan.png');
    const files: [string, Buffer][] = [
      ...Array.from({ length: 6 }, (_, i): [string, Buffer] => [`scan-${i}.png`, scan]),
      ['policy.md', Buffer.from('# Backup Policy\n\nBackups are retained for 90 days.')],
    ];
    const engagementId = (await makeEngagement(ctx, actors.firmA)).id;
    await worker.stop();
    await uploadAll(engagementId, files);
    await ingest(engagementId);
    // Stream first, worker second: the stream sees the first ingest_stage (loading), so the kill
    // lands inside the loading stage however slowly this process opens the stream.
    const stream = await openSse(streamUrl(engagementId), actors.headers.partnerA);
    await stream.waitForEvent('snapshot');
    const doomed = await startWorkerProcess(ctx, DOOMED_WORKER_ENV);
    await stream.waitForEvent('ingest_stage');
    // The worker's parse child, busy with an OCR parse, and its own temporary directory.
    const [parser] = await waitFor('the parse child', async () => {
      const found = childProcesses(doomed.child.pid!, 'parse-child');
      return found.length > 0 ? found : null;
    });
    await doomed.kill();
    // The parse child does not outlive the worker, nor do the programs it ran (its process group:
    // tesseract) or their temporary files.
    await waitFor('the parse child to end', async () => !isRunning(parser!.pid), 60_000);
    await waitFor(
      'the programs the parse child ran to end',
      async () => groupMembers(parser!.pid).length === 0,
      60_000,
    );
    expect(fs.existsSync(parser!.env.TMPDIR!)).toBe(false);

    const during = await ctx.services.repos.engagements.findById(engagementId);
    expect(during!.corpusStatus).toBe('ingesting');
    worker = await startWorkerProcess(ctx, WORKER_ENV);
    // Stall detection, a worker start and six OCR parses again: minutes on a busy 2-core machine.
    const complete = await stream.waitForEvent('ingest_complete', 240_000);
    expect(complete).toEqual({
      type: 'ingest_complete',
      engagement_id: engagementId,
      client_id: engagementId,
    });

    const after = await ctx.services.repos.engagements.findById(engagementId);
    expect(after!.corpusStatus).toBe('ingested');
    const stored = await ctx.services.db.prisma.corpusFile.findMany({ where: { engagementId } });
    expect(stored.map((file) => file.filename).sort()).toEqual(files.map(([name]) => name).sort());
    for (const file of stored) {
      const bytes = fs.readFileSync(path.join(ctx.dataDir, 'corpus', engagementId, file.storedName));
      expect(sha(bytes)).toBe(file.sha256);
    }
    // The restarted job stored one set of chunks per document.
    const { chunks } = await ctx.services.repos.corpus.loadCorpus(engagementId);
    const perDocument = new Map<string, number[]>();
    for (const chunk of chunks)
      perDocument.set(chunk.document, [...(perDocument.get(chunk.document) ?? []), chunk.ordinal]);
    for (const ordinals of perDocument.values()) expect(new Set(ordinals).size).toBe(ordinals.length);
  }, 360_000);

  it('on SIGTERM finishes the ingest in progress, then exits cleanly', async () => {
    const scan = sampleFile('Laptop-Encryption-Standard-scan.png');
    const engagementId = (await makeEngagement(ctx, actors.firmA)).id;
    await uploadAll(engagementId, [
      ['scan-1.png', scan],
      ['scan-2.png', scan],
      ['notes.md', Buffer.from('# Notes\n\nLogs are kept for one year.')],
    ]);
    // As above: queued with no worker running, stream open, then a worker, so that the SIGTERM
    // arrives while the ingest is in progress.
    await worker.stop();
    await ingest(engagementId);
    const stream = await openSse(streamUrl(engagementId), actors.headers.partnerA);
    await stream.waitForEvent('snapshot');
    // A grace period that outlasts the OCR of two scans on a busy machine (else the ingest is
    // handed back to the queue, drilled in drills/worker-crash.test.ts).
    worker = await startWorkerProcess(ctx, { ...WORKER_ENV, SHUTDOWN_GRACE_MS: '110000' });
    await stream.waitForEvent('ingest_stage');
    const exitCode = await worker.stop(120_000);
    expect({ exitCode, output: worker.output() }).toEqual({
      exitCode: 0,
      output: expect.stringContaining('worker_stopped'),
    });
    const after = await ctx.services.repos.engagements.findById(engagementId);
    expect(after!.corpusStatus).toBe('ingested');
    // The worker published ingest_complete before it exited, but the relay to this stream may still
    // be on its way: wait for the stream to end (it ends on that final event), then look.
    await stream.closed;
    expect(stream.events().at(-1)).toMatchObject({ type: 'ingest_complete' });
    worker = await startWorkerProcess(ctx, WORKER_ENV);
  });
});
