// The engagement's spend ledger: reservations and settlements kept in the engagement row, so every
// process working on one engagement shares one budget.
import type { Repositories, TransactionalRepositories } from '@auditsvc/db';
import { chargeOf, type Settlement, type SpendLedger } from '@auditsvc/engine/src/lean';

export function createEngagementLedger(
  repos: Pick<Repositories, 'spend' | 'transaction'>,
  engagementId: string,
  options: {
    /**
     * A total the engagement's spend may not pass through this ledger, below its budget: a
     * mini-run's own cap, stored with the run, so that every attempt of the run shares it.
     */
    ceilingMicrocents?: bigint;
    now?: () => Date;
  } = {},
): SpendLedger {
  const now = options.now ?? (() => new Date());
  return {
    reserve: (microcents) => repos.spend.reserve(engagementId, microcents, options.ceilingMicrocents),
    async settle(settlement: Settlement) {
      const charged = chargeOf(settlement.actualMicrocents, settlement.reservedMicrocents);
      const state = await repos.transaction((tx: TransactionalRepositories) =>
        tx.spend.settle(engagementId, {
          reservedMicrocents: settlement.reservedMicrocents,
          chargedMicrocents: charged,
          stage: settlement.stage,
          model: settlement.model,
          at: now(),
        }),
      );
      if (!state) throw new Error('The engagement of this spend ledger no longer exists.');
      return {
        spentMicrocents: state.spentMicrocents,
        budgetMicrocents: state.budgetMicrocents,
        chargedMicrocents: charged,
      };
    },
  };
}
