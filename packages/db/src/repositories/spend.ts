// Engagement spend: reservations before model calls and settlements after, in micro-cents.
// Raw SQL because the cap check must be one conditional UPDATE (spent + reserved + x <= budget),
// which Prisma's update API cannot express; the tagged template binds parameters on both providers.
import { budgetMicrocents, MICROCENTS_PER_CENT } from '@auditsvc/core';
import { raw } from '@prisma/client/runtime/client';
import type { PrismaClient, Tx } from '../client';

/** The budget column (whole cents) in micro-cents, as SQL: the unit factor is money.ts's. */
const BUDGET_MICROCENTS_SQL = raw(`CAST(budget_cents AS BIGINT) * ${MICROCENTS_PER_CENT}`);

export interface SpendSettlement {
  reservedMicrocents: bigint;
  /** Charged as is: the caller clamps it to the reservation. */
  chargedMicrocents: bigint;
  stage: string;
  model: string;
  at: Date;
}

export interface SpendState {
  spentMicrocents: bigint;
  reservedMicrocents: bigint;
  budgetMicrocents: bigint;
}

function addTo(map: unknown, key: string, amount: bigint): Record<string, number> {
  const out: Record<string, number> = { ...((map ?? {}) as Record<string, number>) };
  out[key] = Number(BigInt(Math.round(out[key] ?? 0)) + amount);
  return out;
}

export function createSpendRepository(prisma: PrismaClient | Tx) {
  async function state(engagementId: string): Promise<SpendState | null> {
    const row = await prisma.engagement.findUnique({
      where: { id: engagementId },
      select: { spentMicrocents: true, reservedMicrocents: true, budgetCents: true },
    });
    if (!row) return null;
    return {
      spentMicrocents: BigInt(row.spentMicrocents),
      reservedMicrocents: BigInt(row.reservedMicrocents),
      budgetMicrocents: budgetMicrocents(row.budgetCents),
    };
  }

  return {
    state,

    /**
     * Drops every reservation of the engagement. Reservations of a process that died mid-call
     * would otherwise hold budget forever; call it when a run starts and no other job can be
     * spending on the engagement.
     */
    async clearReservations(engagementId: string): Promise<void> {
      await prisma.$executeRaw`UPDATE engagements SET reserved_microcents = 0 WHERE id = ${engagementId}`;
    },

    /**
     * Reserves `microcents` only if spent + reserved + it stays within the budget, and within
     * `ceilingMicrocents` when given (a mini-run's own cap, as a total the engagement's spend may
     * reach), in one atomic statement.
     */
    async reserve(engagementId: string, microcents: bigint, ceilingMicrocents?: bigint): Promise<boolean> {
      const changed =
        ceilingMicrocents === undefined
          ? await prisma.$executeRaw`
              UPDATE engagements
                 SET reserved_microcents = reserved_microcents + ${microcents}
               WHERE id = ${engagementId}
                 AND spent_microcents + reserved_microcents + ${microcents}
                     <= ${BUDGET_MICROCENTS_SQL}`
          : await prisma.$executeRaw`
              UPDATE engagements
                 SET reserved_microcents = reserved_microcents + ${microcents}
               WHERE id = ${engagementId}
                 AND spent_microcents + reserved_microcents + ${microcents}
                     <= ${BUDGET_MICROCENTS_SQL}
                 AND spent_microcents + reserved_microcents + ${microcents} <= ${ceilingMicrocents}`;
      return changed === 1;
    },

    /**
     * Releases a reservation and charges the call, with cost by stage and model. Run it inside a
     * transaction: the first UPDATE locks the row (PostgreSQL), so the JSON maps read after it
     * cannot be overwritten by a concurrent settlement.
     */
    async settle(engagementId: string, settlement: SpendSettlement): Promise<SpendState | null> {
      const { reservedMicrocents, chargedMicrocents } = settlement;
      await prisma.$executeRaw`
        UPDATE engagements
           SET reserved_microcents = CASE WHEN reserved_microcents > ${reservedMicrocents}
                                          THEN reserved_microcents - ${reservedMicrocents} ELSE 0 END,
               spent_microcents = spent_microcents + ${chargedMicrocents}
         WHERE id = ${engagementId}`;
      const row = await prisma.engagement.findUnique({
        where: { id: engagementId },
        select: { costByStage: true, costByModel: true },
      });
      if (!row) return null;
      if (chargedMicrocents > 0n) {
        await prisma.engagement.update({
          where: { id: engagementId },
          data: {
            costByStage: addTo(row.costByStage, settlement.stage, chargedMicrocents),
            costByModel: addTo(row.costByModel, settlement.model, chargedMicrocents),
            costUpdatedAt: settlement.at,
          },
        });
      }
      return state(engagementId);
    },
  };
}

export type SpendRepository = ReturnType<typeof createSpendRepository>;
