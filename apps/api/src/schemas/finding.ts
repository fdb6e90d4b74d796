import { FINDING_STATUSES as STATUSES, findingViewSchema } from '@auditsvc/core';
import { findingEditSchema } from '@auditsvc/services';

/** The finding object (packages/core/src/finding-view.ts, which types FindingView from it). */
export const findingObject = findingViewSchema;

export const engagementIdParam = { type: 'string', minLength: 1, maxLength: 200 } as const;

/** ?engagement_id=..., required on single-finding paths (spec 4.5). */
export const engagementIdQuery = {
  type: 'object',
  properties: { engagement_id: engagementIdParam },
  required: ['engagement_id'],
  additionalProperties: false,
} as const;

const notes = { type: 'string', maxLength: 20000 } as const;

export const notesBody = {
  type: 'object',
  properties: { auditor_notes: notes },
  additionalProperties: false,
} as const;

export const refineBody = {
  type: 'object',
  properties: { auditor_notes: notes, status: { type: 'string', enum: [...STATUSES], default: 'refined' } },
  additionalProperties: false,
} as const;

/** The edit body (packages/services/src/findings/review.ts, which types FindingEdit from it). */
export const editBody = findingEditSchema;

export const bulkActionBody = {
  type: 'object',
  properties: {
    finding_ids: {
      type: 'array',
      items: { type: 'string', minLength: 1, maxLength: 200 },
      minItems: 1,
      maxItems: 200,
    },
    action: { type: 'string', enum: ['accepted', 'rejected', 'refined'] },
    auditor_notes: notes,
  },
  required: ['finding_ids', 'action'],
  additionalProperties: false,
} as const;

export const bulkActionResponse = {
  type: 'object',
  properties: {
    ok: { const: true },
    engagement_id: { type: 'string' },
    action: { type: 'string' },
    total: { type: 'integer' },
    succeeded: { type: 'integer' },
    failed: { type: 'integer' },
    results: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          ok: { type: 'boolean' },
          status: { type: 'string' },
          error: { type: 'string' },
        },
        required: ['id', 'ok'],
        additionalProperties: false,
      },
    },
  },
  required: ['ok', 'engagement_id', 'action', 'total', 'succeeded', 'failed', 'results'],
  additionalProperties: false,
} as const;

/** The search query (packages/services/src/findings/search.ts, which types SearchQuery). */
export { findingSearchQuerySchema as searchQuery } from '@auditsvc/services';

export const searchResponse = {
  type: 'object',
  properties: {
    query: { type: 'string' },
    filters: {
      type: 'object',
      properties: {
        primitive: { type: ['string', 'null'] },
        severity: { type: ['string', 'null'] },
        status: { type: ['string', 'null'] },
        firm_id: { type: ['string', 'null'] },
        canonical_only: { type: 'boolean' },
      },
      required: ['primitive', 'severity', 'status', 'firm_id', 'canonical_only'],
      additionalProperties: false,
    },
    matches: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          engagement_id: { type: 'string' },
          engagement_client_name: { type: 'string' },
          firm_id: { type: 'string' },
          finding: findingObject,
        },
        required: ['engagement_id', 'engagement_client_name', 'firm_id', 'finding'],
        additionalProperties: false,
      },
    },
    count: { type: 'integer' },
    total: { type: 'integer' },
    total_relation: { type: 'string', enum: ['eq', 'gte'] },
    limit: { type: 'integer' },
    offset: { type: 'integer' },
  },
  required: ['query', 'filters', 'matches', 'count', 'total', 'total_relation', 'limit', 'offset'],
  additionalProperties: false,
} as const;
