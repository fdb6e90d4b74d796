// Run body and answers (spec 4.3 with DECISIONS "Engagements"), and investigate-further (4.5).
import { PRIMITIVES } from '@auditsvc/core';
import { methodologyRecordSchema } from '@auditsvc/engine';
import { investigateFurtherRequestSchema, runRequestSchema } from '@auditsvc/services';
import { nullableTimestamp, timestamp } from './common';

/** The run body (packages/services/src/runs/options.ts, which types RunRequest from it). */
export const runBody = runRequestSchema;

export const runResponse = {
  type: 'object',
  properties: {
    ok: { const: true },
    engagement_id: { type: 'string' },
    status: { const: 'queued' },
  },
  required: ['ok', 'engagement_id', 'status'],
  additionalProperties: false,
} as const;

/** The investigate-further body (packages/services/src/runs/options.ts). */
export const investigateFurtherBody = investigateFurtherRequestSchema;

export const investigateFurtherResponse = {
  type: 'object',
  properties: {
    ok: { const: true },
    engagement_id: { type: 'string' },
    parent_finding_id: { type: 'string' },
    primitive: { type: 'string', enum: [...PRIMITIVES] },
    status: { const: 'queued' },
  },
  required: ['ok', 'engagement_id', 'parent_finding_id', 'primitive', 'status'],
  additionalProperties: false,
} as const;

/** The run object: one audit run or investigate-further mini-run, and how it read the corpus. */
export const runObject = {
  type: 'object',
  properties: {
    id: { type: 'string', pattern: '^run-' },
    engagement_id: { type: 'string' },
    kind: { type: 'string', enum: ['run', 'investigate_further'] },
    status: { type: 'string', enum: ['queued', 'running', 'completed', 'failed'] },
    parent_finding_id: {
      type: ['string', 'null'],
      description: 'The finding an investigate-further run looked into.',
    },
    created_at: timestamp,
    started_at: nullableTimestamp,
    completed_at: nullableTimestamp,
    failure_reason: { type: ['string', 'null'] },
    methodology: {
      description:
        'How the completed run read the corpus (see the README, "Run methodology"); null while it is queued or running, when it failed, and for runs completed before it was recorded.',
      anyOf: [methodologyRecordSchema, { type: 'null' }],
    },
  },
  required: [
    'id',
    'engagement_id',
    'kind',
    'status',
    'parent_finding_id',
    'created_at',
    'started_at',
    'completed_at',
    'failure_reason',
    'methodology',
  ],
  additionalProperties: false,
} as const;
