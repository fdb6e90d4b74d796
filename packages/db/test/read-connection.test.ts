// Plain reads outside a transaction do not wait for the write lane (SQLite: a second, read-only
// connection in WAL mode), and never see a write that is rolled back. Both databases.
import { Database, createRepositories, openDatabase } from '../src';
import { TestDatabase, createTestDatabase } from '../../../test/helpers/database';

describe.each(['sqlite', 'postgresql'] as const)('reads beside an open transaction on %s', (provider) => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await createTestDatabase(provider);
    db = await openDatabase(database.url);
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  it('answers a read while a transaction holds the writer, without its uncommitted write; the rollback leaves nothing', async () => {
    const repos = createRepositories(db);
    await repos.firms.create({ id: 'firm-committed', displayName: 'Committed' });
    let releaseTransaction!: () => void;
    const held = new Promise<void>((resolve) => (releaseTransaction = resolve));
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    const transaction = db
      .transaction(async (tx) => {
        await tx.firm.create({ data: { id: 'firm-doomed', displayName: 'Doomed' } });
        wrote();
        await held; // the transaction stays open until the reads below have answered
        throw new Error('roll back');
      })
      .catch((error: Error) => error.message);
    await written;
    // With one lane these reads would wait for the transaction, and the transaction waits for them:
    // the test would hang. They answer, and without the uncommitted row.
    expect(await repos.firms.findById('firm-doomed')).toBeNull();
    expect((await repos.firms.findById('firm-committed'))?.displayName).toBe('Committed');
    releaseTransaction();
    expect(await transaction).toBe('roll back');
    expect(await repos.firms.findById('firm-doomed')).toBeNull();
  });

  it('sees a committed write in the next read', async () => {
    const repos = createRepositories(db);
    await repos.firms.create({ id: 'firm-fresh', displayName: 'Fresh' });
    expect((await repos.firms.findById('firm-fresh'))?.displayName).toBe('Fresh');
    await db.transaction((tx) =>
      tx.firm.update({ where: { id: 'firm-fresh' }, data: { displayName: 'Renamed' } }),
    );
    expect((await repos.firms.findById('firm-fresh'))?.displayName).toBe('Renamed');
  });
});
