// Runs (table runs) and the engagement and finding queries of starting, finishing and replacing a
// run's work.
import type { PrismaClient, Tx } from '../client';
import { Prisma } from '../generated/sqlite/client';
import { bumpFindingsVersion } from './findings-version';

type Client = PrismaClient | Tx;
type Run = Awaited<ReturnType<PrismaClient['run']['create']>>;
type RunCreate = Parameters<PrismaClient['run']['create']>[0]['data'];
type RunUpdate = Parameters<PrismaClient['run']['updateMany']>[0]['data'];
type EngagementUpdate = Parameters<PrismaClient['engagement']['updateMany']>[0]['data'];

export type RunRecord = Run;

/** SQL NULL for a JSON column (a plain null means "JSON null" to Prisma and is refused). */
export const SQL_NULL: NonNullable<EngagementUpdate['progress']> = Prisma.DbNull;

/** Engagement statuses during which a run is in progress (see runInProgress in packages/core). */
export const RUN_ACTIVE_STATUSES = ['queued', 'running'] as const;

export function createRunRepository(prisma: Client) {
  return {
    createRun(data: RunCreate): Promise<Run> {
      return prisma.run.create({ data });
    },
    /** Deletes the run while it has one of `statuses` (a run whose job never got queued). */
    async deleteRunIfStatus(id: string, statuses: readonly string[]): Promise<boolean> {
      return (await prisma.run.deleteMany({ where: { id, status: { in: [...statuses] } } })).count === 1;
    },
    findRun(id: string): Promise<Run | null> {
      return prisma.run.findUnique({ where: { id } });
    },
    /** The engagement's runs, newest first (ties by id, so pages never overlap). */
    async listForEngagement(engagementId: string, page: { limit: number; offset: number }) {
      const where = { engagementId };
      const [items, total] = await Promise.all([
        prisma.run.findMany({
          where,
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          take: page.limit,
          skip: page.offset,
        }),
        prisma.run.count({ where }),
      ]);
      return { items, total };
    },
    /** The engagement's latest completed full run: the one a deliverable's methodology describes. */
    lastCompletedFullRun(engagementId: string): Promise<Run | null> {
      return prisma.run.findFirst({
        where: { engagementId, kind: 'run', status: 'completed' },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      });
    },
    /** Runs still queued or running: what the queue sweep checks against the queues. */
    listActiveRuns(): Promise<Run[]> {
      return prisma.run.findMany({
        where: { status: { in: [...RUN_ACTIVE_STATUSES] } },
        orderBy: { createdAt: 'asc' },
      });
    },
    /**
     * The run that last settled the engagement's state, other than `exceptRunId`: its latest
     * completed run of either kind, or failed full run (a failed mini-run leaves the state alone).
     */
    lastSettlingRun(engagementId: string, exceptRunId: string): Promise<Run | null> {
      return prisma.run.findFirst({
        where: {
          engagementId,
          id: { not: exceptRunId },
          OR: [{ status: 'completed' }, { kind: 'run', status: 'failed' }],
        },
        orderBy: { createdAt: 'desc' },
      });
    },
    /** Applies `data` only while the run has one of `statuses`; returns whether it applied. */
    async updateRunIfStatus(id: string, statuses: readonly string[], data: RunUpdate): Promise<boolean> {
      return (
        (await prisma.run.updateMany({ where: { id, status: { in: [...statuses] } }, data })).count === 1
      );
    },

    /**
     * Queues a run on the engagement: applies `data` only while no run is in progress and the
     * engagement is not frozen (compare-and-set, so of two parallel starts exactly one wins).
     */
    async claimEngagementForRun(engagementId: string, data: EngagementUpdate): Promise<boolean> {
      const where = {
        id: engagementId,
        isFrozen: false,
        isRunning: false,
        status: { notIn: [...RUN_ACTIVE_STATUSES] },
      };
      return (await prisma.engagement.updateMany({ where, data })).count === 1;
    },
    /** Applies `data` only while the engagement's run is in progress (queued or running). */
    async updateEngagementIfActive(engagementId: string, data: EngagementUpdate): Promise<boolean> {
      const where = { id: engagementId, status: { in: [...RUN_ACTIVE_STATUSES] } };
      return (await prisma.engagement.updateMany({ where, data })).count === 1;
    },

    /** Removes what an earlier attempt of the same run wrote. */
    async deleteFindingsOfRun(engagementId: string, runId: string): Promise<number> {
      const { count } = await prisma.finding.deleteMany({ where: { engagementId, runId } });
      if (count > 0) await bumpFindingsVersion(prisma, [engagementId]);
      return count;
    },
    /** Removes the findings a re-run replaces: pending ones no reviewer touched. */
    async deleteReplaceableFindings(engagementId: string): Promise<number> {
      const where = { engagementId, reviewerTouched: false, status: 'pending' };
      const { count } = await prisma.finding.deleteMany({ where });
      if (count > 0) await bumpFindingsVersion(prisma, [engagementId]);
      return count;
    },
    /** Fingerprints of the engagement's findings (after the replaceable ones are gone). */
    async fingerprints(engagementId: string): Promise<Set<string>> {
      const rows = await prisma.finding.findMany({
        where: { engagementId, fingerprint: { not: null } },
        select: { fingerprint: true },
      });
      return new Set(rows.map((row) => row.fingerprint!));
    },
    async maxIteration(engagementId: string): Promise<number> {
      const row = await prisma.finding.aggregate({ where: { engagementId }, _max: { iteration: true } });
      return row._max.iteration ?? 0;
    },
  };
}

export type RunRepository = ReturnType<typeof createRunRepository>;
