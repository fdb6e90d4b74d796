// Schemas of the audit-log endpoints (spec 4.3, DECISIONS "Audit log and signed URLs").
import { AUDIT_LOG_FORMATS, auditLogJsonSchema, signedAuditLogUrlSchema } from '@auditsvc/services';

export const auditLogQuery = {
  type: 'object',
  properties: {
    format: { type: 'string', enum: [...AUDIT_LOG_FORMATS], default: 'jsonl' },
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

/**
 * format=json answers the events; delivery=signed_url the link (format=jsonl streams NDJSON). Both
 * are the presenter's (packages/services/src/audit-log/presenter.ts, which types them).
 */
export const auditLogResponse = { oneOf: [auditLogJsonSchema, signedAuditLogUrlSchema] } as const;
