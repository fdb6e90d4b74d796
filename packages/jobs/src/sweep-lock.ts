// One queue sweep at a time across every process on the same queues: a Redis key set only if
// absent, with an expiry (a sweeper that dies frees it), removed by its holder alone.
import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';

const RELEASE_IF_OWNER = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;

/** Runs `work` under the lock and returns its result, or null when another process holds it. */
export async function withSweepLock<T>(
  redis: Redis,
  queuePrefix: string,
  ttlMs: number,
  work: () => Promise<T>,
): Promise<T | null> {
  const key = `${queuePrefix}:sweep-lock`;
  const token = randomUUID();
  if ((await redis.set(key, token, 'PX', ttlMs, 'NX')) !== 'OK') return null;
  try {
    return await work();
  } finally {
    await redis.eval(RELEASE_IF_OWNER, 1, key, token).catch(() => undefined);
  }
}
