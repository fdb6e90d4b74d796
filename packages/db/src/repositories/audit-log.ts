// The index of an engagement's audit-log shards (JSONL in the object store). Writers from several
// processes claim a slot for each event here before appending its line: a conditional increment
// on the open shard (event_count below the shard size), else a new shard, whose unique
// (engagement_id, shard_index) makes exactly one creator win a race; the losers claim again.
import { randomBytes } from 'node:crypto';
import type { PrismaClient, Tx } from '../client';
import type { AuditLogShard } from '../generated/sqlite/client';

export type AuditLogShardRecord = AuditLogShard;

export interface ShardSlot {
  shardIndex: number;
  relativePath: string;
}

const MAX_CLAIM_ATTEMPTS = 20;

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'P2002';
}

export function createAuditLogRepository(prisma: PrismaClient | Tx) {
  return {
    /** Shards in order. */
    listShards(engagementId: string): Promise<AuditLogShard[]> {
      return prisma.auditLogShard.findMany({ where: { engagementId }, orderBy: { shardIndex: 'asc' } });
    },

    /**
     * Counts one event of `sizeBytes` into the engagement's open shard, or opens the next one when
     * it holds `maxEvents`. `pathOf` names a shard's key in the object store.
     */
    async claimSlot(
      engagementId: string,
      sizeBytes: number,
      maxEvents: number,
      pathOf: (shardIndex: number) => string,
    ): Promise<ShardSlot> {
      for (let attempt = 0; attempt < MAX_CLAIM_ATTEMPTS; attempt++) {
        const open = await prisma.auditLogShard.findFirst({
          where: { engagementId },
          orderBy: { shardIndex: 'desc' },
        });
        if (open) {
          const claimed = await prisma.auditLogShard.updateMany({
            where: { id: open.id, eventCount: { lt: maxEvents } },
            data: { eventCount: { increment: 1 }, sizeBytes: { increment: sizeBytes } },
          });
          if (claimed.count === 1) return { shardIndex: open.shardIndex, relativePath: open.relativePath };
        }
        const shardIndex = open ? open.shardIndex + 1 : 0;
        const relativePath = pathOf(shardIndex);
        try {
          await prisma.auditLogShard.create({
            data: {
              id: `shard-${randomBytes(8).toString('hex')}`,
              engagementId,
              shardIndex,
              relativePath,
              eventCount: 1,
              sizeBytes,
            },
          });
          return { shardIndex, relativePath };
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          // Another writer opened this shard first: claim a place in it.
        }
      }
      throw new Error('Could not claim an audit-log slot (too much contention).');
    },
  };
}

export type AuditLogRepository = ReturnType<typeof createAuditLogRepository>;
