// A short-lived in-process cache of resolved sessions, so a request does not cost a database round
// trip to find its caller. Safe only together with a revocation signal that reaches every API
// process (apps/api/src/session-revocation-channel.ts): the cache answers only while that signal
// is live, and every revocation drops the entries it concerns here at once.
import type { Caller } from '@auditsvc/core';

/** Beyond this many entries the oldest are dropped (tokens are per user, so this is generous). */
const MAX_ENTRIES = 20_000;

export type SessionCaller = Extract<Caller, { kind: 'session' }>;

export interface CachedSession {
  caller: SessionCaller;
  /** When the session itself expires (the service's clock). */
  expiresAt: Date;
}

/** What a revocation concerns: one token (logout) or every session of a user. */
export type Revocation = { tokenHash: string } | { userId: string };

interface Entry extends CachedSession {
  /** performance.now() after which the entry is asked again. */
  freshUntil: number;
}

export interface SessionCache {
  /** The cached session for a token hash, or undefined (absent, stale, or the signal is not live). */
  get(tokenHash: string): CachedSession | undefined;
  /**
   * Stores a session read from the database, unless a revocation arrived since `generation` was
   * taken (the read may predate it).
   */
  set(tokenHash: string, session: CachedSession, generation: number): void;
  /** Taken before a database read; see set(). */
  generation(): number;
  /** Drops what a revocation concerns. */
  revoke(revocation: Revocation): void;
  /** Drops everything (the signal was lost: revocations may have been missed). */
  clear(): void;
  /** Whether revocations reach this process now; while false the cache neither answers nor stores. */
  setLive(live: boolean): void;
  isLive(): boolean;
}

/** `ttlMs`: how long a resolved session is trusted without asking the database again (0: never). */
export function createSessionCache(ttlMs: number): SessionCache {
  const entries = new Map<string, Entry>();
  let live = false;
  let generation = 0;

  function clear() {
    entries.clear();
    generation++;
  }

  return {
    get(tokenHash) {
      if (!live) return undefined;
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (performance.now() > entry.freshUntil) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry;
    },
    set(tokenHash, session, since) {
      if (!live || since !== generation || ttlMs <= 0) return;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(tokenHash, { ...session, freshUntil: performance.now() + ttlMs });
    },
    generation: () => generation,
    revoke(revocation) {
      generation++;
      if ('tokenHash' in revocation) {
        entries.delete(revocation.tokenHash);
        return;
      }
      for (const [hash, entry] of entries)
        if (entry.caller.userId === revocation.userId) entries.delete(hash);
    },
    clear,
    setLive(next) {
      if (live !== next) clear();
      live = next;
    },
    isLive: () => live,
  };
}
