// The plain reads (reviewed SQL through the driver) return exactly what the Prisma queries they
// replace return: every field of the model, with Prisma's value types (BigInt, Date, parsed JSON,
// booleans, nulls), in the same order, with the same totals. Both databases.
import { Database, openDatabase } from '../src';
import { ENGAGEMENT_COLUMNS, FINDING_COLUMNS } from '../src/plain-reads';
import { corpusStatsOf, engagementById, engagementsPage } from '../src/repositories/engagement-reads';
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
    expect(await engagementsPage(db.plain, filter, { limit, offset })).toStrictEqual(expected);
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
