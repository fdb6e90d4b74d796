// The relay's fan-out (apps/api/src/http/sse.ts) at the moment a stream goes live: frames are
// queued for one write per stream per turn of the event loop, and a stream whose snapshot is sent
// in the same turn as an event arrived has that event among its early ones. It must get it once:
// from its early events, not a second time from the queued write. The state read is made to
// finish exactly then (from a listener on the subscriber's own connection, called right after the
// relay's), which the HTTP-level tests can only hit by chance. Real Redis, a real HTTP server.
import { randomBytes } from 'node:crypto';
import express from 'express';
import Redis from 'ioredis';
import { createProgressPublisher, createProgressSubscriber } from '@auditsvc/jobs';
import { StreamState, openEventStream } from '../src/http/sse';
import { serve } from '../../../test/helpers/server';
import { openSse } from '../../../test/helpers/sse';
import { waitFor } from '../../../test/helpers/wait';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test-sse-${randomBytes(6).toString('hex')}`;
const connection = new Redis(redisUrl, { autoResubscribe: false });
const commands = new Redis(redisUrl);
const subscriber = createProgressSubscriber(connection, prefix);
const publisher = createProgressPublisher(commands, prefix);

/** The state each stream reads when it opens, by name. */
const states = new Map<string, () => Promise<StreamState>>();
const running: StreamState = { snapshot: { type: 'snapshot', status: 'running' }, active: true };

const app = express();
app.get('/stream/:name', (req, res, next) => {
  openEventStream({
    res,
    subscriber,
    engagementId: 'eng-fanout',
    stream: 'run',
    state: () => states.get(req.params.name)!(),
    stillAuthorised: async () => true,
  }).catch(next);
});
let server: Awaited<ReturnType<typeof serve>>;

beforeAll(async () => {
  server = await serve(app);
  await waitFor('the subscriber connection', async () => subscriber.ready());
});
afterAll(async () => {
  await server.close();
  await subscriber.close();
  commands.disconnect();
});

it('gives a stream that goes live in the turn an event came that event once, after its snapshot', async () => {
  states.set('first', async () => running);
  const first = await openSse(`${server.baseUrl}/stream/first`, {});
  expect(first.status).toBe(200);
  await waitFor('the first snapshot', async () => first.events().length === 1);

  // The second stream's state read ends right after the relay has queued the next event.
  let finishRead: (state: StreamState) => void = () => undefined;
  let reading = false;
  states.set(
    'second',
    () =>
      new Promise((resolve) => {
        finishRead = resolve;
        reading = true;
      }),
  );
  const opening = openSse(`${server.baseUrl}/stream/second`, {});
  await waitFor('the second stream to read its state', async () => reading);
  // Listeners run in the order they were added: this one after the relay's.
  connection.once('message', () => finishRead(running));
  await publisher.publish('eng-fanout', 'run', { type: 'stage_start', iteration: 1 });
  const second = await opening;
  await waitFor(
    'the event on both streams',
    async () => second.events().length >= 2 && first.events().length >= 2,
  );
  await publisher.publish('eng-fanout', 'run', { type: 'run_complete' });
  await Promise.all([first.closed, second.closed]);
  const types = (reader: typeof first) => reader.events().map((e) => `${e.type}${e.iteration ?? ''}`);
  expect(types(first)).toEqual(['snapshot', 'stage_start1', 'run_complete']);
  expect(types(second)).toEqual(['snapshot', 'stage_start1', 'run_complete']);
});
