// The plain reads (reviewed SQL through the driver) return exactly what the Prisma queries they
// replace return: every field of the model, with Prisma's value types (BigInt, Date, parsed JSON,
// booleans, nulls), in the same order, with the same totals. Both databases.
import { Database, openDatabase } from '../src';
import { ENGAGEMENT_COLUMNS, FINDING_COLUMNS } from '../src/plain-reads';
import {
  corpusStatsOf,
  engagementAccessById,
  engagementById,
  engagementReadById,
  engagementReadsPage,
  engagementVersionsPage,
} from '../src/repositories/engagement-reads';
import { TestDatabase, createTestDatabase } from '../../../test/helpers/database';

describe.each(['sqlite', 'postgresql'] as const)('the plain reads on %s', (provider) => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await createTestDatabase(provider);
    db = await openDatabase(database.url);
    for (const id of ['firm-1', 'firm-2']) await db.prisma.firm.create({ data: { id, displayName: id } });
    const base = { clientName: 'Client', archetype: 'remediation_pipeline', costByModel: {} };
    // Every field set on the first; the rest mostly defaults, archived or of another firm.
    await db.prisma.engagement.create({
      data: {
        ...base,
        id: 'eng-full',
        firmId: 'firm-1',
        clientId: 'client-1',
        clientName: 'Client "quoted" ünïcode',
        status: 'findings_review',
        statusBeforeArchive: 'delivered',
        intake: { domain: 'payments', frameworks: ['SOC 2'], materiality: null },
        budgetCents: 123_456,
        spentMicrocents: 9_007_199_254_740_993n, // above 2^53: must stay exact
        reservedMicrocents: 42n,
        costByStage: { discovery: 1.5 },
        costUpdatedAt: new Date('2026-01-02T03:04:05.678Z'),
        isRunning: true,
        isFrozen: true,
        assignedUserId: 'user-1',
        corpusStatus: 'ready',
        corpusError: 'none',
        corpusWarnings: ['a.pdf: capped'],
        progress: { stage: 'verify', percent: 50 },
        runOptions: { max_iterations: 2 },
        startedAt: new Date('2026-02-03T04:05:06.789Z'),
        completedAt: new Date('2026-02-03T05:05:06.789Z'),
        deliveredAt: new Date('2026-02-04T00:00:00.001Z'),
        archivedAt: new Date('2026-03-01T00:00:00.000Z'),
        failureReason: 'reason',
        findingsVersion: 7,
      },
    });
    for (let i = 0; i < 6; i++) {
      await db.prisma.engagement.create({
        data: {
          ...base,
          id: `eng-${i}`,
          firmId: i % 3 === 0 ? 'firm-2' : 'firm-1',
          status: i % 2 === 0 ? 'archived' : 'created',
          budgetCents: 100,
          costByStage: {},
          // Ties on updated_at, so the id decides.
          updatedAt: new Date(Date.UTC(2026, 0, 1 + (i % 3))),
        },
      });
    }
    for (const [engagementId, sizes] of [
      ['eng-full', [10, 20, 30]],
      ['eng-1', [5]],
    ] as const) {
      for (const [n, sizeBytes] of sizes.entries()) {
        await db.prisma.corpusFile.create({
          data: {
            id: `file-${engagementId}-${n}`,
            engagementId,
            filename: `f${n}.md`,
            storedName: `s${n}`,
            sizeBytes,
            contentType: 'text/markdown',
            sha256: 'x',
          },
        });
      }
    }
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  it('reads an engagement by id as Prisma does, every field and type', async () => {
    const expected = await db.prisma.engagement.findUnique({ where: { id: 'eng-full' } });
    const actual = await engagementById(db.plain, 'eng-full');
    expect(actual).toStrictEqual(expected);
    expect(Object.keys(actual!).sort()).toEqual(Object.keys(expected!).sort());
    expect(await engagementById(db.plain, 'eng-missing')).toBeNull();
    const defaults = await db.prisma.engagement.findUnique({ where: { id: 'eng-1' } });
    expect(await engagementById(db.plain, 'eng-1')).toStrictEqual(defaults);
  });

  it.each([
    { firmId: null, includeArchived: true, limit: 20, offset: 0 },
    { firmId: null, includeArchived: false, limit: 3, offset: 1 },
    { firmId: 'firm-1', includeArchived: false, limit: 20, offset: 0 },
    { firmId: 'firm-1', includeArchived: true, limit: 2, offset: 2 },
    { firmId: 'firm-2', includeArchived: true, limit: 5, offset: 10 },
  ])('lists engagements as Prisma does for %o', async ({ limit, offset, ...filter }) => {
    const where = {
      ...(filter.firmId === null ? {} : { firmId: filter.firmId }),
      ...(filter.includeArchived ? {} : { status: { not: 'archived' } }),
    };
    const expected = {
      items: await db.prisma.engagement.findMany({
        where,
        orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }],
        take: limit,
        skip: offset,
      }),
      total: await db.prisma.engagement.count({ where }),
    };
    const { items, total } = await engagementReadsPage(db.plain, filter, { limit, offset });
    expect({ items: items.map((read) => read.record), total }).toStrictEqual(expected);
    const corpus = await corpusStatsOf(
      db.plain,
      items.map((read) => read.record.id),
    );
    for (const read of items) expect(read.corpus).toEqual(corpus.get(read.record.id));
  });

  it('reads an engagement with its corpus figures in one statement, as Prisma and corpusStatsOf do', async () => {
    const read = await engagementReadById(db.plain, 'eng-full');
    expect(read!.record).toStrictEqual(await db.prisma.engagement.findUnique({ where: { id: 'eng-full' } }));
    expect(read!.corpus).toEqual({ fileCount: 3, totalBytes: 60 });
    expect((await engagementReadById(db.plain, 'eng-2'))!.corpus).toEqual({ fileCount: 0, totalBytes: 0 });
    expect(await engagementReadById(db.plain, 'eng-missing')).toBeNull();
  });

  it('moves the row version with every write to the row or to its corpus files, by any writer', async () => {
    const version = async () => (await engagementAccessById(db.plain, 'eng-3'))!.rowVersion;
    const file = {
      id: 'file-eng-3',
      engagementId: 'eng-3',
      filename: 'a.md',
      storedName: 's',
      sizeBytes: 7,
      contentType: 'text/markdown',
      sha256: 'x',
    };
    const writes: [string, () => Promise<unknown>][] = [
      // Raw SQL as the spend and findings-version writers use: updated_at stays as it is.
      [
        'raw SQL',
        () =>
          db.prisma
            .$executeRaw`UPDATE engagements SET spent_microcents = spent_microcents + 1 WHERE id = 'eng-3'`,
      ],
      [
        'findings version',
        () =>
          db.prisma
            .$executeRaw`UPDATE engagements SET findings_version = findings_version + 1 WHERE id = 'eng-3'`,
      ],
      [
        'Prisma update',
        () => db.prisma.engagement.update({ where: { id: 'eng-3' }, data: { progress: { stage: 'x' } } }),
      ],
      [
        'Prisma updateMany',
        () => db.prisma.engagement.updateMany({ where: { id: 'eng-3' }, data: { isRunning: true } }),
      ],
      [
        'in a transaction',
        () =>
          db.transaction((tx) =>
            tx.engagement.update({ where: { id: 'eng-3' }, data: { failureReason: 'r' } }),
          ),
      ],
      ['corpus file added', () => db.prisma.corpusFile.create({ data: file })],
      [
        'corpus file size',
        () => db.prisma.corpusFile.update({ where: { id: file.id }, data: { sizeBytes: 8 } }),
      ],
      ['corpus file removed', () => db.prisma.corpusFile.delete({ where: { id: file.id } })],
    ];
    let previous = await version();
    for (const [label, write] of writes) {
      await write();
      const now = await version();
      expect({ label, moved: now > previous }).toEqual({ label, moved: true });
      expect(await version()).toBe(now);
      previous = now;
    }
    // A rolled-back write moves nothing.
    await expect(
      db.transaction(async (tx) => {
        await tx.engagement.update({ where: { id: 'eng-3' }, data: { clientName: 'never' } });
        await tx.corpusFile.create({ data: { ...file, id: 'file-never' } });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await version()).toBe(previous);
    // The engagement's own reads carry the same version.
    expect((await engagementReadById(db.plain, 'eng-3'))!.record.rowVersion).toBe(previous);
  });

  it('reads the ids and row versions of a page, as the page itself has them', async () => {
    const filter = { firmId: 'firm-1', includeArchived: true };
    for (const page of [
      { limit: 20, offset: 0 },
      { limit: 2, offset: 1 },
      { limit: 5, offset: 50 },
    ]) {
      const versions = await engagementVersionsPage(db.plain, filter, page);
      const reads = await engagementReadsPage(db.plain, filter, page);
      expect(versions).toEqual({
        items: reads.items.map((read) => ({ id: read.record.id, rowVersion: read.record.rowVersion })),
        total: reads.total,
      });
    }
  });

  it('reads the firm and the versions behind an access check', async () => {
    expect(await engagementAccessById(db.plain, 'eng-full')).toStrictEqual({
      firmId: 'firm-1',
      findingsVersion: 7,
      rowVersion: 3, // its three corpus files
    });
    expect(await engagementAccessById(db.plain, 'eng-missing')).toBeNull();
  });

  it('sums corpus files per engagement', async () => {
    const stats = await corpusStatsOf(db.plain, ['eng-full', 'eng-1', 'eng-2']);
    expect(Object.fromEntries(stats)).toEqual({
      'eng-full': { fileCount: 3, totalBytes: 60 },
      'eng-1': { fileCount: 1, totalBytes: 5 },
      'eng-2': { fileCount: 0, totalBytes: 0 },
    });
    expect((await corpusStatsOf(db.plain, [])).size).toBe(0);
  });

  it('lists every column of the finding model', async () => {
    const fields = Object.keys(db.prisma.finding.fields).sort();
    expect(FINDING_COLUMNS.map((column) => column.field).sort()).toEqual(fields);
    expect(ENGAGEMENT_COLUMNS.map((column) => column.field).sort()).toEqual(
      Object.keys(db.prisma.engagement.fields).sort(),
    );
  });
});
