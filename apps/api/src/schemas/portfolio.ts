// Portfolio clusters and their snapshot diff (spec 4.5, DECISIONS "Portfolio clusters").
import { portfolioResultSchema } from '@auditsvc/services';

const count = { type: 'integer', minimum: 0 } as const;
const nullableString = { type: ['string', 'null'] } as const;
const filterKey = { type: 'string', pattern: '^[0-9a-f]{16}$' } as const;

/** The queries (packages/services/src/portfolio/filters.ts, which types PortfolioQuery from them). */
export {
  portfolioDiffQuerySchema as portfolioDiffQuery,
  portfolioQuerySchema as portfolioQuery,
} from '@auditsvc/services';

/** The stored result (packages/services/src/portfolio/result.ts), or null before the first one. */
const result = { ...portfolioResultSchema, type: ['object', 'null'] } as const;

export const portfolioResponse = {
  type: 'object',
  properties: { filter_key: filterKey, cached: { type: 'boolean' }, result },
  required: ['filter_key', 'cached', 'result'],
  additionalProperties: false,
} as const;

export const portfolioDiffResponse = {
  type: 'object',
  properties: {
    filter_key: filterKey,
    has_current: { type: 'boolean' },
    has_previous: { type: 'boolean' },
    current_generated_at: { type: ['string', 'null'], format: 'date-time' },
    previous_generated_at: { type: ['string', 'null'], format: 'date-time' },
    summary: {
      type: 'object',
      properties: { added: count, removed: count, grew: count, shrank: count, unchanged: count },
      required: ['added', 'removed', 'grew', 'shrank', 'unchanged'],
      additionalProperties: false,
    },
    entries: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          change: { type: 'string', enum: ['added', 'removed', 'grew', 'shrank', 'unchanged'] },
          theme: { type: 'string' },
          current_cluster_id: nullableString,
          previous_cluster_id: nullableString,
          previous_size: count,
          current_size: count,
          member_overlap_pct: { type: 'number', minimum: 0, maximum: 100 },
        },
        required: [
          'change',
          'theme',
          'current_cluster_id',
          'previous_cluster_id',
          'previous_size',
          'current_size',
          'member_overlap_pct',
        ],
        additionalProperties: false,
      },
    },
  },
  required: [
    'filter_key',
    'has_current',
    'has_previous',
    'current_generated_at',
    'previous_generated_at',
    'summary',
    'entries',
  ],
  additionalProperties: false,
} as const;
