// SQLite's lock waits without blocking the process. better-sqlite3 is synchronous: a statement that
// waits for another process's write lock (the busy timeout) holds Node's event loop the whole
// time, so every request of the process stalls with it (measured: /healthz took 9.8 s while one
// write waited on a locked file). The writer connection therefore waits only SQLITE_BUSY_STEP_MS
// inside SQLite, and a write or transaction that still finds the file locked is tried again after
// an asynchronous pause, until SQLITE_BUSY_DEADLINE_MS have passed (then its error stands: a 503).

/** How long one attempt may wait inside SQLite (blocking) for the lock. */
export const SQLITE_BUSY_STEP_MS = 25;
/** How long a write may wait for the lock in all, as the busy timeout did. */
export const SQLITE_BUSY_DEADLINE_MS = 10_000;
/** The longest asynchronous pause between attempts. */
const MAX_PAUSE_MS = 100;

/** SQLite primary result codes: SQLITE_BUSY (another connection holds the lock), SQLITE_LOCKED. */
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;

interface AdapterCause {
  kind?: string;
  extendedCode?: number;
  /** The driver's own code, which the adapter keeps when it maps the error to a kind. */
  originalCode?: string;
}

/** True when the error (or one of its causes) is SQLite's "the database file is locked". */
export function isSqliteBusy(error: unknown): boolean {
  for (
    let current = error, depth = 0;
    typeof current === 'object' && current !== null && depth < 5;
    depth++
  ) {
    const { meta, cause } = current as {
      meta?: { driverAdapterError?: { cause?: AdapterCause } };
      cause?: unknown;
    };
    const adapter = meta?.driverAdapterError?.cause;
    // better-sqlite3's SQLITE_BUSY past its timeout reaches Prisma as a SocketTimeout (P1008)
    // whose original code says what it was; other paths report the SQLite result code.
    if (adapter && /^SQLITE_(BUSY|LOCKED)/.test(adapter.originalCode ?? '')) return true;
    if (adapter?.kind === 'sqlite') {
      const primary = (adapter.extendedCode ?? 0) & 0xff;
      if (primary === SQLITE_BUSY || primary === SQLITE_LOCKED) return true;
    }
    current = cause;
  }
  return false;
}

/**
 * Runs `attempt` until it does not fail on a locked file, or the deadline passes. Only whole writes
 * and whole transactions are attempted again: a transaction that met the lock was rolled back.
 */
export async function retryWhileBusy<T>(attempt: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + SQLITE_BUSY_DEADLINE_MS;
  for (let pause = 5; ; pause = Math.min(pause * 2, MAX_PAUSE_MS)) {
    try {
      return await attempt();
    } catch (error) {
      if (!isSqliteBusy(error) || Date.now() + pause >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
