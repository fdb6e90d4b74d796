// Money in one place. Model calls cost fractions of a cent, so spend is stored and summed in
// micro-cents (integers, exact however many calls are added); the API, budgets and prices speak
// cents. Every conversion between the two goes through this module, and so does the SQL that
// compares a budget in cents with spend in micro-cents (MICROCENTS_PER_CENT is the only factor).

/** Micro-cents in one cent: the stored unit is a millionth of the shown one. */
export const MICROCENTS_PER_CENT = 1_000_000n;

/** Cents (the shown unit, possibly fractional) as whole micro-cents, rounded to the nearest. */
export function centsToMicrocents(cents: number): bigint {
  return BigInt(Math.round(cents * Number(MICROCENTS_PER_CENT)));
}

/** Micro-cents (a stored amount: a bigint column or a number in a JSON map) as cents. */
export function microcentsToCents(microcents: bigint | number): number {
  return Number(microcents) / Number(MICROCENTS_PER_CENT);
}

/** A whole-cent budget (the stored budget column) as micro-cents, exactly. */
export function budgetMicrocents(budgetCents: number | bigint): bigint {
  return BigInt(budgetCents) * MICROCENTS_PER_CENT;
}
