// The audit log's shapes, shared by the service and its presenter (kept apart so neither imports
// the other).
export const AUDIT_LOG_FORMATS = ['jsonl', 'json'] as const;
export type AuditLogFormat = (typeof AUDIT_LOG_FORMATS)[number];

/** What a download serves: the shards' keys in order, and the index's totals. */
export interface AuditLogContent {
  engagementId: string;
  shardKeys: string[];
  shardCount: number;
  eventCount: number;
  sizeBytes: number;
}

export interface SignedAuditLogUrl {
  url: string;
  sizeBytes: number;
  expiresAt: Date;
}
