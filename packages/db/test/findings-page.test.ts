// The reviewed SQL of the findings list returns exactly what the Prisma query it replaces returned:
// the same records (types included), in the same order, with the same total. Both databases.
import { Database, FINDING_ORDER, SEVERITY_RANK, createRepositories, openDatabase } from '../src';
import { listFindingsPage } from '../src/repositories/findings-page';
import { TestDatabase, createTestDatabase } from '../../../test/helpers/database';

describe.each(['sqlite', 'postgresql'] as const)('the findings page on %s', (provider) => {
  let database: TestDatabase;
  let db: Database;
  const engagementId = 'engagement-page';

  beforeAll(async () => {
    database = await createTestDatabase(provider);
    db = await openDatabase(database.url);
    await db.prisma.firm.create({ data: { id: 'firm-page', displayName: 'Page' } });
    await db.prisma.engagement.create({
      data: {
        id: engagementId,
        firmId: 'firm-page',
        clientName: 'Client',
        archetype: 'remediation_pipeline',
        budgetCents: 2000,
        costByStage: {},
        costByModel: {},
      },
    });
    const severities = ['critical', 'high', 'medium', 'low'] as const;
    await createRepositories(db).findings.createMany(
      Array.from({ length: 25 }, (_, i) => {
        const severity = severities[i % 4]!;
        return {
          id: `finding-${String(i).padStart(2, '0')}`,
          engagementId,
          firmId: 'firm-page',
          runId: i % 2 ? 'run-1' : null,
          status: i % 3 ? 'pending' : 'accepted',
          severity,
          severityRank: SEVERITY_RANK[severity],
          title: `Finding ${i}`,
          description: `Description ${i} with "quotes" and ünïcode`,
          rootCause: '',
          remediationScope: 'Scope',
          remediationEffortHours: i / 4,
          auditorNotes: i % 5 ? '' : 'noted',
          primitive: 'conflict_check',
          isCanonical: i % 7 !== 0,
          mergedFindingIds: i % 2 ? ['finding-a', 'finding-b'] : [],
          canonicalFindingId: i % 7 === 0 ? 'finding-00' : null,
          corroborationScore: 0.25,
          filterStatus: i % 4 ? 'likely' : null,
          confidence: (i % 5) / 5, // ties, so the id decides
          evidence: [{ document: 'a.md', chunk_id: null, quote: 'q', quote_verified: true, page: i }],
          frameworks: ['SOC 2'],
          iteration: 1 + (i % 3),
          adversarial: i % 2 ? { verdict: 'upheld', notes: ['x'] } : undefined,
          fingerprint: i % 2 ? `fp-${i}` : null,
          reviewerTouched: i % 6 === 0,
        };
      }),
    );
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  it.each([
    { limit: 200, offset: 0 },
    { limit: 10, offset: 0 },
    { limit: 10, offset: 20 },
    { limit: 10, offset: 25 },
    { limit: 10, offset: 100 },
  ])('matches the Prisma query for %o', async (page) => {
    const where = { engagementId };
    const expected = {
      items: await db.prisma.finding.findMany({
        where,
        orderBy: FINDING_ORDER,
        take: page.limit,
        skip: page.offset,
      }),
      total: await db.prisma.finding.count({ where }),
    };
    expect(await listFindingsPage(db.plain, engagementId, page)).toEqual(expected);
  });

  it('answers an engagement without findings with an empty page', async () => {
    expect(await listFindingsPage(db.plain, 'engagement-none', { limit: 10, offset: 0 })).toEqual({
      items: [],
      total: 0,
    });
  });
});
