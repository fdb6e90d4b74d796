// Applies the committed SQL migrations of prisma/<provider>/migrations at start-up and records them
// in `_prisma_migrations` exactly as Prisma does (checksum = SHA-256 hex of migration.sql), so the
// same history also works with `prisma migrate deploy` wherever Prisma's native engine is available.
// Raw drivers are used because a migration file holds many statements.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Client as PgClient } from 'pg';
import { DatabaseProvider, migrationsDirectory, providerOf, sqliteFilePath } from './provider';

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: unknown;
  rolled_back_at: unknown;
}

export class MigrationError extends Error {
  override name = 'MigrationError';
}

export function readMigrations(
  provider: DatabaseProvider,
  dir = migrationsDirectory(provider),
): MigrationFile[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(dir, entry.name, 'migration.sql')))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const bytes = fs.readFileSync(path.join(dir, name, 'migration.sql'));
      return {
        name,
        sql: bytes.toString('utf8'),
        checksum: createHash('sha256').update(bytes).digest('hex'),
      };
    });
}

/** The migrations still to apply; throws on an edited or failed migration (as Prisma refuses to go on). */
export function pendingMigrations(files: MigrationFile[], applied: AppliedRow[]): MigrationFile[] {
  const byName = new Map(
    applied.filter((row) => row.rolled_back_at == null).map((r) => [r.migration_name, r]),
  );
  const failed = applied.find((row) => row.finished_at == null && row.rolled_back_at == null);
  if (failed) {
    throw new MigrationError(
      `Migration ${failed.migration_name} failed earlier; resolve it before starting.`,
    );
  }
  return files.filter((file) => {
    const row = byName.get(file.name);
    if (!row) return true;
    if (row.checksum !== file.checksum) {
      throw new MigrationError(
        `Migration ${file.name} was changed after it was applied (checksum mismatch).`,
      );
    }
    return false;
  });
}

const SQLITE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    TEXT PRIMARY KEY NOT NULL,
    "checksum"              TEXT NOT NULL,
    "finished_at"           DATETIME,
    "migration_name"        TEXT NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        DATETIME,
    "started_at"            DATETIME NOT NULL DEFAULT current_timestamp,
    "applied_steps_count"   INTEGER UNSIGNED NOT NULL DEFAULT 0
)`;

const POSTGRES_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

/** Prisma's advisory lock key, so our apply step and `prisma migrate deploy` exclude each other. */
const POSTGRES_LOCK_KEY = 72707369;

export async function applyMigrations(databaseUrl: string): Promise<string[]> {
  const provider = providerOf(databaseUrl);
  const files = readMigrations(provider);
  return provider === 'sqlite' ? applySqlite(databaseUrl, files) : applyPostgres(databaseUrl, files);
}

function applySqlite(databaseUrl: string, files: MigrationFile[]): string[] {
  const file = sqliteFilePath(databaseUrl);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new BetterSqlite3(file, { timeout: 30_000 });
  try {
    db.pragma('journal_mode = WAL');
    db.exec(SQLITE_TABLE);
    const applied: string[] = [];
    // BEGIN IMMEDIATE takes the write lock first, so two processes starting together apply once.
    const run = db.transaction(() => {
      const rows = db
        .prepare('SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations')
        .all() as AppliedRow[];
      for (const migration of pendingMigrations(files, rows)) {
        const id = randomUUID();
        const started = Date.now();
        db.exec(migration.sql);
        db.prepare(
          'INSERT INTO _prisma_migrations (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count) VALUES (?, ?, ?, ?, NULL, NULL, ?, 1)',
        ).run(id, migration.checksum, Date.now(), migration.name, started);
        applied.push(migration.name);
      }
    });
    run.immediate();
    return applied;
  } finally {
    db.close();
  }
}

async function applyPostgres(databaseUrl: string, files: MigrationFile[]): Promise<string[]> {
  const client = new PgClient({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [POSTGRES_LOCK_KEY]);
    await client.query(POSTGRES_TABLE);
    const { rows } = await client.query<AppliedRow>(
      'SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations',
    );
    const applied: string[] = [];
    for (const migration of pendingMigrations(files, rows)) {
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query(
          'INSERT INTO _prisma_migrations (id, checksum, finished_at, migration_name, applied_steps_count, started_at) VALUES ($1, $2, now(), $3, 1, now())',
          [randomUUID(), migration.checksum, migration.name],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new MigrationError(`Migration ${migration.name} failed: ${(error as Error).message}`);
      }
      applied.push(migration.name);
    }
    return applied;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [POSTGRES_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}
