// Appends the gateway's events to the engagement's audit log: JSONL shards of at most 1,000 events
// at audit-log/<engagement_id>/ in the object store, indexed in audit_log_shards. Several worker
// processes may append at once: each event first claims its shard in the database
// (repos.auditLog), then its line is appended whole (ObjectStore.append: one O_APPEND write to the
// shard's file under DATA_DIR, or one object of its own under the shard's key on S3).
import type { Repositories } from '@auditsvc/db';
import type { AuditEvent, AuditSink } from '@auditsvc/engine/src/lean';
import type { ObjectStore } from '@auditsvc/storage';

export const AUDIT_LOG_DIR = 'audit-log';
export const EVENTS_PER_SHARD = 1_000;

/** Engagement ids are generated (eng-<hex>); anything else never becomes a path. */
const SAFE_ID = /^[A-Za-z0-9_-]{1,128}$/;

export function assertSafeEngagementId(engagementId: string): void {
  if (!SAFE_ID.test(engagementId)) throw new Error('Refusing an unsafe engagement id for an audit-log path.');
}

/** A shard's key in the store (its path relative to DATA_DIR, as stored in the index). */
export function shardRelativePath(engagementId: string, shardIndex: number): string {
  assertSafeEngagementId(engagementId);
  return `${AUDIT_LOG_DIR}/${engagementId}/shard-${String(shardIndex).padStart(5, '0')}.jsonl`;
}

export function createAuditLogWriter(deps: {
  repos: Pick<Repositories, 'auditLog'>;
  storage: ObjectStore;
  engagementId: string;
}): AuditSink {
  const { repos, storage, engagementId } = deps;
  assertSafeEngagementId(engagementId);
  return {
    async append(event: AuditEvent): Promise<void> {
      const line = Buffer.from(`${JSON.stringify(event)}\n`, 'utf8');
      const slot = await repos.auditLog.claimSlot(engagementId, line.length, EVENTS_PER_SHARD, (index) =>
        shardRelativePath(engagementId, index),
      );
      await storage.append(slot.relativePath, line);
    },
  };
}
