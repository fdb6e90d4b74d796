// The filters of a portfolio clustering and their cache key. Non-admin callers are confined to
// their own firm before anything else happens, so the key of a partner's request names the
// partner's firm whatever firm_id was sent.
import { createHash } from 'node:crypto';
import { Caller, firmScope } from '@auditsvc/core';

export interface PortfolioQuery {
  firm_id?: string;
  primitive?: string;
  severity?: string;
  canonical_only?: boolean;
}

export interface PortfolioFilters {
  firm_id: string | null;
  primitive: string | null;
  severity: string | null;
  canonical_only: boolean;
}

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
