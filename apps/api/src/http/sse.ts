// Server-Sent Events relay (spec part 6, DECISIONS "Streams"): the only code that knows about
// text/event-stream. A stream subscribes to the engagement's Redis channel first, then sends a
// snapshot of the current state, then relays every event as a `data: <JSON>` frame. It closes
// after a final event, when nothing is running (at once after the snapshot, or when a keepalive
// tick finds the work gone), when the client leaves, or when the caller's session is revoked.
import type { Response } from 'express';
import { FINAL_EVENTS, ProgressSubscriber, StreamEvent, StreamKind } from '@auditsvc/jobs';

export const KEEPALIVE_MS = 30_000;
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

/** How long a stream waits for Redis to confirm its subscription. */
const SUBSCRIBE_TIMEOUT_MS = 5_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The close function of every stream open in this process, for a stopping API. */
const openStreams = new Set<() => void>();

/**
 * Ends every open stream (the API is stopping): a client reconnects, to another API process, and
 * gets a fresh snapshot there. Returns how many were open.
 */
export function endOpenStreams(): number {
  const count = openStreams.size;
  for (const close of [...openStreams]) close();
  return count;
}

function frame(event: StreamEvent): string {
  return `data: ${JSON.stringify(event)}\n\n`;
}

export async function openEventStream(options: EventStreamOptions): Promise<void> {
  const { res, stream } = options;
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Connection', 'keep-alive');
  res.setHeader('X-Accel-Buffering', 'no');
  res.flushHeaders();

  let closed = false;
  let snapshotSent = false;
  const early: StreamEvent[] = [];
  const timers: NodeJS.Timeout[] = [];
  let unsubscribe: () => void = () => undefined;

  const close = () => {
    if (closed) return;
    closed = true;
    openStreams.delete(close);
    for (const timer of timers) clearInterval(timer);
    unsubscribe();
    res.end();
  };
  const send = (event: StreamEvent) => {
    if (closed) return;
    res.write(frame(event));
    if (FINAL_EVENTS[stream].includes(event.type)) close();
  };
  // The client went away (or the response ended): stop relaying.
  res.on('close', close);
  openStreams.add(close);

  // Subscribe before reading the state, so nothing published in between is lost; events that
  // arrive before the snapshot is out wait for it.
  try {
    unsubscribe = await withTimeout(
      options.subscriber.subscribe(options.engagementId, stream, (event) => {
        if (snapshotSent) send(event);
        else early.push(event);
      }),
      SUBSCRIBE_TIMEOUT_MS,
    );
  } catch {
    // Redis is out of reach: no events can come. The client gets the state and falls back to
    // polling GET engagement (spec 4.4).
    if (!closed) send((await options.state()).snapshot);
    return close();
  }
  if (closed) return unsubscribe();
  const { snapshot, active } = await options.state();
  snapshotSent = true;
  send(snapshot);
  for (const event of early) send(event);
  if (!active) return close();

  timers.push(
    setInterval(() => {
      send({ type: 'keepalive' });
      // Idle: the job ended without a final event reaching this stream (a worker crash that used
      // up its retries, say). The stream ends with the state as it now is.
      options.state().then(
        (now) => {
          if (!now.active) {
            send(now.snapshot);
            close();
          }
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
