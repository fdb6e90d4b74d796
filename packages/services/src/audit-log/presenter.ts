// The audit log's API shapes (spec 4.3, DECISIONS "Audit log and signed URLs").
import type { FromSchema } from 'json-schema-to-ts';
import {
  AUDIT_LOG_FORMATS,
  type AuditLogContent,
  type AuditLogFormat,
  type SignedAuditLogUrl,
} from './types';

const auditEvent = {
  type: 'object',
  description:
    'One llm_call event: event, model, provider, input_tokens, output_tokens, cost_cents, latency_ms, downshifted_from, budget_utilization, metadata {engagement_id, stage, step, question_id, prompt_version}, ts.',
} as const;

/** format=json: the events of every shard with the index's counts. */
export const auditLogJsonSchema = {
  type: 'object',
  properties: {
    engagement_id: { type: 'string' },
    shard_count: { type: 'integer', minimum: 0 },
    event_count: { type: 'integer', minimum: 0 },
    events: { type: 'array', items: auditEvent },
  },
  required: ['engagement_id', 'shard_count', 'event_count', 'events'],
  additionalProperties: false,
} as const;

/** delivery=signed_url; an empty log has no link (`signed_url: null, empty: true`). */
export const signedAuditLogUrlSchema = {
  type: 'object',
  properties: {
    signed_url: { type: ['string', 'null'] },
    size_bytes: { type: 'integer', minimum: 0 },
    event_count: { type: 'integer', minimum: 0 },
    shard_count: { type: 'integer', minimum: 0 },
    expires_in: { type: 'integer', minimum: 60, maximum: 3600 },
    expires_at: { type: ['string', 'null'], format: 'date-time' },
    format: { type: 'string', enum: [...AUDIT_LOG_FORMATS] },
    engagement_id: { type: 'string' },
    empty: { type: 'boolean' },
  },
  required: [
    'signed_url',
    'size_bytes',
    'event_count',
    'shard_count',
    'expires_in',
    'expires_at',
    'format',
    'engagement_id',
    'empty',
  ],
  additionalProperties: false,
} as const;

export type AuditLogJson = FromSchema<typeof auditLogJsonSchema>;
export type SignedAuditLogUrlView = FromSchema<typeof signedAuditLogUrlSchema>;
/** One event of the log, as the model gateway appended it. */
export type AuditEvent = AuditLogJson['events'][number];

/** format=json: the events of every shard with the index's counts. */
export function presentAuditLogJson(content: AuditLogContent, events: AuditEvent[]): AuditLogJson {
  return {
    engagement_id: content.engagementId,
    shard_count: content.shardCount,
    event_count: events.length,
    events,
  };
}

/** delivery=signed_url; an empty log has no link (`signed_url: null, empty: true`). */
export function presentSignedAuditLogUrl(
  content: AuditLogContent,
  format: AuditLogFormat,
  expiresIn: number,
  link: SignedAuditLogUrl | null,
): SignedAuditLogUrlView {
  return {
    signed_url: link?.url ?? null,
    size_bytes: link?.sizeBytes ?? 0,
    event_count: content.eventCount,
    shard_count: content.shardCount,
    expires_in: expiresIn,
    expires_at: link ? link.expiresAt.toISOString() : null,
    format,
    engagement_id: content.engagementId,
    empty: link === null,
  };
}
