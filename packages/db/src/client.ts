// The Prisma client factory: one generated client per provider (they share one model API, see
// prisma/models.prisma), each driven by its driver adapter, so no native Prisma engine is needed.
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient as SqlitePrismaClient } from './generated/sqlite/client';
import { PrismaClient as PostgresPrismaClient } from './generated/postgresql/client';
import { DatabaseProvider, providerOf, sqliteFilePath } from './provider';
import { SQLITE_BUSY_STEP_MS, retryWhileBusy } from './sqlite-busy';
import { PlainReader, openPostgresPlainReader, openSqlitePlainReader } from './plain-reads/reader';

/** The model API both generated clients share; typed as the SQLite one. */
export type PrismaClient = SqlitePrismaClient;
/** A client or the transaction client handed to `$transaction` callbacks. */
export type Tx = Omit<PrismaClient, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>;

export interface Database {
  prisma: PrismaClient;
  /**
   * Reviewed SQL for the hottest reads outside a transaction, through the driver without the
   * Prisma client (plain-reads/reader.ts). Model reads through `prisma` outside a transaction go
   * to SQLite's read-only connection by themselves.
   */
  plain: PlainReader;
  provider: DatabaseProvider;
  /** Runs `work` in one interactive transaction. */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const TRANSACTION_TIMEOUT_MS = 30_000;

/** Runs async work one piece at a time, in call order. */
class Lane {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(work);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

/** The model operations that only read; outside a transaction they go to the read connection. */
const READ_OPERATIONS = new Set([
  'findUnique',
  'findUniqueOrThrow',
  'findFirst',
  'findFirstOrThrow',
  'findMany',
  'count',
  'aggregate',
  'groupBy',
]);

type ModelDelegates = Record<string, Record<string, (args: unknown) => Promise<unknown>>>;

/**
 * The SQLite adapter has one connection, and its queries do not wait for an open interactive
 * transaction: another request's query would run inside that transaction and share its fate (a
 * rollback would undo it). So on SQLite every write and every transaction takes its turn in one
 * lane; queries issued from inside a transaction's work (marked through AsyncLocalStorage) run at
 * once, within it.
 *
 * Plain model reads outside a transaction do not queue: they run on a second, read-only
 * connection. In WAL mode a reader sees the last committed state and never waits for the writer,
 * so a read neither sees a write that is later rolled back nor waits for a long transaction.
 * (Raw queries keep the lane: the client cannot tell a raw read from a raw write.)
 */
function serializeSqlite(
  base: SqlitePrismaClient,
  reader: SqlitePrismaClient,
): Pick<Database, 'prisma' | 'transaction'> {
  const lane = new Lane();
  const insideTransaction = new AsyncLocalStorage<true>();
  const readDelegates = reader as unknown as ModelDelegates;
  const prisma = base.$extends({
    query: {
      $allOperations({ model, operation, args, query }) {
        if (insideTransaction.getStore()) return query(args);
        if (model && READ_OPERATIONS.has(operation)) {
          const delegate = model.charAt(0).toLowerCase() + model.slice(1);
          return readDelegates[delegate]![operation]!(args);
        }
        return lane.run(() => retryWhileBusy(() => query(args)));
      },
    },
  }) as unknown as PrismaClient;
  return {
    prisma,
    transaction: (work) =>
      lane.run(() =>
        retryWhileBusy(() =>
          insideTransaction.run(true, () => base.$transaction(work, { timeout: TRANSACTION_TIMEOUT_MS })),
        ),
      ),
  };
}

export async function openDatabase(databaseUrl: string): Promise<Database> {
  const provider = providerOf(databaseUrl);
  if (provider === 'sqlite') {
    const file = sqliteFilePath(databaseUrl);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const prisma = new SqlitePrismaClient({
      // The writer waits for another process's lock in short blocking steps (sqlite-busy.ts).
      adapter: new PrismaBetterSqlite3({ url: file, timeout: SQLITE_BUSY_STEP_MS }),
    });
    // WAL lets readers proceed while one writer commits; NORMAL sync is durable against process
    // crashes in WAL mode. Foreign keys are off by default in SQLite.
    await prisma.$queryRawUnsafe('PRAGMA journal_mode = WAL');
    await prisma.$queryRawUnsafe('PRAGMA synchronous = NORMAL');
    await prisma.$queryRawUnsafe('PRAGMA foreign_keys = ON');
    await prisma.$queryRawUnsafe(`PRAGMA busy_timeout = ${SQLITE_BUSY_STEP_MS}`);
    const reader = new SqlitePrismaClient({
      adapter: new PrismaBetterSqlite3({ url: file, timeout: 10_000, readonly: true }),
    });
    await reader.$queryRawUnsafe('PRAGMA busy_timeout = 10000');
    const plain = openSqlitePlainReader(file, 10_000);
    return {
      ...serializeSqlite(prisma, reader),
      plain,
      provider,
      close: async () => {
        await plain.close();
        await reader.$disconnect();
        await prisma.$disconnect();
      },
    };
  }
  const pg = new PostgresPrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl, max: 10 }) });
  const prisma = pg as unknown as PrismaClient;
  const plain = openPostgresPlainReader(databaseUrl, 5);
  return {
    prisma,
    plain,
    provider,
    transaction: (work) => prisma.$transaction(work, { timeout: TRANSACTION_TIMEOUT_MS }),
    close: async () => {
      await plain.close();
      await pg.$disconnect();
    },
  };
}
