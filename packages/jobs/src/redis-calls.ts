// Redis calls that must not wait for an outage to end. ioredis keeps commands for a connection that
// is down until it reconnects (or its retries run out, seconds later), and a Redis that accepts
// connections but does not answer keeps them forever. An enqueue, a publish or a subscription
// therefore runs only while its connection is up, and for at most REDIS_CALL_TIMEOUT_MS: the
// caller learns that Redis is unavailable as fast as the readiness probe does.
import type Redis from 'ioredis';
import { ServiceUnavailableError } from '@auditsvc/core';

/** How long one Redis call may take before Redis counts as unavailable (the readiness probe's limit). */
export const REDIS_CALL_TIMEOUT_MS = 2_000;

/**
 * Failures that mean Redis is out of reach: ioredis' connection errors, and the error replies of a
 * Redis that is up but cannot take work (loading its data, out of memory, a read-only replica).
 */
const UNAVAILABLE =
  /^(LOADING|BUSY|OOM|READONLY|MASTERDOWN|MISCONF|NOREPLICAS|TRYAGAIN)\b|Connection is closed|Stream isn't writeable|max retries per request|ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT/;

class RedisCallTimeout extends Error {
  constructor(ms: number) {
    super(`Redis did not answer within ${ms} ms`);
  }
}

/**
 * Runs `work` (commands on `connection`) if the connection is up, for at most `timeoutMs`. When
 * Redis is down, does not answer in time, or answers that it cannot take work, throws
 * `unavailable()` (with the cause); any other error is the caller's to see.
 */
export async function callRedis<T>(
  connection: Pick<Redis, 'status'>,
  unavailable: () => ServiceUnavailableError,
  work: () => Promise<T>,
  timeoutMs = REDIS_CALL_TIMEOUT_MS,
): Promise<T> {
  if (connection.status !== 'ready') throw unavailable();
  let timer: NodeJS.Timeout | undefined;
  const pending = work();
  // A command that answers after the time limit must not become an unhandled rejection.
  pending.catch(() => undefined);
  // The limit is declared on the turn after the timer's: an answer that arrived while the process
  // was busy is read first (timers run before socket reads in Node's event loop).
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => setImmediate(() => reject(new RedisCallTimeout(timeoutMs))), timeoutMs);
  });
  try {
    return await Promise.race([pending, timeout]);
  } catch (error) {
    const redisDown =
      error instanceof RedisCallTimeout ||
      connection.status !== 'ready' ||
      (error instanceof Error && UNAVAILABLE.test(error.message));
    if (!redisDown) throw error;
    const failure = unavailable();
    failure.cause = error;
    throw failure;
  } finally {
    clearTimeout(timer);
  }
}

/** The 503 for a job that could not be put on its queue. */
export function queueUnavailable(queue: string): ServiceUnavailableError {
  return new ServiceUnavailableError(
    `The ${queue} queue is unavailable (Redis does not answer); nothing was changed. Try again shortly.`,
    'redis',
    { extra: { queue } },
  );
}

/** The 503 for a stream that cannot be opened: its events travel through Redis. */
export function eventRelayUnavailable(): ServiceUnavailableError {
  return new ServiceUnavailableError(
    'The event stream relay (Redis) is unavailable. Try again shortly, or poll GET engagement meanwhile.',
    'redis',
  );
}
