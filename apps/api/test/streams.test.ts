// The SSE relay's timing (spec 6.2, DECISIONS "Streams"): a keepalive frame every 30 s, a stream
// that ends when its work is gone, and a stream whose session is revoked. Only setInterval and
// clearInterval are faked, so Redis, the database and HTTP keep their real timers.
import { createProgressPublisher } from '@auditsvc/jobs';
import { openStreamCounts } from '../src/http/sse';
import { Actors, bearer, makeActors, makeEngagement, tokenFor } from '../../../test/helpers/builders';
import { TestContext, createTestContext } from '../../../test/helpers/context';
import { serve } from '../../../test/helpers/server';
import { openSse } from '../../../test/helpers/sse';
import { waitFor } from '../../../test/helpers/wait';

let ctx: TestContext;
let actors: Actors;
let server: Awaited<ReturnType<typeof serve>>;
let baseUrl: string;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await makeActors(ctx);
  server = await serve(ctx.app);
  baseUrl = server.baseUrl;
});
afterAll(async () => {
  await server?.close();
  await ctx.close();
});

beforeEach(() => {
  jest.useFakeTimers({
    doNotFake: [
      'Date',
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'setImmediate',
      'clearImmediate',
      'setTimeout',
      'clearTimeout',
    ],
  });
});
afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

/**
 * Waits (in real time, with a generous deadline for a loaded machine) until the reader has
 * `count` frames; fails if they never come.
 */
async function frames(reader: Awaited<ReturnType<typeof openSse>>, count: number) {
  await waitFor(`${count} frames`, async () => reader.events().length >= count);
  return reader.events();
}

/**
 * Counts the calls of `object[method]` that have settled. A timer tick starts its database read
 * in the background; tests wait on this count, not for a fixed time, to know that read is over.
 */
function settledCalls<T extends object, K extends keyof T>(object: T, method: K): () => number {
  let settled = 0;
  const original = (object[method] as (...args: unknown[]) => Promise<unknown>).bind(object);
  jest
    .spyOn(object, method as never)
    .mockImplementation(((...args: unknown[]) => original(...args).finally(() => (settled += 1))) as never);
  return () => settled;
}

const corpusStream = (id: string) => `${baseUrl}/auditsvc/engagement/${id}/corpus/stream`;

it('sends a keepalive every 30 s and closes once the work is gone', async () => {
  const engagement = await makeEngagement(ctx, actors.firmA);
  await ctx.services.repos.engagements.update(engagement.id, { corpusStatus: 'ingesting' });
  const stateReads = settledCalls(ctx.services.streamState, 'corpus');
  const reader = await openSse(corpusStream(engagement.id), actors.headers.partnerA);
  expect(await frames(reader, 1)).toEqual([
    {
      type: 'snapshot',
      engagement_id: engagement.id,
      client_id: null,
      corpus: { status: 'ingesting', file_count: 0, total_bytes: 0, error: null, warnings: [] },
      stage: null,
    },
  ]);
  jest.advanceTimersByTime(29_999);
  expect(await frames(reader, 1)).toHaveLength(1);
  jest.advanceTimersByTime(1);
  expect((await frames(reader, 2))[1]).toEqual({ type: 'keepalive' });
  expect(reader.raw()).toContain('data: {"type":"keepalive"}\n\n');
  // That tick also re-read the state (still ingesting). Let the read finish before the state
  // changes, or a slow read could already see the change and end the stream one tick early.
  await waitFor('the first tick to read the state', async () => stateReads() >= 2);

  // The ingest ends without an event reaching the stream (its worker died for good, say): the
  // next tick finds nothing running, sends the state as it is, and ends the stream.
  await ctx.services.repos.engagements.update(engagement.id, {
    corpusStatus: 'ingest_failed',
    corpusError: 'The ingest failed: job stalled more than allowable limit',
  });
  jest.advanceTimersByTime(30_000);
  await reader.closed;
  const all = reader.events();
  expect(all.slice(2)).toEqual([
    { type: 'keepalive' },
    expect.objectContaining({
      type: 'snapshot',
      corpus: expect.objectContaining({ status: 'ingest_failed' }),
    }),
  ]);
});

it('ends with the snapshot, not the older progress that came while it was read, when the work is over', async () => {
  // Found under load in ingest.test.ts: progress published while the state was read, then the
  // state already "ingested", made the stream end on a stale ingest_stage frame.
  const engagement = await makeEngagement(ctx, actors.firmA);
  await ctx.services.repos.engagements.update(engagement.id, { corpusStatus: 'ingesting' });
  const publisher = createProgressPublisher(ctx.services.redis, ctx.services.config.queuePrefix);
  const read = ctx.services.streamState.corpus.bind(ctx.services.streamState);
  jest.spyOn(ctx.services.streamState, 'corpus').mockImplementation(async (id: string) => {
    // The stream is subscribed; the ingest reports progress, then finishes before the read.
    await publisher.publish(id, 'corpus', { type: 'ingest_stage', stage: 'finalizing', message: 'm' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await ctx.services.repos.engagements.update(id, { corpusStatus: 'ingested' });
    return read(id);
  });
  const reader = await openSse(corpusStream(engagement.id), actors.headers.partnerA);
  await reader.closed;
  expect(reader.events()).toEqual([
    expect.objectContaining({ type: 'snapshot', corpus: expect.objectContaining({ status: 'ingested' }) }),
  ]);
});

it('relays a published event between keepalives and closes on the final one', async () => {
  const engagement = await makeEngagement(ctx, actors.firmA);
  await ctx.services.repos.engagements.update(engagement.id, { corpusStatus: 'ingesting' });
  const reader = await openSse(corpusStream(engagement.id), actors.headers.partnerA);
  await frames(reader, 1);
  const publisher = createProgressPublisher(ctx.services.redis, ctx.services.config.queuePrefix);
  await publisher.publish(engagement.id, 'corpus', { type: 'ingest_stage', stage: 'chunking', message: 'm' });
  await frames(reader, 2);
  jest.advanceTimersByTime(30_000);
  await frames(reader, 3);
  await publisher.publish(engagement.id, 'corpus', { type: 'ingest_failed', error: 'a.pdf: malformed' });
  await reader.closed;
  // Byte for byte after the snapshot: `data: <JSON>` and a blank line per frame.
  expect(reader.raw().split('\n\n').slice(1)).toEqual([
    'data: {"type":"ingest_stage","stage":"chunking","message":"m"}',
    'data: {"type":"keepalive"}',
    'data: {"type":"ingest_failed","error":"a.pdf: malformed"}',
    '',
  ]);
});

it('gives the final event of work that has just ended a moment to arrive, and relays it', async () => {
  const engagement = await makeEngagement(ctx, actors.firmA, { status: 'running', isRunning: true });
  const stateReads = settledCalls(ctx.services.streamState, 'run');
  const reader = await openSse(
    `${baseUrl}/auditsvc/engagement/${engagement.id}/stream`,
    actors.headers.partnerA,
  );
  await frames(reader, 1);
  // The worker has stored the run's outcome and not yet published run_complete when a tick finds
  // the run over.
  await ctx.services.repos.engagements.update(engagement.id, { status: 'findings_review', isRunning: false });
  const reads = stateReads();
  jest.advanceTimersByTime(30_000);
  await waitFor('the tick to read the state', async () => stateReads() > reads);
  const publisher = createProgressPublisher(ctx.services.redis, ctx.services.config.queuePrefix);
  const complete = { type: 'run_complete', engagement_id: engagement.id, run_id: 'run-0000000000000000' };
  await publisher.publish(engagement.id, 'run', complete);
  await reader.closed;
  expect(reader.events().slice(1)).toEqual([{ type: 'keepalive' }, complete]);
});

it('closes the stream of a session that is revoked, watching the revocation signal, not the database', async () => {
  const engagement = await makeEngagement(ctx, actors.firmA);
  await ctx.services.repos.engagements.update(engagement.id, { corpusStatus: 'ingesting' });
  const token = await tokenFor(ctx, actors.partnerA);
  await waitFor('the revocation signal', async () => ctx.services.sessionRevocations.isLive());
  const reader = await openSse(corpusStream(engagement.id), bearer(token));
  await frames(reader, 1);
  const sessionReads = jest.spyOn(ctx.services.repos.sessions, 'findActiveByTokenHash');
  // The 5-second check is answered from the signal: no session read, and the stream outlives it
  // (an event published afterwards still arrives).
  jest.advanceTimersByTime(5_000);
  const publisher = createProgressPublisher(ctx.services.redis, ctx.services.config.queuePrefix);
  await publisher.publish(engagement.id, 'corpus', { type: 'ingest_stage', stage: 'loading', message: 'm' });
  await frames(reader, 2);
  expect(sessionReads).not.toHaveBeenCalled();
  const logout = await ctx.http().post('/auditsvc/auth/logout').set(bearer(token));
  expect(logout.status).toBe(200);
  jest.advanceTimersByTime(5_000);
  await reader.closed;
  expect(reader.events().map((event) => event.type)).toEqual(['snapshot', 'ingest_stage']);
});

it('answers a run stream with nothing running with a snapshot, then closes', async () => {
  const engagement = await makeEngagement(ctx, actors.firmA);
  const reader = await openSse(
    `${baseUrl}/auditsvc/engagement/${engagement.id}/stream`,
    actors.headers.associateA,
  );
  await reader.closed;
  expect(reader.events()).toEqual([
    expect.objectContaining({
      type: 'snapshot',
      engagement_id: engagement.id,
      status: 'created',
      is_running: false,
      progress: null,
    }),
  ]);
});

describe('many streams of one engagement', () => {
  const runStream = (id: string) => `${baseUrl}/auditsvc/engagement/${id}/stream`;
  const channel = (id: string) => `${ctx.services.config.queuePrefix}:progress:run:${id}`;
  /** How many connections Redis has subscribed to the channel. */
  const subscribers = async (id: string) => {
    const [, count] = (await ctx.services.redis.pubsub('NUMSUB', channel(id))) as [string, number];
    return Number(count);
  };

  it('share one subscription, each get every frame, and the last to leave ends it', async () => {
    const engagement = await makeEngagement(ctx, actors.firmA, { status: 'running', isRunning: true });
    const subscribeCalls = jest.spyOn(ctx.services.progressSubscriber, 'subscribe');
    const readers = [];
    for (let i = 0; i < 5; i++) {
      const reader = await openSse(runStream(engagement.id), actors.headers.partnerA);
      await frames(reader, 1);
      readers.push(reader);
    }
    expect(subscribeCalls).toHaveBeenCalledTimes(1);
    expect(await subscribers(engagement.id)).toBe(1);

    const publisher = createProgressPublisher(ctx.services.redis, ctx.services.config.queuePrefix);
    const stage = { type: 'stage_start', stage: 'catalog', note: 'ünïcode "quoted"' };
    await publisher.publish(engagement.id, 'run', stage);
    for (const reader of readers) expect((await frames(reader, 2))[1]).toEqual(stage);
    // One client leaves; the others keep receiving, keepalives included.
    readers[0]!.close();
    await waitFor('the server to drop that stream', async () => openStreamCounts().run === 4);
    jest.advanceTimersByTime(30_000);
    for (const reader of readers.slice(1))
      expect((await frames(reader, 3))[2]).toEqual({ type: 'keepalive' });

    const complete = { type: 'run_complete', engagement_id: engagement.id, run_id: 'run-0000000000000001' };
    await publisher.publish(engagement.id, 'run', complete);
    await Promise.all(readers.slice(1).map((reader) => reader.closed));
    for (const reader of readers.slice(1)) {
      expect(reader.raw().split('\n\n').slice(1)).toEqual([
        `data: ${JSON.stringify(stage)}`,
        'data: {"type":"keepalive"}',
        `data: ${JSON.stringify(complete)}`,
        '',
      ]);
    }
    await waitFor('the subscription to end', async () => (await subscribers(engagement.id)) === 0);

    // A stream opened afterwards subscribes again and gets what is published.
    const again = await openSse(runStream(engagement.id), actors.headers.partnerA);
    await frames(again, 1);
    expect(subscribeCalls).toHaveBeenCalledTimes(2);
    await publisher.publish(engagement.id, 'run', complete);
    await again.closed;
    expect(again.events().map((event) => event.type)).toEqual(['snapshot', 'run_complete']);
  });

  it('get a burst in order, each frame once, streams opened while it flows included', async () => {
    const engagement = await makeEngagement(ctx, actors.firmA, { status: 'running', isRunning: true });
    const first = await openSse(runStream(engagement.id), actors.headers.partnerA);
    await frames(first, 1);
    const publisher = createProgressPublisher(ctx.services.redis, ctx.services.config.queuePrefix);
    const burst = (from: number, to: number) =>
      Promise.all(
        Array.from({ length: to - from + 1 }, (_, i) =>
          publisher.publish(engagement.id, 'run', { type: 'stage_start', iteration: from + i }),
        ),
      );
    const late: Promise<Awaited<ReturnType<typeof openSse>>>[] = [];
    for (let round = 0; round < 4; round++) {
      late.push(openSse(runStream(engagement.id), actors.headers.partnerA));
      await burst(round * 50 + 1, round * 50 + 50);
    }
    // Every stream has had its snapshot before the run ends (one still opening would find the
    // run going on in the database, and wait for the next).
    const readers = [first, ...(await Promise.all(late))];
    for (const reader of readers) await frames(reader, 1);
    await publisher.publish(engagement.id, 'run', { type: 'run_complete', engagement_id: engagement.id });
    await Promise.all(readers.map((reader) => reader.closed));
    for (const [n, reader] of readers.entries()) {
      const events = reader.events();
      expect(events[0]!.type).toBe('snapshot');
      expect(events.at(-1)!.type).toBe('run_complete');
      const iterations = events.slice(1, -1).map((event) => event.iteration as number);
      // Contiguous up to the last: nothing lost, nothing twice, in the order published.
      const start = iterations[0] ?? 201;
      expect(iterations).toEqual(Array.from({ length: 201 - start }, (_, i) => start + i));
      if (n === 0) expect(start).toBe(1);
    }
    expect(readers[0]!.headers['transfer-encoding']).toBeUndefined();
    expect(readers[0]!.headers.connection).toBe('close');
  });

  it('keep their own engagement: an event of one is never written to another', async () => {
    const [one, two] = [
      await makeEngagement(ctx, actors.firmA, { status: 'running', isRunning: true }),
      await makeEngagement(ctx, actors.firmA, { status: 'running', isRunning: true }),
    ];
    const first = await openSse(runStream(one.id), actors.headers.partnerA);
    const second = await openSse(runStream(two.id), actors.headers.partnerA);
    await frames(first, 1);
    await frames(second, 1);
    const publisher = createProgressPublisher(ctx.services.redis, ctx.services.config.queuePrefix);
    await publisher.publish(one.id, 'run', { type: 'run_complete', engagement_id: one.id });
    await first.closed;
    await publisher.publish(two.id, 'run', { type: 'run_failed', engagement_id: two.id });
    await second.closed;
    expect(first.events().slice(1)).toEqual([{ type: 'run_complete', engagement_id: one.id }]);
    expect(second.events().slice(1)).toEqual([{ type: 'run_failed', engagement_id: two.id }]);
  });
});
