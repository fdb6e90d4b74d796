import type { PrismaClient, Tx } from '../client';
import type { Finding, Prisma } from '../generated/sqlite/client';
import { FINDING_ORDER } from './findings';

/**
 * Stored deliverables (the polished copy made at delivery) and the findings a deliverable is
 * built from.
 */
export function createDeliverableRepository(prisma: PrismaClient | Tx) {
  return {
    /** The stored content, or null when the engagement has no polished copy. */
    async findContent(engagementId: string): Promise<unknown> {
      const row = await prisma.storedDeliverable.findUnique({ where: { engagementId } });
      return row ? row.content : null;
    },
    /** Stores the polished copy, replacing an earlier one. */
    async upsert(engagementId: string, content: object): Promise<void> {
      const json = content as Prisma.InputJsonValue;
      await prisma.storedDeliverable.upsert({
        where: { engagementId },
        create: { engagementId, content: json },
        update: { content: json, createdAt: new Date() },
      });
    },
    /** Drops the stored copy; true when there was one. */
    async delete(engagementId: string): Promise<boolean> {
      return (await prisma.storedDeliverable.deleteMany({ where: { engagementId } })).count > 0;
    },
    /** Every finding of the engagement (raw and canonical), in the order of findings lists. */
    sourceFindings(engagementId: string): Promise<Finding[]> {
      return prisma.finding.findMany({ where: { engagementId }, orderBy: FINDING_ORDER });
    },
  };
}

export type DeliverableRepository = ReturnType<typeof createDeliverableRepository>;
