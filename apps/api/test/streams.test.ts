// The SSE relay's timing (spec 6.2, DECISIONS "Streams"): a keepalive frame every 30 s, a stream
// that ends when its work is gone, and a stream whose session is revoked. Only setInterval and
// clearInterval are faked, so Redis, the database and HTTP keep their real timers.
import { createProgressPublisher } from '@auditsvc/jobs';
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
