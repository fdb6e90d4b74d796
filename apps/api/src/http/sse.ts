// Server-Sent Events relay (spec part 6, DECISIONS "Streams"): the only code that knows about
// text/event-stream. A stream subscribes to the engagement's Redis channel first, then sends a
// snapshot of the current state, then relays every event as a `data: <JSON>` frame. It closes
// after a final event, when nothing is running (at once after the snapshot, or when a keepalive
// tick finds the work gone), when the client leaves, or when the caller's session is revoked.
// Without Redis (or the database) it does not start: the caller gets a 503 with Retry-After. If
// the relay loses Redis while the stream is open, it ends with a `stream_interrupted` frame.
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

/** The close function of every stream open in this process, for a stopping API, with its kind. */
const openStreams = new Map<() => void, StreamKind>();

/** How many streams of each kind are open in this process (metrics). */
export function openStreamCounts(): Record<StreamKind, number> {
  const counts: Record<StreamKind, number> = { corpus: 0, run: 0 };
  for (const kind of openStreams.values()) counts[kind] += 1;
  return counts;
}

/**
 * Ends every open stream (the API is stopping): a client reconnects, to another API process, and
 * gets a fresh snapshot there. Returns how many were open.
 */
export function endOpenStreams(): number {
  const count = openStreams.size;
  for (const close of [...openStreams.keys()]) close();
  return count;
}

function frame(event: StreamEvent): string {
  return `data: ${JSON.stringify(event)}\n\n`;
}

export async function openEventStream(options: EventStreamOptions): Promise<void> {
  const { res, stream } = options;
  let closed = false;
  let started = false;
  let snapshotSent = false;
  const early: StreamEvent[] = [];
  const timers: NodeJS.Timeout[] = [];
  let finalEventWait: NodeJS.Timeout | undefined;
  let unsubscribe: () => void = () => undefined;

  const close = () => {
    if (closed) return;
    closed = true;
    openStreams.delete(close);
    for (const timer of timers) clearInterval(timer);
    clearTimeout(finalEventWait);
    unsubscribe();
    if (started) res.end();
  };
  const send = (event: StreamEvent) => {
    if (closed) return;
    res.write(frame(event));
    if (FINAL_EVENTS[stream].includes(event.type)) close();
  };
  // The relay lost Redis: events published meanwhile are gone, so the stream ends with a frame
  // that says so; the client reconnects (a fresh snapshot) or polls GET engagement.
  let interrupted = false;
  const interrupt = () => {
    interrupted = true;
    if (!started) return;
    send({
      type: STREAM_INTERRUPTED,
      detail: 'The event relay (Redis) became unavailable; reconnect after retry_after seconds.',
      retry_after: RETRY_AFTER_SECONDS,
    });
    close();
  };
  // The client went away (or the response ended): stop relaying.
  res.on('close', close);
  openStreams.set(close, stream);

  // Subscribe before anything is sent: without Redis no events can come, and the caller gets a
  // 503 with Retry-After (thrown from here) instead of a stream. Subscribing before reading the
  // state loses nothing published in between; events that arrive before the snapshot wait for it.
  unsubscribe = await options.subscriber.subscribe(
    options.engagementId,
    stream,
    (event) => {
      if (snapshotSent) send(event);
      else early.push(event);
    },
    interrupt,
  );
  if (closed) return unsubscribe();
  // The state is read before the response starts too: a database that does not answer is a 503.
  let state: StreamState;
  try {
    state = await options.state();
  } catch (error) {
    close();
    throw error;
  }
  if (closed) return;
  if (interrupted) {
    close();
    throw eventRelayUnavailable();
  }
  started = true;
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Connection', 'keep-alive');
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();
  snapshotSent = true;
  send(state.snapshot);
  // Events that came while the state was read are relayed after the snapshot. When the work is
  // over, the snapshot already shows its outcome and their progress is older than it: only a
  // final event among them is still news (and ends the stream).
  const pending = state.active ? early : early.filter((event) => FINAL_EVENTS[stream].includes(event.type));
  for (const event of pending) send(event);
  if (!state.active) return close();

  timers.push(
    setInterval(() => {
      send({ type: 'keepalive' });
      // Idle: the job ended without a final event reaching this stream (a worker crash that used
      // up its retries, say). The worker stores the outcome before it publishes the final event,
      // so the state can say "ended" a moment before that event comes: it gets FINAL_EVENT_WAIT_MS
      // to arrive (and end the stream itself). Then the stream ends with the state as it is.
      options.state().then(
        (now) => {
          if (now.active || closed || finalEventWait) return;
          finalEventWait = setTimeout(() => {
            options.state().then(
              (latest) => {
                send(latest.snapshot);
                close();
              },
              () => close(),
            );
          }, FINAL_EVENT_WAIT_MS);
        },
        () => undefined,
      );
    }, KEEPALIVE_MS),
    setInterval(() => {
      options.stillAuthorised().then(
        (ok) => {
          if (!ok) close();
        },
        () => undefined,
      );
    }, SESSION_CHECK_MS),
  );
}
