// Server-Sent Events relay (spec part 6, DECISIONS "Streams"): the only code that knows about
// text/event-stream. A stream subscribes to the engagement's Redis channel first, then sends a
// snapshot of the current state, then relays every event as a `data: <JSON>` frame. It closes
// after a final event, when nothing is running (at once after the snapshot, or when a keepalive
// tick finds the work gone), when the client leaves, or when the caller's session is revoked.
// Without Redis (or the database) it does not start: the caller gets a 503 with Retry-After. If
// the relay loses Redis while the stream is open, it ends with a `stream_interrupted` frame.
//
// Thousands of clients may follow one engagement's run, so the work is shared wherever it can be:
// the streams of one engagement and kind share one subscription (a stream joining a confirmed one
// needs no Redis round trip); each event is serialised once into one frame, and the frames that
// came in one turn of the event loop are written to every stream of the channel in one loop, one
// write per stream (a relay that falls behind catches up in fewer, larger writes); one keepalive
// tick (a shared frame, one state read per channel) and one session tick serve every open stream,
// instead of timers per stream. The body is delimited by the connection's end rather than chunked
// (Connection: close): a stream ends by closing anyway, and each frame is one plain write.
import type { Response } from 'express';
import { RETRY_AFTER_SECONDS } from '@auditsvc/core';
import {
  FINAL_EVENTS,
  ProgressSubscriber,
  STREAM_INTERRUPTED,
  StreamEvent,
  StreamKind,
  eventRelayUnavailable,
} from '@auditsvc/jobs';

export const KEEPALIVE_MS = 30_000;
/**
 * How long a stream whose work has ended waits for the final event before it ends without it: the
 * worker publishes that event just after it stores the outcome.
 */
export const FINAL_EVENT_WAIT_MS = 2_000;
/** How often an open stream re-checks that the caller's session still exists. */
export const SESSION_CHECK_MS = 5_000;

export interface StreamState {
  /** The snapshot frame: `{type: "snapshot", ...current state}`. */
  snapshot: StreamEvent;
  /** Whether work that will emit events is queued or running. */
  active: boolean;
}

export interface EventStreamOptions {
  res: Response;
  subscriber: ProgressSubscriber;
  engagementId: string;
  stream: StreamKind;
  state(): Promise<StreamState>;
  /** False once the caller's credential is no longer valid (a revoked session). */
  stillAuthorised(): Promise<boolean>;
}

/** One engagement's events of one kind, relayed to the streams that follow them. */
interface Channel {
  kind: StreamKind;
  streams: Set<OpenStream>;
  /** Settles when Redis has confirmed the subscription (or refused it: a 503). */
  subscribed: Promise<void>;
  unsubscribe: () => void;
  /** The engagement's state for this kind (every stream of the channel reads the same). */
  state(): Promise<StreamState>;
  /** A keepalive tick's state read is under way. */
  checking: boolean;
  /** Set when a tick found the work gone: the wait for its final event. */
  finalEventWait?: NodeJS.Timeout;
  /** The subscription is over (no stream left, or Redis lost). */
  retired: boolean;
  /** Frames waiting for this turn's write, and whether one of them ends the streams. */
  pending: Buffer[];
  pendingFinal: boolean;
  flushScheduled: boolean;
}

interface OpenStream {
  res: Response;
  kind: StreamKind;
  channel: Channel | null;
  /** Events that came before the snapshot; null once it is sent (events are then written at once). */
  early: StreamEvent[] | null;
  stillAuthorised(): Promise<boolean>;
  close(): void;
  interrupt(): void;
}

/** The channels of each subscriber (a process has one; tests may build several). */
const channelsOf = new WeakMap<ProgressSubscriber, Map<string, Channel>>();
/** Every stream open in this process, from its first step (for a stopping API, and metrics). */
const openStreams = new Set<OpenStream>();
/** Every channel with a subscription, for the keepalive tick. */
const liveChannels = new Set<Channel>();

/** A `data:` frame, serialised once whatever the number of streams it is written to. */
function frameOf(event: StreamEvent): Buffer {
  return Buffer.from(`data: ${JSON.stringify(event)}\n\n`);
}

const KEEPALIVE_FRAME = frameOf({ type: 'keepalive' });

/**
 * Writes the frames queued this turn to every stream of the channel that has had its snapshot, in
 * one write each, and ends those streams when one of the frames was final.
 */
function flush(channel: Channel): void {
  channel.flushScheduled = false;
  if (channel.pending.length === 0) return;
  const bytes = channel.pending.length === 1 ? channel.pending[0]! : Buffer.concat(channel.pending);
  const final = channel.pendingFinal;
  channel.pending = [];
  channel.pendingFinal = false;
  for (const stream of channel.streams) if (stream.early === null) stream.res.write(bytes);
  if (final) for (const stream of [...channel.streams]) if (stream.early === null) stream.close();
}

/** Queues a frame for every stream of the channel that has had its snapshot (written this turn). */
function queue(channel: Channel, frame: Buffer, final = false): void {
  channel.pending.push(frame);
  if (final) channel.pendingFinal = true;
  if (channel.flushScheduled) return;
  channel.flushScheduled = true;
  setImmediate(flush, channel);
}

function retire(channel: Channel, subscriber: ProgressSubscriber, key: string): void {
  if (channel.retired) return;
  channel.retired = true;
  clearTimeout(channel.finalEventWait);
  channel.pending = [];
  liveChannels.delete(channel);
  const channels = channelsOf.get(subscriber);
  if (channels?.get(key) === channel) channels.delete(key);
  channel.unsubscribe();
}

/** The engagement's channel of this kind, subscribing when no stream follows it yet. */
function channelFor(options: EventStreamOptions): { channel: Channel; key: string } {
  const { subscriber, engagementId, stream: kind } = options;
  let channels = channelsOf.get(subscriber);
  if (!channels) {
    channels = new Map();
    channelsOf.set(subscriber, channels);
  }
  const key = `${kind}:${engagementId}`;
  const existing = channels.get(key);
  if (existing) return { channel: existing, key };
  const channel: Channel = {
    kind,
    streams: new Set(),
    subscribed: Promise.resolve(),
    unsubscribe: () => undefined,
    state: options.state,
    checking: false,
    retired: false,
    pending: [],
    pendingFinal: false,
    flushScheduled: false,
  };
  const final = FINAL_EVENTS[kind];
  channel.subscribed = subscriber
    .subscribe(
      engagementId,
      kind,
      // The fan-out: one frame per event, queued for the streams that have had their snapshot;
      // the others keep the event until theirs is sent.
      (event) => {
        for (const stream of channel.streams) stream.early?.push(event);
        queue(channel, frameOf(event), final.includes(event.type));
      },
      // Redis lost: the subscription is over; every stream of it is told, after what came before.
      () => {
        flush(channel);
        retire(channel, subscriber, key);
        for (const stream of [...channel.streams]) stream.interrupt();
      },
    )
    .then(
      (unsubscribe) => {
        channel.unsubscribe = unsubscribe;
        if (channel.retired) return unsubscribe();
        // Every stream left while Redis confirmed: nothing to keep.
        if (channel.streams.size === 0) retire(channel, subscriber, key);
        else liveChannels.add(channel);
      },
      (error: unknown) => {
        channel.retired = true;
        if (channels.get(key) === channel) channels.delete(key);
        throw error;
      },
    );
  channels.set(key, channel);
  return { channel, key };
}

/**
 * The keepalive tick: a keepalive frame to every stream, and one state read per channel. Idle: the
 * job ended without a final event reaching the channel (a worker crash that used up its retries,
 * say). The worker stores the outcome before it publishes the final event, so the state can say
 * "ended" a moment before that event comes: it gets FINAL_EVENT_WAIT_MS to arrive (and end the
 * streams itself). Then the streams end with the state as it is.
 */
function keepaliveTick(): void {
  for (const channel of liveChannels) {
    queue(channel, KEEPALIVE_FRAME);
    if (channel.checking || channel.finalEventWait) continue;
    channel.checking = true;
    channel.state().then(
      (now) => {
        channel.checking = false;
        if (now.active || channel.retired || channel.finalEventWait) return;
        channel.finalEventWait = setTimeout(() => {
          channel.state().then(
            (latest) => queue(channel, frameOf(latest.snapshot), true),
            () => {
              for (const stream of [...channel.streams]) if (stream.early === null) stream.close();
            },
          );
        }, FINAL_EVENT_WAIT_MS);
      },
      () => {
        channel.checking = false;
      },
    );
  }
}

/** The session tick: every stream whose caller is no longer authorised ends. */
function sessionTick(): void {
  for (const stream of openStreams) {
    if (stream.early !== null) continue;
    stream.stillAuthorised().then(
      (ok) => {
        if (!ok) stream.close();
      },
      () => undefined,
    );
  }
}

/** The shared ticks run while any stream is open. */
let ticks: NodeJS.Timeout[] = [];

function startTicks(): void {
  if (ticks.length > 0) return;
  ticks = [setInterval(keepaliveTick, KEEPALIVE_MS), setInterval(sessionTick, SESSION_CHECK_MS)];
}

function stopTicksWhenIdle(): void {
  if (openStreams.size > 0) return;
  for (const tick of ticks) clearInterval(tick);
  ticks = [];
}

/** How many streams of each kind are open in this process (metrics). */
export function openStreamCounts(): Record<StreamKind, number> {
  const counts: Record<StreamKind, number> = { corpus: 0, run: 0 };
  for (const stream of openStreams) counts[stream.kind] += 1;
  return counts;
}

/**
 * Ends every open stream (the API is stopping): a client reconnects, to another API process, and
 * gets a fresh snapshot there. Returns how many were open.
 */
export function endOpenStreams(): number {
  const count = openStreams.size;
  for (const stream of [...openStreams]) stream.close();
  return count;
}

export async function openEventStream(options: EventStreamOptions): Promise<void> {
  const { res } = options;
  let closed = false;
  let started = false;
  let interrupted = false;
  let joined: { channel: Channel; key: string } | null = null;

  const stream: OpenStream = {
    res,
    kind: options.stream,
    channel: null,
    early: [],
    stillAuthorised: options.stillAuthorised,
    close() {
      if (closed) return;
      closed = true;
      openStreams.delete(stream);
      if (joined) {
        joined.channel.streams.delete(stream);
        // The last stream of a confirmed subscription ends it (a pending one ends when confirmed).
        if (joined.channel.streams.size === 0 && liveChannels.has(joined.channel)) {
          retire(joined.channel, options.subscriber, joined.key);
        }
      }
      stopTicksWhenIdle();
      if (started) res.end();
    },
    // The relay lost Redis: events published meanwhile are gone, so the stream ends with a frame
    // that says so; the client reconnects (a fresh snapshot) or polls GET engagement.
    interrupt() {
      interrupted = true;
      if (!started || closed) return;
      res.write(
        frameOf({
          type: STREAM_INTERRUPTED,
          detail: 'The event relay (Redis) became unavailable; reconnect after retry_after seconds.',
          retry_after: RETRY_AFTER_SECONDS,
        }),
      );
      stream.close();
    },
  };
  // The client went away (or the response ended): stop relaying.
  res.on('close', stream.close);
  openStreams.add(stream);

  // Subscribe before anything is sent: without Redis no events can come, and the caller gets a
  // 503 with Retry-After (thrown from here) instead of a stream. Subscribing before reading the
  // state loses nothing published in between; events that arrive before the snapshot wait for it.
  joined = channelFor(options);
  stream.channel = joined.channel;
  joined.channel.streams.add(stream);
  try {
    await joined.channel.subscribed;
  } catch (error) {
    stream.close();
    throw error;
  }
  if (closed) return;
  // The state is read before the response starts too: a database that does not answer is a 503.
  let state: StreamState;
  try {
    state = await options.state();
  } catch (error) {
    stream.close();
    throw error;
  }
  if (closed) return;
  if (interrupted) {
    stream.close();
    throw eventRelayUnavailable();
  }
  started = true;
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Accel-Buffering', 'no');
  // Not chunked: the body runs to the connection's end.
  res.setHeader('Connection', 'close');
  res.removeHeader('Transfer-Encoding');
  res.removeHeader('Content-Length');
  // Frames queued before this stream's snapshot go to the streams that had theirs; this one has
  // those events among its early ones.
  flush(joined.channel);
  // The headers go out with the snapshot, in one write.
  res.write(frameOf(state.snapshot));
  // Events that came while the state was read are relayed after the snapshot. When the work is
  // over, the snapshot already shows its outcome and their progress is older than it: only a
  // final event among them is still news (and ends the stream).
  const final = FINAL_EVENTS[options.stream];
  const early = stream.early ?? [];
  stream.early = null;
  for (const event of state.active ? early : early.filter((e) => final.includes(e.type))) {
    if (closed) break;
    res.write(frameOf(event));
    if (final.includes(event.type)) stream.close();
  }
  if (!state.active) return stream.close();
  startTicks();
}
