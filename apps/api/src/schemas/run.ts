// Run body and answers (spec 4.3 with DECISIONS "Engagements"), and investigate-further (4.5).
import { PRIMITIVES, SEVERITIES } from '@auditsvc/core';
import { methodologyRecordSchema } from '@auditsvc/engine';
import { nullableTimestamp, timestamp } from './common';

export const runBody = {
  type: 'object',
  properties: {
    client_id: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      description:
        'The ingested corpus to audit (its engagement id); default: the corpus bound to the engagement.',
    },
    max_iterations: { type: 'integer', minimum: 1, maximum: 10, default: 3 },
    max_followup_rounds: { type: 'integer', minimum: 0, maximum: 5, default: 2 },
    enable_adversarial_verification: { type: 'boolean', default: true },
    adversarial_severity_threshold: {
      type: 'string',
      enum: [...SEVERITIES],
      default: 'medium',
      description: 'Findings of this severity and above are challenged.',
    },
    max_questions_per_iteration: {
      type: ['integer', 'null'],
      minimum: 1,
      maximum: 1000,
      default: null,
      description: 'Caps the investigate stage to the top-N priority-sorted questions; null: no cap.',
    },
  },
  additionalProperties: false,
} as const;

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

export const investigateFurtherBody = {
  type: 'object',
  properties: {
    steering_text: {
      type: 'string',
      minLength: 1,
      maxLength: 4000,
      description: "What to look into; default: the finding's description.",
    },
    primitive: { type: 'string', enum: [...PRIMITIVES], description: "Default: the finding's primitive." },
    budget_cents: {
      type: 'integer',
      minimum: 1,
      maximum: 100000,
      description: "The mini-run's own spend cap (default 200), never more than the engagement has left.",
    },
    max_questions: { type: 'integer', minimum: 1, maximum: 1000, default: 10 },
  },
  additionalProperties: false,
} as const;

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
