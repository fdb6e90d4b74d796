// Words that name a third party an organisation deals with, one definition for the checks that
// ask whether a rule binds such a party (flow-down to contracts, conflicts with a contract's terms).

/**
 * Who works for the organisation under contract: a vendor, provider, supplier, (sub)contractor,
 * processor, business associate, or operator (POPIA's word for a processor).
 */
export const THIRD_PARTY =
  /\b(vendors?|providers?|suppliers?|sub-?contractors?|sub-?contracted|third[- ]part(?:y|ies)|business associates?|contractors?|processors?|(?:sub-)?operators?)\b/i;
