// Progress events travel from the worker to every API process over Redis pub/sub, one channel per
// engagement and stream; the API relays them as Server-Sent Events (apps/api/src/http/sse.ts).
import type Redis from 'ioredis';

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
  publish(engagementId: string, stream: StreamKind, event: StreamEvent): Promise<void>;
}

export function createProgressPublisher(redis: Redis, queuePrefix: string): ProgressPublisher {
  return {
    async publish(engagementId, stream, event) {
      await redis.publish(streamChannel(queuePrefix, engagementId, stream), JSON.stringify(event));
    },
  };
}

export type StreamListener = (event: StreamEvent) => void;

export interface ProgressSubscriber {
  /** Resolves once Redis confirms the subscription; returns the function that ends it. */
  subscribe(engagementId: string, stream: StreamKind, listener: StreamListener): Promise<() => void>;
  close(): Promise<void>;
}

/**
 * One subscriber connection per API process, shared by all open streams: a channel is subscribed
 * while at least one stream listens to it.
 */
export function createProgressSubscriber(connection: Redis, queuePrefix: string): ProgressSubscriber {
  const listeners = new Map<string, Set<StreamListener>>();
  connection.on('message', (channel: string, message: string) => {
    const set = listeners.get(channel);
    if (!set) return;
    let event: StreamEvent;
    try {
      event = JSON.parse(message) as StreamEvent;
    } catch {
      return;
    }
    for (const listener of [...set]) listener(event);
  });
  return {
    async subscribe(engagementId, stream, listener) {
      const channel = streamChannel(queuePrefix, engagementId, stream);
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
      }
      set.add(listener);
      await connection.subscribe(channel);
      return () => {
        const current = listeners.get(channel);
        if (!current) return;
        current.delete(listener);
        if (current.size === 0) {
          listeners.delete(channel);
          connection.unsubscribe(channel).catch(() => undefined);
        }
      };
    },
    async close() {
      listeners.clear();
      connection.disconnect();
    },
  };
}

/** The ingest stage in progress per engagement, kept for the snapshots of late subscribers. */
export function createIngestStageStore(redis: Redis, queuePrefix: string) {
  const key = (engagementId: string) => `${queuePrefix}:ingest-stage:${engagementId}`;
  return {
    async set(engagementId: string, stage: string | null): Promise<void> {
      if (stage === null) await redis.del(key(engagementId));
      else await redis.set(key(engagementId), stage, 'EX', 24 * 60 * 60);
    },
    get(engagementId: string): Promise<string | null> {
      return redis.get(key(engagementId));
    },
  };
}
