// The engagement's spend ledger: reservations and settlements kept in the engagement row, so every
// process working on one engagement shares one budget.
import type { Repositories, TransactionalRepositories } from '@auditsvc/db';
import { chargeOf, type Settlement, type SpendLedger } from '@auditsvc/engine';

export function createEngagementLedger(
  repos: Pick<Repositories, 'spend' | 'transaction'>,
  engagementId: string,
  now: () => Date = () => new Date(),
): SpendLedger {
  return {
    reserve: (microcents) => repos.spend.reserve(engagementId, microcents),
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
