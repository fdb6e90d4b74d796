// The Prisma client factory: one generated client per provider (they share one model API, see
// prisma/models.prisma), each driven by its driver adapter, so no native Prisma engine is needed.
import fs from 'node:fs';
import path from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient as SqlitePrismaClient } from './generated/sqlite/client';
import { PrismaClient as PostgresPrismaClient } from './generated/postgresql/client';
import { DatabaseProvider, providerOf, sqliteFilePath } from './provider';

/** The model API both generated clients share; typed as the SQLite one. */
export type PrismaClient = SqlitePrismaClient;
/** A client or the transaction client handed to `$transaction` callbacks. */
export type Tx = Omit<PrismaClient, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>;

export interface Database {
  prisma: PrismaClient;
  provider: DatabaseProvider;
  close(): Promise<void>;
}

export async function openDatabase(databaseUrl: string): Promise<Database> {
  const provider = providerOf(databaseUrl);
  if (provider === 'sqlite') {
    const file = sqliteFilePath(databaseUrl);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const prisma = new SqlitePrismaClient({
      adapter: new PrismaBetterSqlite3({ url: file, timeout: 10_000 }),
    });
    // WAL lets readers proceed while one writer commits; NORMAL sync is durable against process
    // crashes in WAL mode. Foreign keys are off by default in SQLite.
    await prisma.$queryRawUnsafe('PRAGMA journal_mode = WAL');
    await prisma.$queryRawUnsafe('PRAGMA synchronous = NORMAL');
    await prisma.$queryRawUnsafe('PRAGMA foreign_keys = ON');
    await prisma.$queryRawUnsafe('PRAGMA busy_timeout = 10000');
    return { prisma, provider, close: () => prisma.$disconnect() };
  }
  const pg = new PostgresPrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl, max: 10 }) });
  const prisma = pg as unknown as PrismaClient;
  return { prisma, provider, close: () => pg.$disconnect() };
}
