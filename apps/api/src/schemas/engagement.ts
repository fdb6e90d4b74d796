import { intakeBodySchema, intakeSchema } from '@auditsvc/core';
import { createEngagementSchema, engagementViewSchema } from '@auditsvc/services';
import { timestamp } from './common';

/** The intake object of spec 2.2 (packages/core/src/intake.ts): as posted, and as stored. */
export const intakeBody = intakeBodySchema;
export const intakeObject = intakeSchema;

/** The engagement object (packages/services/src/engagements/presenter.ts: EngagementView). */
export const engagementObject = engagementViewSchema;

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
} as const;

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
