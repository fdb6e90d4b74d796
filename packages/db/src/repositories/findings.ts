import type { PrismaClient, Tx } from '../client';
import type { Finding, Prisma } from '../generated/sqlite/client';
import type { PlainReader } from '../plain-reads';
import { listFindingsPage } from './findings-page';
import { bumpFindingsVersion } from './findings-version';

export type FindingRecord = Finding;
export type FindingCreate = Prisma.FindingUncheckedCreateInput;

export const SEVERITY_RANK = { critical: 4, high: 3, medium: 2, low: 1 } as const;
export type Severity = keyof typeof SEVERITY_RANK;

/** Findings lists sort severity descending, then confidence descending; id keeps pages stable. */
export const FINDING_ORDER: Prisma.FindingOrderByWithRelationInput[] = [
  { severityRank: 'desc' },
  { confidence: 'desc' },
  { id: 'desc' },
];

/**
 * `plain`: outside a transaction, the list reads its pages with one reviewed SQL statement;
 * without it (inside a transaction) the list uses the Prisma API.
 */
export function createFindingRepository(prisma: PrismaClient | Tx, plain?: PlainReader) {
  return {
    findInEngagement(engagementId: string, id: string): Promise<Finding | null> {
      return prisma.finding.findFirst({ where: { id, engagementId } });
    },
    findManyInEngagement(engagementId: string, ids: string[]): Promise<Finding[]> {
      return prisma.finding.findMany({ where: { engagementId, id: { in: ids } } });
    },
    async listForEngagement(engagementId: string, page: { limit: number; offset: number }) {
      if (plain) return listFindingsPage(plain, engagementId, page);
      const where = { engagementId };
      const [items, total] = await Promise.all([
        prisma.finding.findMany({ where, orderBy: FINDING_ORDER, take: page.limit, skip: page.offset }),
        prisma.finding.count({ where }),
      ]);
      return { items, total };
    },
    async update(id: string, data: Prisma.FindingUncheckedUpdateInput): Promise<Finding> {
      const finding = await prisma.finding.update({ where: { id }, data });
      await bumpFindingsVersion(prisma, [finding.engagementId]);
      return finding;
    },
    async createMany(data: FindingCreate[]): Promise<void> {
      if (data.length === 0) return;
      await prisma.finding.createMany({ data });
      await bumpFindingsVersion(
        prisma,
        data.map((finding) => finding.engagementId),
      );
    },
    findByIds(ids: string[]): Promise<Finding[]> {
      return prisma.finding.findMany({ where: { id: { in: ids } } });
    },
  };
}

export type FindingRepository = ReturnType<typeof createFindingRepository>;
