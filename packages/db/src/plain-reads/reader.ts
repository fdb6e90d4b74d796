// Reviewed SQL for the hottest reads, straight through the driver: Prisma's client compiles each
// query in JavaScript and converts each row, which costs more than the query itself on the reads
// every request makes (the engagement behind an access check, a findings page). Reads only, and
// only outside a transaction: on SQLite a read-only connection of its own (WAL: it sees the last
// committed state and never waits for the writer), on PostgreSQL a small pool of its own.
// Statements are written with $1, $2... placeholders for both databases.
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import type { DatabaseProvider } from '../provider';

export type Row = Record<string, unknown>;

export interface PlainReader {
  provider: DatabaseProvider;
  all(sql: string, params: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

/** SQLite: one read-only connection, each statement prepared once. */
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
      found = { statement: connection.prepare(text), order };
      prepared.set(sql, found);
    }
    return found;
  };
  return {
    provider: 'sqlite',
    all: async (sql, params) => {
      const { statement: prepared, order } = statement(sql);
      return prepared.all(...order.map((i) => params[i])) as Row[];
    },
    close: async () => {
      connection.close();
    },
  };
}

// Prisma stores timestamps as `timestamp(3)` without a time zone, in UTC; pg would read them in the
// process's local zone. int8 (COUNT, BIGINT columns) comes back as text; the row mappers convert.
const TIMESTAMP_OID = 1114;
const utcTimestamp = (text: string) => new Date(`${text.replace(' ', 'T')}Z`);

/** PostgreSQL: a pool of its own, its timestamps read as UTC. */
export function openPostgresPlainReader(connectionString: string, max: number): PlainReader {
  const pool = new pg.Pool({
    connectionString,
    max,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === TIMESTAMP_OID
          ? utcTimestamp
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection the server drops (a restart, an outage) is reported here and replaced on
  // the next query; without a listener the process would end on the first outage.
  pool.on('error', () => undefined);
  return {
    provider: 'postgresql',
    all: async (sql, params) => (await pool.query(sql, params)).rows as Row[],
    close: () => pool.end(),
  };
}
