// A portfolio result, defined once: answered by GET /auditsvc/portfolio/clusters (the API's schema
// wraps this one as nullable), stored in a snapshot's result column and read back through it.
import { portfolioClusterSchema } from '@auditsvc/engine/src/lean';
import { readJsonColumn } from '@auditsvc/core';
import type { FromSchema } from 'json-schema-to-ts';

const strings = { type: 'array', items: { type: 'string' } } as const;
const count = { type: 'integer', minimum: 0 } as const;
const nullableString = { type: ['string', 'null'] } as const;

export const portfolioResultSchema = {
  type: 'object',
  properties: {
    generated_at: { type: 'string', format: 'date-time' },
    filters: {
      type: 'object',
      properties: {
        firm_id: nullableString,
        primitive: nullableString,
        severity: nullableString,
        canonical_only: { type: 'boolean' },
        max_findings: count,
        findings_capped: { type: 'boolean' },
        excluded_statuses: strings,
      },
      required: ['firm_id', 'primitive', 'severity', 'canonical_only', 'max_findings'],
    },
    total_findings_considered: count,
    total_engagements_scanned: count,
    cost_cents: { type: 'number', minimum: 0 },
    succeeded: { type: 'boolean' },
    clusters: { type: 'array', items: portfolioClusterSchema, maxItems: 8 },
  },
  required: [
    'generated_at',
    'filters',
    'total_findings_considered',
    'total_engagements_scanned',
    'cost_cents',
    'succeeded',
    'clusters',
  ],
  additionalProperties: false,
} as const;

export type PortfolioResult = FromSchema<typeof portfolioResultSchema>;

/** A snapshot's stored result, checked by its schema. */
export function readPortfolioResult(stored: unknown, snapshotId: string): PortfolioResult {
  return readJsonColumn(portfolioResultSchema, stored, `portfolio result ${snapshotId}`);
}
