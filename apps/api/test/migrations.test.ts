// The migration apply step on the suite's database (SQLite or PostgreSQL).
import { createHash } from 'node:crypto';
import { applyMigrations, readMigrations } from '@auditsvc/db';
import { TestContext, createTestContext } from '../../../test/helpers/context';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

it("records every migration in _prisma_migrations with Prisma's checksum", async () => {
  const rows = await ctx.services.db.prisma.$queryRawUnsafe<
    { migration_name: string; checksum: string; finished_at: unknown; applied_steps_count: number | bigint }[]
  >(
    'SELECT migration_name, checksum, finished_at, applied_steps_count FROM _prisma_migrations ORDER BY migration_name',
  );
  const files = readMigrations(ctx.services.db.provider);
  expect(rows.map((row) => row.migration_name)).toEqual(files.map((file) => file.name));
  for (const [index, row] of rows.entries()) {
    expect(row.checksum).toBe(createHash('sha256').update(files[index]!.sql, 'utf8').digest('hex'));
    expect(row.finished_at).not.toBeNull();
    expect(Number(row.applied_steps_count)).toBe(1);
  }
});

it('applies nothing the second time, also when two processes start together', async () => {
  const results = await Promise.all([applyMigrations(ctx.database.url), applyMigrations(ctx.database.url)]);
  expect(results).toEqual([[], []]);
});

it('runs SQLite in WAL mode with foreign keys on', async () => {
  if (ctx.services.db.provider !== 'sqlite') return;
  const [mode] =
    await ctx.services.db.prisma.$queryRawUnsafe<{ journal_mode: string }[]>('PRAGMA journal_mode');
  expect(mode!.journal_mode).toBe('wal');
  const [fk] =
    await ctx.services.db.prisma.$queryRawUnsafe<{ foreign_keys: number | bigint }[]>('PRAGMA foreign_keys');
  expect(Number(fk!.foreign_keys)).toBe(1);
});
