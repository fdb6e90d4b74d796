import { isSqliteBusy } from '@auditsvc/db';

/** True for Prisma's unique-constraint violation (P2002), however the driver adapter reports it. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'P2002';
}

/**
 * Prisma's codes for a database out of reach: cannot reach the server (P1001), reached but timed
 * out (P1002), operation timed out (P1008: SQLite busy past its timeout), connection closed by the
 * server (P1017), no pooled connection in time (P2024).
 */
const UNAVAILABLE_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
/** What the driver adapters report for the same: refused, dropped, timed out, too many clients. */
const UNAVAILABLE_KINDS = new Set([
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
]);
/** PostgreSQL SQLSTATEs: connection exceptions, server shutting down or starting, too many clients. */
const UNAVAILABLE_SQLSTATE = /^(08|57P0[1-3]|53300)/;
/**
 * The same seen straight from the drivers of the plain reads (packages/db/src/plain-reads): a
 * socket refused, reset or timed out, SQLite busy or locked past its timeout.
 */
const UNAVAILABLE_DRIVER_CODES =
  /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|SQLITE_BUSY|SQLITE_LOCKED)/;
const UNAVAILABLE_DRIVER_MESSAGE =
  /Connection terminated|terminating connection|timeout exceeded when trying to connect/i;
interface AdapterCause {
  kind?: string;
  code?: string;
  message?: string;
}

/**
 * True when the error says the database does not answer (refused, dropped, locked by another
 * process past the busy timeout), not that the query was wrong: the request may succeed later.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (isSqliteBusy(error)) return true;
  for (
    let current = error, depth = 0;
    typeof current === 'object' && current !== null && depth < 5;
    depth++
  ) {
    const { code, meta, cause } = current as {
      code?: unknown;
      meta?: { driverAdapterError?: { cause?: AdapterCause } };
      cause?: unknown;
    };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_DRIVER_CODES.test(code)))
      return true;
    if (current instanceof Error && UNAVAILABLE_DRIVER_MESSAGE.test(current.message)) return true;
    const adapter = meta?.driverAdapterError?.cause;
    if (adapter) {
      if (adapter.kind && UNAVAILABLE_KINDS.has(adapter.kind)) return true;
      if (adapter.kind === 'postgres') {
        if (adapter.code && UNAVAILABLE_SQLSTATE.test(adapter.code)) return true;
        if (/Connection terminated|terminating connection/i.test(adapter.message ?? '')) return true;
      }
    }
    current = cause;
  }
  return false;
}

/**
 * True for Prisma's "record to update or delete not found" (P2025): the record was there when it
 * was looked up and went before the write (a concurrent DELETE while a password was hashed).
 */
export function isRecordGone(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'P2025';
}
