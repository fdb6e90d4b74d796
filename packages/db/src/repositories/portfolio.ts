// Portfolio clusters (spec 4.5): the findings a clustering considers, and the two cached snapshots
// per filter key (slot "current" and the "previous" one it replaced, for the diff).
import type { PrismaClient, Tx } from '../client';
import type { PortfolioSnapshot, Prisma } from '../generated/sqlite/client';

export type PortfolioSnapshotRecord = PortfolioSnapshot;
export type SnapshotSlot = 'current' | 'previous';

export interface PortfolioFindingFilter {
  /** null: every firm (platform admins). */
  firmId: string | null;
  primitive: string | null;
  severity: string | null;
  canonicalOnly: boolean;
  /** Reviewer statuses left out (a rejected finding is not a problem the client has). */
  excludeStatuses: string[];
}

/** The members of a finding that clustering reads. */
export const PORTFOLIO_FINDING_FIELDS = {
  id: true,
  engagementId: true,
  primitive: true,
  severity: true,
  title: true,
  description: true,
  rootCause: true,
  remediationScope: true,
  confidence: true,
  evidence: true,
  createdAt: true,
} as const satisfies Prisma.FindingSelect;

export type PortfolioFindingRow = Prisma.FindingGetPayload<{ select: typeof PORTFOLIO_FINDING_FIELDS }>;

export interface NewSnapshot {
  id: string;
  filterKey: string;
  firmId: string | null;
  /** JSON objects, stored as they are. */
  filters: object;
  result: object;
  generatedAt: Date;
}

export function createPortfolioRepository(prisma: PrismaClient | Tx) {
  return {
    /** The most recent matching findings, newest first, at most `limit`. */
    findingsForClustering(filter: PortfolioFindingFilter, limit: number): Promise<PortfolioFindingRow[]> {
      const where: Prisma.FindingWhereInput = {
        ...(filter.firmId !== null ? { firmId: filter.firmId } : {}),
        ...(filter.primitive !== null ? { primitive: filter.primitive } : {}),
        ...(filter.severity !== null ? { severity: filter.severity } : {}),
        ...(filter.canonicalOnly ? { isCanonical: true } : {}),
        ...(filter.excludeStatuses.length > 0 ? { status: { notIn: filter.excludeStatuses } } : {}),
      };
      return prisma.finding.findMany({
        where,
        select: PORTFOLIO_FINDING_FIELDS,
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: limit,
      });
    },
    findSnapshot(filterKey: string, slot: SnapshotSlot): Promise<PortfolioSnapshot | null> {
      return prisma.portfolioSnapshot.findUnique({ where: { filterKey_slot: { filterKey, slot } } });
    },
    /**
     * Makes `snapshot` the current one: the old previous is dropped and the old current becomes
     * previous. Run it in a transaction so readers never see the key without a current snapshot.
     */
    async replaceCurrent(snapshot: NewSnapshot): Promise<void> {
      await prisma.portfolioSnapshot.deleteMany({
        where: { filterKey: snapshot.filterKey, slot: 'previous' },
      });
      await prisma.portfolioSnapshot.updateMany({
        where: { filterKey: snapshot.filterKey, slot: 'current' },
        data: { slot: 'previous' },
      });
      await prisma.portfolioSnapshot.create({
        data: {
          ...snapshot,
          filters: snapshot.filters as Prisma.InputJsonValue,
          result: snapshot.result as Prisma.InputJsonValue,
          slot: 'current',
        },
      });
    },
  };
}

export type PortfolioRepository = ReturnType<typeof createPortfolioRepository>;
