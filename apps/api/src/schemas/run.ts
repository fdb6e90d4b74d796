// Run body and answers (spec 4.3 with DECISIONS "Engagements"), and investigate-further (4.5).
import { PRIMITIVES } from '@auditsvc/core';
import { investigateFurtherRequestSchema, runRequestSchema } from '@auditsvc/services';

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

/** The run object (packages/services/src/runs/presenter.ts: RunView). */
export { runViewSchema as runObject } from '@auditsvc/services';
