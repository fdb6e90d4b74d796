// The filters of a portfolio clustering and their cache key. Non-admin callers are confined to
// their own firm before anything else happens, so the key of a partner's request names the
// partner's firm whatever firm_id was sent.
import { createHash } from 'node:crypto';
import { Caller, PRIMITIVES, SEVERITIES, firmScope } from '@auditsvc/core';
import type { PortfolioFilters } from '@auditsvc/jobs';
import type { FromSchema } from 'json-schema-to-ts';

const firmId = { type: 'string', maxLength: 200 } as const;
const primitive = { type: 'string', enum: [...PRIMITIVES] } as const;

/** The query of GET portfolio-clusters and of its recompute. */
export const portfolioQuerySchema = {
  type: 'object',
  properties: {
    firm_id: firmId,
    primitive,
    severity: { type: 'string', enum: [...SEVERITIES] },
    canonical_only: { type: 'boolean', default: true },
  },
  additionalProperties: false,
} as const;

/** The query of GET portfolio-clusters/diff: the filters a snapshot is kept under, less severity. */
export const portfolioDiffQuerySchema = {
  type: 'object',
  properties: { firm_id: firmId, primitive },
  additionalProperties: false,
} as const;

/** Other callers (the worker's job) may leave out what the schema defaults. */
export type PortfolioQuery = FromSchema<
  typeof portfolioQuerySchema,
  { keepDefaultedPropertiesOptional: true }
>;
export type PortfolioDiffQuery = FromSchema<typeof portfolioDiffQuerySchema>;

/** The filters once confined to the caller's firm, as the recompute job carries them. */
export type { PortfolioFilters } from '@auditsvc/jobs';

export function normaliseFilters(caller: Caller, query: PortfolioQuery): PortfolioFilters {
  return {
    firm_id: firmScope(caller) ?? (query.firm_id || null),
    primitive: query.primitive || null,
    severity: query.severity || null,
    canonical_only: query.canonical_only ?? true,
  };
}

/** First 16 hex characters of SHA-256 over the normalised filters, in a fixed member order. */
export function filterKey(filters: PortfolioFilters): string {
  const canonical = JSON.stringify([
    filters.firm_id,
    filters.primitive,
    filters.severity,
    filters.canonical_only,
  ]);
  return createHash('sha256').update(canonical).digest('hex').slice(0, 16);
}
