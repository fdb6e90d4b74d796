// The audit log's API shapes (spec 4.3, DECISIONS "Audit log and signed URLs").
import type { AuditLogContent, AuditLogFormat, SignedAuditLogUrl } from './types';

/** format=json: the events of every shard with the index's counts. */
export function presentAuditLogJson(content: AuditLogContent, events: unknown[]) {
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
) {
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
