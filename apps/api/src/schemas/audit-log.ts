// Schemas of the audit-log endpoints (spec 4.3, DECISIONS "Audit log and signed URLs").

export const auditLogQuery = {
  type: 'object',
  properties: {
    format: { type: 'string', enum: ['jsonl', 'json'], default: 'jsonl' },
    delivery: { type: 'string', enum: ['stream', 'signed_url'], default: 'stream' },
    expires_in: { type: 'integer', minimum: 60, maximum: 3600, default: 900 },
  },
  additionalProperties: false,
} as const;

/**
 * The signed link's parameters. Deliberately loose (strings, none required): any defect of a
 * signed link answers 403 from the signature check, never 422.
 */
export const auditLogDownloadQuery = {
  type: 'object',
  // No types: a repeated or odd member must fail the signature check (403), never validation (422).
  properties: { format: {}, expires: {}, kid: {}, sig: {} },
  additionalProperties: false,
} as const;

const auditEvent = {
  type: 'object',
  description:
    'One llm_call event: event, model, provider, input_tokens, output_tokens, cost_cents, latency_ms, downshifted_from, budget_utilization, metadata {engagement_id, stage, step, question_id, prompt_version}, ts.',
} as const;

export const auditLogJson = {
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

export const auditLogSignedUrl = {
  type: 'object',
  properties: {
    signed_url: { type: ['string', 'null'] },
    size_bytes: { type: 'integer', minimum: 0 },
    event_count: { type: 'integer', minimum: 0 },
    shard_count: { type: 'integer', minimum: 0 },
    expires_in: { type: 'integer', minimum: 60, maximum: 3600 },
    expires_at: { type: ['string', 'null'], format: 'date-time' },
    format: { type: 'string', enum: ['jsonl', 'json'] },
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

/** format=json answers the events; delivery=signed_url the link. (format=jsonl streams NDJSON.) */
export const auditLogResponse = { oneOf: [auditLogJson, auditLogSignedUrl] } as const;
