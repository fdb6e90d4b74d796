// Reviewed SQL for the hottest reads, straight through the driver: Prisma's client compiles each
// query in JavaScript and converts each row, which costs more than the query itself on the reads
// every request makes (the engagement behind an access check, a findings page). Reads only, and
// only outside a transaction: on SQLite a read-only connection of its own (WAL: it sees the last
// committed state and never waits for the writer), on PostgreSQL a small pool of its own.
// Statements are written with $1, $2... placeholders for both databases.
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import type { DatabaseProvider } from '../provider';

/**
 * A row as the driver hands it over, unconverted, its values in select-list order: SQLite's own
 * values (text, integers as BigInt, null) and PostgreSQL's text form of every value (or null).
 * The row mappers (rows.ts) convert; two equal raw rows always map to equal records, which is
 * what lets a response made from a row be kept while a fresh read of the row is equal to it
 * (apps/api/src/http/versioned-json-cache.ts).
 */
export type RawRow = readonly unknown[];

export interface PlainReader {
  provider: DatabaseProvider;
  /** The rows of `sql` (placeholders $1, $2...) with `params`. */
  rows(sql: string, params: unknown[]): Promise<RawRow[]>;
  close(): Promise<void>;
}

/** SQLite: one read-only connection, each statement prepared once, rows as arrays. */
export function openSqlitePlainReader(file: string, busyTimeoutMs: number): PlainReader {
  const connection = new Sqlite(file, { readonly: true, timeout: busyTimeoutMs });
  // Integers as BigInt: a BIGINT column (spend in micro-cents) may pass 2^53; the mappers convert.
  connection.defaultSafeIntegers(true);
  // better-sqlite3 binds anonymous ? in order: each $n becomes ?, and `order` says which
  // parameter each one takes.
  const prepared = new Map<string, { statement: Sqlite.Statement; order: number[] }>();
  const statement = (sql: string) => {
    let found = prepared.get(sql);
    if (!found) {
      const order: number[] = [];
      const text = sql.replace(/\$(\d+)/g, (_, n: string) => (order.push(Number(n) - 1), '?'));
      found = { statement: connection.prepare(text).raw(true), order };
      prepared.set(sql, found);
    }
    return found;
  };
  return {
    provider: 'sqlite',
    rows: async (sql, params) => {
      const { statement: prepared, order } = statement(sql);
      return prepared.all(...order.map((i) => params[i])) as RawRow[];
    },
    close: async () => {
      connection.close();
    },
  };
}

/** Every value as PostgreSQL's text form: the row mappers convert (timestamps read as UTC there). */
const TEXT_VALUES: pg.CustomTypesConfig = {
  getTypeParser: (() => (text: string) => text) as pg.CustomTypesConfig['getTypeParser'],
};

/**
 * How many statements each connection keeps prepared: the plain reads are a handful of fixed
 * texts; one built from a list of ids of any length beyond that is sent unnamed.
 */
const MAX_PREPARED = 64;

/**
 * PostgreSQL: a pool of its own, rows as arrays of text. Each statement is prepared once per
 * connection (a named statement: the server parses and plans it once, not on every request).
 */
export function openPostgresPlainReader(connectionString: string, max: number): PlainReader {
  const pool = new pg.Pool({ connectionString, max, types: TEXT_VALUES });
  // An idle connection the server drops (a restart, an outage) is reported here and replaced on
  // the next query; without a listener the process would end on the first outage.
  pool.on('error', () => undefined);
  const names = new Map<string, string>();
  const nameOf = (sql: string) => {
    let name = names.get(sql);
    if (name === undefined && names.size < MAX_PREPARED) {
      name = `plain_read_${names.size + 1}`;
      names.set(sql, name);
    }
    return name;
  };
  return {
    provider: 'postgresql',
    rows: async (sql, params) =>
      (await pool.query({ name: nameOf(sql), text: sql, values: params, rowMode: 'array' })).rows as RawRow[],
    close: () => pool.end(),
  };
}
