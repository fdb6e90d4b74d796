import type { PrismaClient, Tx } from '../client';
import type { Engagement, Prisma } from '../generated/sqlite/client';
import type { PlainReader } from '../plain-reads';
import {
  EngagementAccess,
  EngagementFilter,
  EngagementRead,
  corpusStatsOf,
  engagementAccessById,
  engagementById,
  engagementReadById,
  engagementReadsPage,
  engagementVersionsPage,
} from './engagement-reads';

export type EngagementRecord = Engagement;
export type { EngagementAccess, EngagementFilter, EngagementRead } from './engagement-reads';

export interface FindingsSummary {
  total: number;
  pending: number;
  accepted: number;
  rejected: number;
  refined: number;
  by_severity: { critical: number; high: number; medium: number; low: number };
}

export interface CorpusStats {
  fileCount: number;
  totalBytes: number;
}

const STATUS_COUNTS = ['pending', 'accepted', 'rejected', 'refined'] as const;

/** A finding status the summary counts (a row with another status is in `total` only). */
function isStatusCount(status: string): status is (typeof STATUS_COUNTS)[number] {
  return (STATUS_COUNTS as readonly string[]).includes(status);
}

export function emptySummary(): FindingsSummary {
  return {
    total: 0,
    pending: 0,
    accepted: 0,
    rejected: 0,
    refined: 0,
    by_severity: { critical: 0, high: 0, medium: 0, low: 0 },
  };
}

/**
 * `plain`: outside a transaction, the hottest reads (by id, the list, corpus figures) go through
 * reviewed SQL (engagement-reads.ts); inside one they use the transaction's client.
 */
export function createEngagementRepository(prisma: PrismaClient | Tx, plain?: PlainReader) {
  const plainReader = () => {
    if (!plain) throw new Error('This read is made outside a transaction only.');
    return plain;
  };
  return {
    findById(id: string): Promise<Engagement | null> {
      if (plain) return engagementById(plain, id);
      return prisma.engagement.findUnique({ where: { id } });
    },
    /** Engagements whose corpus is being ingested: what the queue sweep checks against the queue. */
    async listIngesting(): Promise<{ id: string; updatedAt: Date }[]> {
      return prisma.engagement.findMany({
        where: { corpusStatus: 'ingesting' },
        select: { id: true, updatedAt: true },
      });
    },
    /** The engagement's firm (an access check) and its findings and row versions, one narrow read. */
    async accessById(id: string): Promise<EngagementAccess | null> {
      if (plain) return engagementAccessById(plain, id);
      return prisma.engagement.findUnique({
        where: { id },
        select: { firmId: true, findingsVersion: true, rowVersion: true },
      });
    },
    /** The engagement with its corpus figures, in one statement (outside a transaction). */
    findRead(id: string): Promise<EngagementRead | null> {
      return engagementReadById(plainReader(), id);
    },
    /**
     * A page of engagements with their corpus figures, most recently updated first, in one
     * statement (outside a transaction).
     */
    listReads(
      filter: EngagementFilter,
      page: { limit: number; offset: number },
    ): Promise<{ items: EngagementRead[]; total: number }> {
      return engagementReadsPage(plainReader(), filter, page);
    },
    /** The ids and row versions of the page listReads reads, and the total (outside a transaction). */
    listVersions(filter: EngagementFilter, page: { limit: number; offset: number }) {
      return engagementVersionsPage(plainReader(), filter, page);
    },
    create(data: Prisma.EngagementUncheckedCreateInput): Promise<Engagement> {
      return prisma.engagement.create({ data });
    },
    update(id: string, data: Prisma.EngagementUncheckedUpdateInput): Promise<Engagement> {
      return prisma.engagement.update({ where: { id }, data });
    },
    /**
     * Applies `data` only while the engagement still has `status` (compare-and-set), so two
     * concurrent lifecycle calls cannot both apply. Returns whether it applied.
     */
    async updateIfStatus(
      id: string,
      status: string,
      data: Prisma.EngagementUncheckedUpdateInput,
    ): Promise<boolean> {
      return (await prisma.engagement.updateMany({ where: { id, status }, data })).count === 1;
    },
    /**
     * Applies `data` only while the corpus is in one of `statuses` (compare-and-set), so an upload
     * cannot slip in while an ingest starts. With `unfrozen`, also only while the engagement is
     * not frozen (a deliver may land between a request's check and its write). Returns whether it
     * applied.
     */
    async updateIfCorpusStatus(
      id: string,
      statuses: readonly string[],
      data: Prisma.EngagementUncheckedUpdateInput,
      options: { unfrozen?: boolean } = {},
    ): Promise<boolean> {
      const where = {
        id,
        corpusStatus: { in: [...statuses] },
        ...(options.unfrozen ? { isFrozen: false } : {}),
      };
      return (await prisma.engagement.updateMany({ where, data })).count === 1;
    },
    /** Marks the engagement changed (its findings or comments changed). */
    async touch(id: string): Promise<void> {
      await prisma.engagement.update({ where: { id }, data: { updatedAt: new Date() } });
    },
    async delete(id: string): Promise<boolean> {
      return (await prisma.engagement.deleteMany({ where: { id } })).count > 0;
    },
    /** The engagements whose corpus is in `status` (the start-up sweep looks for `uploading`). */
    async idsWithCorpusStatus(status: string): Promise<string[]> {
      const rows = await prisma.engagement.findMany({
        where: { corpusStatus: status },
        select: { id: true },
      });
      return rows.map((row) => row.id);
    },
    /** Client names by engagement id. */
    async namesByIds(ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await prisma.engagement.findMany({
        where: { id: { in: ids } },
        select: { id: true, clientName: true },
      });
      return new Map(rows.map((row) => [row.id, row.clientName]));
    },
    /** Findings summaries (canonical findings only) for the given engagements, in one query. */
    async summaries(ids: string[]): Promise<Map<string, FindingsSummary>> {
      const result = new Map(ids.map((id) => [id, emptySummary()]));
      if (ids.length === 0) return result;
      const groups = await prisma.finding.groupBy({
        by: ['engagementId', 'status', 'severity'],
        where: { engagementId: { in: ids }, isCanonical: true },
        _count: { _all: true },
      });
      for (const group of groups) {
        const summary = result.get(group.engagementId)!;
        const count = group._count._all;
        summary.total += count;
        if (isStatusCount(group.status)) summary[group.status] += count;
        if (group.severity in summary.by_severity) {
          summary.by_severity[group.severity as keyof FindingsSummary['by_severity']] += count;
        }
      }
      return result;
    },
    /** Uploaded file count and bytes per engagement, in one query. */
    async corpusStats(ids: string[]): Promise<Map<string, CorpusStats>> {
      if (plain) return corpusStatsOf(plain, ids);
      const result = new Map(ids.map((id) => [id, { fileCount: 0, totalBytes: 0 }]));
      if (ids.length === 0) return result;
      const groups = await prisma.corpusFile.groupBy({
        by: ['engagementId'],
        where: { engagementId: { in: ids } },
        _count: { _all: true },
        _sum: { sizeBytes: true },
      });
      for (const group of groups) {
        result.set(group.engagementId, {
          fileCount: group._count._all,
          totalBytes: group._sum.sizeBytes ?? 0,
        });
      }
      return result;
    },
  };
}

export type EngagementRepository = ReturnType<typeof createEngagementRepository>;
