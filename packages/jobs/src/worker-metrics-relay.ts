// How the workers' metrics reach the API's GET /metrics: each worker process stores its registry
// (prom-client's JSON form) in Redis under its own key, with an expiry, and lists itself in a
// sorted set by that expiry; the API reads the live ones when it is scraped. A worker that stops
// publishing drops out once its snapshot expires.
import type Redis from 'ioredis';
import { ServiceUnavailableError } from '@auditsvc/core';
import { callRedis } from './redis-calls';

/** How long a worker's snapshot counts as live without being published again. */
export const WORKER_METRICS_TTL_MS = 120_000;

const indexKey = (queuePrefix: string) => `${queuePrefix}:metrics:workers`;
const snapshotKey = (queuePrefix: string, worker: string) => `${queuePrefix}:metrics:worker:${worker}`;

export interface WorkerMetricsSnapshot {
  /** The worker process (host:pid). */
  worker: string;
  /** prom-client's `registry.getMetricsAsJSON()` of that process. */
  metrics: unknown[];
}

export async function publishWorkerMetrics(
  redis: Redis,
  queuePrefix: string,
  snapshot: WorkerMetricsSnapshot,
): Promise<void> {
  const expires = Date.now() + WORKER_METRICS_TTL_MS;
  await redis
    .multi()
    .set(
      snapshotKey(queuePrefix, snapshot.worker),
      JSON.stringify(snapshot.metrics),
      'PX',
      WORKER_METRICS_TTL_MS,
    )
    .zadd(indexKey(queuePrefix), expires, snapshot.worker)
    .exec();
}

/**
 * The snapshots of the workers that published within WORKER_METRICS_TTL_MS; a 503-style error
 * when Redis does not answer (redis-calls.ts).
 */
export function readWorkerMetrics(redis: Redis, queuePrefix: string): Promise<WorkerMetricsSnapshot[]> {
  return callRedis(
    redis,
    () => new ServiceUnavailableError('Worker metrics are unavailable (Redis does not answer).', 'redis'),
    () => readLive(redis, queuePrefix),
  );
}

async function readLive(redis: Redis, queuePrefix: string): Promise<WorkerMetricsSnapshot[]> {
  const now = Date.now();
  await redis.zremrangebyscore(indexKey(queuePrefix), '-inf', now);
  const workers = await redis.zrangebyscore(indexKey(queuePrefix), now, '+inf');
  if (workers.length === 0) return [];
  const stored = await redis.mget(workers.map((worker) => snapshotKey(queuePrefix, worker)));
  return workers.flatMap((worker, index) => {
    const json = stored[index];
    return json ? [{ worker, metrics: JSON.parse(json) as unknown[] }] : [];
  });
}
