// The in-memory spend ledger: a hard cap for calls that belong to no engagement budget (intake
// extraction, portfolio clustering, offline evaluation). The engagement's ledger, kept in the
// database, is wired by the services (packages/services/src/model-spend).
import { centsToMicrocents } from '@auditsvc/core';
import type { LedgerState, SpendLedger } from './types';

/** What a settlement charges: the actual cost, never below zero nor above what was reserved. */
export const chargeOf = (actual: bigint, reserved: bigint) =>
  actual < 0n ? 0n : actual > reserved ? reserved : actual;

export function createCapLedger(capCents: number): SpendLedger & { readonly state: LedgerState } {
  const budget = centsToMicrocents(capCents);
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
      const charged = chargeOf(settlement.actualMicrocents, settlement.reservedMicrocents);
      reserved = reserved > settlement.reservedMicrocents ? reserved - settlement.reservedMicrocents : 0n;
      spent += charged;
      return { spentMicrocents: spent, budgetMicrocents: budget, chargedMicrocents: charged };
    },
  };
}
