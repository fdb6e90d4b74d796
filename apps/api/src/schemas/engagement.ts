import { intakeBodySchema, intakeSchema } from '@auditsvc/core';
import { createEngagementSchema } from '@auditsvc/services';
import { ARCHETYPES, nullableTimestamp, timestamp } from './common';
import { corpusObject } from './corpus';

/** The intake object of spec 2.2 (packages/core/src/intake.ts): as posted, and as stored. */
export const intakeBody = intakeBodySchema;
export const intakeObject = intakeSchema;

const count = { type: 'integer', minimum: 0 } as const;
const moneyMap = { type: 'object', additionalProperties: { type: 'number' } } as const;

export const engagementObject = {
  type: 'object',
  properties: {
    id: { type: 'string', pattern: '^eng-' },
    firm_id: { type: 'string' },
    client_id: { type: ['string', 'null'] },
    client_name: { type: 'string' },
    archetype: { type: 'string', enum: [...ARCHETYPES] },
    status: { type: 'string' },
    intake: intakeObject,
    cost: {
      type: 'object',
      properties: {
        budget_cents: { type: 'number' },
        spent_cents: { type: 'number' },
        by_stage: moneyMap,
        by_model: moneyMap,
        last_updated_at: timestamp,
      },
      required: ['budget_cents', 'spent_cents', 'by_stage', 'by_model', 'last_updated_at'],
      additionalProperties: false,
    },
    findings: {
      type: 'object',
      properties: {
        total: count,
        pending: count,
        accepted: count,
        rejected: count,
        refined: count,
        by_severity: {
          type: 'object',
          properties: { critical: count, high: count, medium: count, low: count },
          required: ['critical', 'high', 'medium', 'low'],
          additionalProperties: false,
        },
      },
      required: ['total', 'pending', 'accepted', 'rejected', 'refined', 'by_severity'],
      additionalProperties: false,
    },
    is_running: { type: 'boolean' },
    is_frozen: { type: 'boolean' },
    assigned_user_id: { type: ['string', 'null'] },
    corpus: corpusObject,
    progress: {
      type: ['object', 'null'],
      properties: {
        stage: { type: ['string', 'null'] },
        iteration: { type: ['integer', 'null'] },
        questions_done: { type: ['integer', 'null'] },
        questions_total: { type: ['integer', 'null'] },
      },
    },
    created_at: timestamp,
    updated_at: timestamp,
    started_at: nullableTimestamp,
    completed_at: nullableTimestamp,
    delivered_at: nullableTimestamp,
    failure_reason: { type: ['string', 'null'] },
  },
  required: [
    'id',
    'firm_id',
    'client_id',
    'client_name',
    'archetype',
    'status',
    'intake',
    'cost',
    'findings',
    'is_running',
    'is_frozen',
    'assigned_user_id',
    'corpus',
    'progress',
    'created_at',
    'updated_at',
    'started_at',
    'completed_at',
    'delivered_at',
    'failure_reason',
  ],
  additionalProperties: false,
} as const;

/** The create body (packages/services/src/engagements/service.ts: CreateEngagementInput). */
export const engagementCreateBody = createEngagementSchema;

export const assignmentBody = {
  type: 'object',
  properties: { user_id: { type: ['string', 'null'], maxLength: 200 } },
  required: ['user_id'],
  additionalProperties: false,
} as const;

const lifecycleBase = {
  ok: { const: true },
  engagement_id: { type: 'string' },
  status: { type: 'string' },
};

export const deliverResponse = {
  type: 'object',
  properties: {
    ...lifecycleBase,
    is_frozen: { const: true },
    delivered_at: timestamp,
    already_delivered: { type: 'boolean' },
  },
  required: ['ok', 'engagement_id', 'status', 'is_frozen', 'delivered_at', 'already_delivered'],
  additionalProperties: false,
} as const;

export const unfreezeResponse = {
  type: 'object',
  properties: { ...lifecycleBase, is_frozen: { const: false } },
  required: ['ok', 'engagement_id', 'status', 'is_frozen'],
  additionalProperties: false,
} as const;

export const archiveResponse = {
  type: 'object',
  properties: { ...lifecycleBase, already_archived: { type: 'boolean' } },
  required: ['ok', 'engagement_id', 'status', 'already_archived'],
  additionalProperties: false,
} as const;

export const unarchiveResponse = {
  type: 'object',
  properties: { ...lifecycleBase, was_archived: { type: 'boolean' } },
  required: ['ok', 'engagement_id', 'status', 'was_archived'],
  additionalProperties: false,
} as const;
