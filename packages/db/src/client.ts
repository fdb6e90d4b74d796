// The Prisma client factory: one generated client per provider (they share one model API, see
// prisma/models.prisma), each driven by its driver adapter, so no native Prisma engine is needed.
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import { Prisma as SqlitePrisma, PrismaClient as SqlitePrismaClient } from './generated/sqlite/client';
import {
  Prisma as PostgresPrisma,
  PrismaClient as PostgresPrismaClient,
} from './generated/postgresql/client';
import { DatabaseProvider, providerOf, sqliteFilePath } from './provider';
import { SQLITE_BUSY_STEP_MS, retryWhileBusy } from './sqlite-busy';
import { PlainReader, openPostgresPlainReader, openSqlitePlainReader } from './plain-reads/reader';

/** The model API both generated clients share; typed as the SQLite one (see servesModelApi). */
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

/** What TypeScript can compare of a generated client: its models, their operations and records. */
type ModelApi<
  TypeMap extends { model: Record<string, { payload: { scalars: object }; operations: object }> },
> = {
  [M in keyof TypeMap['model']]: {
    operations: keyof TypeMap['model'][M]['operations'];
    record: TypeMap['model'][M]['payload']['scalars'];
  };
};
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/**
 * Both clients are generated from prisma/models.prisma: the same models, operations and record
 * types (a change to one schema that the other lacks fails to compile here). Their argument types
 * differ only by what PostgreSQL adds (`mode`, field references, isolation levels), and their
 * conditional result types come from two generated namespaces that TypeScript does not compare,
 * so the PostgreSQL client is taken as the SQLite client's type by `servesModelApi` below.
 */
const sameModelApi: Same<ModelApi<SqlitePrisma.TypeMap>, ModelApi<PostgresPrisma.TypeMap>> = true;
void sameModelApi;

/** A model's delegate on a client: `Run` -> `run`. */
const delegateName = (model: string) => model.charAt(0).toLowerCase() + model.slice(1);
const MODEL_DELEGATES = Object.values(SqlitePrisma.ModelName).map(delegateName);
const MODEL_OPERATIONS = [
  ...READ_OPERATIONS,
  'create',
  'createMany',
  'update',
  'updateMany',
  'upsert',
  'delete',
  'deleteMany',
];
const CLIENT_OPERATIONS = [
  '$queryRaw',
  '$queryRawUnsafe',
  '$executeRaw',
  '$executeRawUnsafe',
  '$transaction',
];

const operationOf = (target: unknown, name: string): unknown =>
  typeof target === 'object' && target !== null ? Reflect.get(target, name) : undefined;

/**
 * Whether a client serves the model API of prisma/models.prisma: a delegate with the model
 * operations for every model, and the raw queries and transactions. The PostgreSQL client and the
 * SQLite client's lane extension are checked once, when opened, before they are used as
 * `PrismaClient`.
 */
function servesModelApi(client: object): client is PrismaClient {
  return (
    CLIENT_OPERATIONS.every((name) => typeof operationOf(client, name) === 'function') &&
    MODEL_DELEGATES.every((delegate) =>
      MODEL_OPERATIONS.every(
        (name) => typeof operationOf(operationOf(client, delegate), name) === 'function',
      ),
    )
  );
}

function asModelApi<C extends object>(client: C, what: string): C & PrismaClient {
  if (!servesModelApi(client))
    throw new Error(`${what} does not serve the model API of prisma/models.prisma`);
  return client;
}

type ReadOperation = (args: unknown) => Promise<unknown>;
const isReadOperation = (value: unknown): value is ReadOperation => typeof value === 'function';

/** The read operation of a model on a client, called on its delegate. */
function readOperation(client: PrismaClient, model: string, operation: string): ReadOperation {
  const delegate = operationOf(client, delegateName(model));
  const read = operationOf(delegate, operation);
  if (!isReadOperation(read)) throw new Error(`no ${operation} on the ${model} delegate`);
  return (args) => read.call(delegate, args);
}

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
  const extended = base.$extends({
    query: {
      $allOperations({ model, operation, args, query }) {
        if (insideTransaction.getStore()) return query(args);
        if (model && READ_OPERATIONS.has(operation)) return readOperation(reader, model, operation)(args);
        return lane.run(() => retryWhileBusy(() => query(args)));
      },
    },
  });
  return {
    prisma: asModelApi(extended, 'the SQLite client with its lane'),
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
  const prisma = asModelApi(pg, 'the PostgreSQL client');
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
