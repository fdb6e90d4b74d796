// Progress events travel from the worker to every API process over Redis pub/sub, one channel per
// engagement and stream; the API relays them as Server-Sent Events (apps/api/src/http/sse.ts).
import type Redis from 'ioredis';
import { callRedis, eventRelayUnavailable } from './redis-calls';

export type StreamKind = 'corpus' | 'run';

/** A stream event: a JSON object with a `type` (spec part 6). */
export interface StreamEvent {
  type: string;
  [member: string]: unknown;
}

/** Events after which a stream closes (spec 6.1, 6.2). */
export const FINAL_EVENTS: Record<StreamKind, readonly string[]> = {
  corpus: ['ingest_complete', 'ingest_failed'],
  run: ['run_complete', 'run_failed'],
};

export function streamChannel(queuePrefix: string, engagementId: string, stream: StreamKind): string {
  return `${queuePrefix}:progress:${stream}:${engagementId}`;
}

export interface ProgressPublisher {
  /**
   * Publishes the event; resolves false when Redis is unavailable. Progress is advisory (the
   * database is the record, and open streams are interrupted when Redis goes away), so a job
   * carries on without it.
   */
  publish(engagementId: string, stream: StreamKind, event: StreamEvent): Promise<boolean>;
}

/**
 * How long a publish may wait: longer than an API's Redis call, since no client waits on it and a
 * busy machine must not lose events, yet bounded, since the job waits on it.
 */
export const PUBLISH_TIMEOUT_MS = 5_000;

/** `onOutage` hears the first failed publish of each outage (the next success ends the outage). */
export function createProgressPublisher(
  redis: Redis,
  queuePrefix: string,
  onOutage: (error: Error) => void = () => undefined,
): ProgressPublisher {
  let failing = false;
  /** A publish went unanswered past its limit (Redis connected but silent) and still is. */
  let stalled = false;
  return {
    async publish(engagementId, stream, event) {
      let sending: Promise<number> | undefined;
      try {
        if (stalled) throw eventRelayUnavailable();
        await callRedis(
          redis,
          eventRelayUnavailable,
          () =>
            (sending = redis.publish(
              streamChannel(queuePrefix, engagementId, stream),
              JSON.stringify(event),
            )),
          PUBLISH_TIMEOUT_MS,
        );
        failing = false;
        return true;
      } catch (error) {
        // Later events are dropped at once, instead of each waiting the limit, until this one is
        // answered (or fails).
        if (sending && !stalled) {
          stalled = true;
          sending.then(
            () => (stalled = false),
            () => (stalled = false),
          );
        }
        if (!failing) onOutage(error as Error);
        failing = true;
        return false;
      }
    },
  };
}

export type StreamListener = (event: StreamEvent) => void;

/** The final frame of a stream whose relay lost Redis: events may have been missed. */
export const STREAM_INTERRUPTED = 'stream_interrupted';

export interface ProgressSubscriber {
  /**
   * Resolves once Redis confirms the subscription; returns the function that ends it. Throws a 503
   * (ServiceUnavailableError) when Redis is unavailable. If the connection to Redis drops later,
   * `onInterrupted` is called once and the subscription is over: events published meanwhile are
   * lost, so the stream must end and the client start again from a snapshot.
   */
  subscribe(
    engagementId: string,
    stream: StreamKind,
    listener: StreamListener,
    onInterrupted: () => void,
  ): Promise<() => void>;
  /** Whether the subscriber connection is up (readiness: no stream opens without it). */
  ready(): boolean;
  close(): Promise<void>;
}

/**
 * One subscriber connection per API process, shared by all open streams: a channel is subscribed
 * while at least one stream listens to it. The connection must not resubscribe by itself after a
 * reconnect (ioredis' autoResubscribe: false): every subscription ends when the connection drops.
 */
export function createProgressSubscriber(connection: Redis, queuePrefix: string): ProgressSubscriber {
  /** Per channel, each listener with its interruption handler. */
  const listeners = new Map<string, Map<StreamListener, () => void>>();
  connection.on('message', (channel: string, message: string) => {
    const entries = listeners.get(channel);
    if (!entries) return;
    let event: StreamEvent;
    try {
      event = JSON.parse(message) as StreamEvent;
    } catch {
      return;
    }
    for (const listener of [...entries.keys()]) listener(event);
  });
  connection.on('close', () => {
    const interrupted = [...listeners.values()].flatMap((entries) => [...entries.values()]);
    listeners.clear();
    for (const onInterrupted of interrupted) onInterrupted();
  });
  const remove = (channel: string, listener: StreamListener) => {
    const entries = listeners.get(channel);
    if (!entries?.delete(listener) || entries.size > 0) return;
    listeners.delete(channel);
    if (connection.status === 'ready') connection.unsubscribe(channel).catch(() => undefined);
  };
  return {
    async subscribe(engagementId, stream, listener, onInterrupted) {
      const channel = streamChannel(queuePrefix, engagementId, stream);
      let entries = listeners.get(channel);
      if (!entries) {
        entries = new Map();
        listeners.set(channel, entries);
      }
      entries.set(listener, onInterrupted);
      try {
        await callRedis(connection, eventRelayUnavailable, () => connection.subscribe(channel));
      } catch (error) {
        remove(channel, listener);
        throw error;
      }
      return () => remove(channel, listener);
    },
    ready: () => connection.status === 'ready',
    async close() {
      listeners.clear();
      connection.disconnect();
    },
  };
}

/**
 * The ingest stage in progress per engagement, kept for the snapshots of late subscribers. Like
 * progress events it is advisory: without Redis nothing is stored and no stage is known.
 */
export function createIngestStageStore(redis: Redis, queuePrefix: string) {
  const key = (engagementId: string) => `${queuePrefix}:ingest-stage:${engagementId}`;
  return {
    async set(engagementId: string, stage: string | null): Promise<void> {
      await callRedis(redis, eventRelayUnavailable, async () => {
        if (stage === null) await redis.del(key(engagementId));
        else await redis.set(key(engagementId), stage, 'EX', 24 * 60 * 60);
      }).catch(() => undefined);
    },
    get(engagementId: string): Promise<string | null> {
      return callRedis(redis, eventRelayUnavailable, () => redis.get(key(engagementId))).catch(() => null);
    },
  };
}
