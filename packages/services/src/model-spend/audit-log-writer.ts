// Appends the gateway's events to the engagement's audit log: JSONL shards of at most 1,000 events
// under DATA_DIR/audit-log/<engagement_id>/, indexed in audit_log_shards. Several worker processes
// may append at once: each event first claims its shard in the database (repos.auditLog), then
// its line is written with one O_APPEND write, which the kernel places at the file's end whole.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Repositories } from '@auditsvc/db';
import type { AuditEvent, AuditSink } from '@auditsvc/engine';

export const AUDIT_LOG_DIR = 'audit-log';
export const EVENTS_PER_SHARD = 1_000;

/** Engagement ids are generated (eng-<hex>); anything else never becomes a path. */
const SAFE_ID = /^[A-Za-z0-9_-]{1,128}$/;

export function assertSafeEngagementId(engagementId: string): void {
  if (!SAFE_ID.test(engagementId)) throw new Error('Refusing an unsafe engagement id for an audit-log path.');
}

/** DATA_DIR-relative path of a shard (POSIX separators, as stored in the index). */
export function shardRelativePath(engagementId: string, shardIndex: number): string {
  assertSafeEngagementId(engagementId);
  return `${AUDIT_LOG_DIR}/${engagementId}/shard-${String(shardIndex).padStart(5, '0')}.jsonl`;
}

async function appendWhole(file: string, line: Buffer): Promise<void> {
  const handle = await fs.open(file, 'a', 0o600);
  try {
    let offset = 0;
    while (offset < line.length) {
      const { bytesWritten } = await handle.write(line, offset, line.length - offset);
      offset += bytesWritten;
    }
  } finally {
    await handle.close();
  }
}

export function createAuditLogWriter(deps: {
  repos: Pick<Repositories, 'auditLog'>;
  dataDir: string;
  engagementId: string;
}): AuditSink {
  const { repos, dataDir, engagementId } = deps;
  assertSafeEngagementId(engagementId);
  const directory = path.join(dataDir, AUDIT_LOG_DIR, engagementId);
  let directoryReady: Promise<unknown> | null = null;
  return {
    async append(event: AuditEvent): Promise<void> {
      const line = Buffer.from(`${JSON.stringify(event)}\n`, 'utf8');
      directoryReady ??= fs.mkdir(directory, { recursive: true, mode: 0o700 });
      await directoryReady;
      const slot = await repos.auditLog.claimSlot(engagementId, line.length, EVENTS_PER_SHARD, (index) =>
        shardRelativePath(engagementId, index),
      );
      await appendWhole(path.join(dataDir, ...slot.relativePath.split('/')), line);
    },
  };
}
