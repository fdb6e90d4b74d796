// Session revocations across API processes, through Redis pub/sub. A process that revokes sessions
// (logout, password change or reset, role change, user deleted, MFA cleared) drops them from its
// own cache at once and publishes the revocation; every API process drops them on receipt and
// tells its open streams. The session cache answers only while this process's subscription is
// confirmed: while Redis is out of reach a revocation could be missed, so every lookup then goes
// to the database, and the cache starts empty when the subscription is back.
import Redis from 'ioredis';
import type { Logger } from '@auditsvc/runtime';
import type { Revocation, SessionCache } from '@auditsvc/services';

export interface SessionRevocationChannel {
  /** Drops the sessions here and tells every other API process. Never throws. */
  revoke(revocation: Revocation): Promise<void>;
  /** Calls `listener` for every revocation, local or received; returns the unsubscribe. */
  onRevocation(listener: (revocation: Revocation) => void): () => void;
  /** Whether revocations from other processes reach this one now. */
  isLive(): boolean;
  close(): Promise<void>;
}

function parse(message: string): Revocation | null {
  try {
    const value = JSON.parse(message) as { token_hash?: unknown; user_id?: unknown };
    if (typeof value.token_hash === 'string') return { tokenHash: value.token_hash };
    if (typeof value.user_id === 'string') return { userId: value.user_id };
  } catch {
    // not ours
  }
  return null;
}

function encode(revocation: Revocation): string {
  return JSON.stringify(
    'tokenHash' in revocation ? { token_hash: revocation.tokenHash } : { user_id: revocation.userId },
  );
}

export function createSessionRevocationChannel(options: {
  redisUrl: string;
  queuePrefix: string;
  /** The connection revocations are published on (commands, not subscribe mode). */
  publisher: Redis;
  cache: SessionCache;
  logger: Logger;
}): SessionRevocationChannel {
  const { cache, logger, publisher } = options;
  const channel = `${options.queuePrefix}:session-revocations`;
  const listeners = new Set<(revocation: Revocation) => void>();
  const subscriber = new Redis(options.redisUrl, { disconnectTimeout: 200, autoResubscribe: false });
  let closing = false;

  const apply = (revocation: Revocation) => {
    cache.revoke(revocation);
    for (const listener of listeners) listener(revocation);
  };
  const lost = () => cache.setLive(false);

  subscriber.on('error', () => undefined);
  subscriber.on('close', lost);
  subscriber.on('end', lost);
  subscriber.on('reconnecting', lost);
  // Live only once Redis confirms the subscription on this connection.
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).then(
      () => {
        if (!closing && subscriber.status === 'ready') cache.setLive(true);
      },
      () => lost(),
    );
  });
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    const revocation = parse(message);
    if (revocation) apply(revocation);
  });

  return {
    async revoke(revocation) {
      apply(revocation);
      try {
        await publisher.publish(channel, encode(revocation));
      } catch (error) {
        // The other processes' subscriptions are most likely down as well (same Redis), and their
        // caches then answer nothing; at worst an entry lives its SESSION_CACHE_MS.
        logger.warn('session_revocation_publish_failed', { error: (error as Error).message });
      }
    },
    onRevocation(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isLive: () => cache.isLive(),
    async close() {
      closing = true;
      lost();
      listeners.clear();
      subscriber.disconnect();
    },
  };
}
