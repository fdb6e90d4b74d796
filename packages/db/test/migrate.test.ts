import { MigrationError, MigrationFile, pendingMigrations, readMigrations } from '../src';

const file = (name: string, checksum = `sum-${name}`): MigrationFile => ({ name, sql: '', checksum });
const row = (name: string, checksum = `sum-${name}`, finished: unknown = 1, rolledBack: unknown = null) => ({
  migration_name: name,
  checksum,
  finished_at: finished,
  rolled_back_at: rolledBack,
});

describe('pendingMigrations', () => {
  it('returns the migrations not yet recorded, in order', () => {
    expect(
      pendingMigrations([file('1_a'), file('2_b'), file('3_c')], [row('1_a')]).map((m) => m.name),
    ).toEqual(['2_b', '3_c']);
  });

  it('refuses to continue when an applied migration was edited', () => {
    expect(() => pendingMigrations([file('1_a', 'new')], [row('1_a', 'old')])).toThrow(MigrationError);
  });

  it('refuses to continue after a failed migration', () => {
    expect(() =>
      pendingMigrations([file('1_a'), file('2_b')], [row('1_a'), row('2_b', 'sum-2_b', null)]),
    ).toThrow(/failed earlier/);
  });

  it('applies again a migration that was rolled back', () => {
    expect(pendingMigrations([file('1_a')], [row('1_a', 'sum-1_a', null, 5)]).map((m) => m.name)).toEqual([
      '1_a',
    ]);
  });
});

describe('committed migrations', () => {
  it.each(['sqlite', 'postgresql'] as const)(
    'exist for %s with SHA-256 checksums and matching folder names',
    (provider) => {
      const migrations = readMigrations(provider);
      expect(migrations.length).toBeGreaterThan(0);
      for (const migration of migrations) {
        expect(migration.name).toMatch(/^\d{14}_[a-z0-9_]+$/);
        expect(migration.checksum).toMatch(/^[0-9a-f]{64}$/);
      }
      expect(readMigrations('sqlite').map((m) => m.name)).toEqual(
        readMigrations('postgresql').map((m) => m.name),
      );
    },
  );
});
