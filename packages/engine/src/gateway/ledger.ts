// Spend ledgers: where reservations and settlements go. The engagement ledger keeps them in the
// engagement row (shared by every process working on it); the cap ledger is an in-memory hard cap
// for calls that belong to no engagement budget (intake extraction, portfolio clustering).
import type { Repositories, TransactionalRepositories } from '@auditsvc/db';
import type { LedgerState, Settlement, SpendLedger } from './types';

const clamp = (actual: bigint, reserved: bigint) =>
  actual < 0n ? 0n : actual > reserved ? reserved : actual;

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
      const charged = clamp(settlement.actualMicrocents, settlement.reservedMicrocents);
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

export function createCapLedger(capCents: number): SpendLedger & { readonly state: LedgerState } {
  const budget = BigInt(Math.round(capCents * 1_000_000));
  let spent = 0n;
  let reserved = 0n;
  return {
    get state() {
      return { spentMicrocents: spent, budgetMicrocents: budget };
    },
    async reserve(microcents) {
      // Single-threaded: the check and the increment cannot interleave with another call.
      if (spent + reserved + microcents > budget) return false;
      reserved += microcents;
      return true;
    },
    async settle(settlement) {
      const charged = clamp(settlement.actualMicrocents, settlement.reservedMicrocents);
      reserved = reserved > settlement.reservedMicrocents ? reserved - settlement.reservedMicrocents : 0n;
      spent += charged;
      return { spentMicrocents: spent, budgetMicrocents: budget, chargedMicrocents: charged };
    },
  };
}
