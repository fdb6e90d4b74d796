// Reading an engagement's audit log (spec 4.3 GET .../audit-log, DECISIONS "Audit log and signed
// URLs"): the shard files in order as one JSONL download, the parsed events as JSON, or a signed
// URL that downloads either without a credential until it expires. Events are written by the model
// gateway (@auditsvc/engine createAuditLogWriter); the shard index says which shards exist. The
// shards are read from the object store, so any API process serves any engagement's log, and a
// signed URL is served by the API (which streams from the store), never pre-signed by the store.
import type { Readable } from 'node:stream';
import { Caller, NotFoundError, assertFirmVisible } from '@auditsvc/core';
import type { AuditLogShardRecord, Repositories } from '@auditsvc/db';
import { ObjectStore, readAll } from '@auditsvc/storage';
import { AuditEvent, presentAuditLogJson } from './presenter';
import type { UrlSigner } from './signing';
import type { AuditLogContent, AuditLogFormat, SignedAuditLogUrl } from './types';

export {
  AUDIT_LOG_FORMATS,
  type AuditLogContent,
  type AuditLogFormat,
  type SignedAuditLogUrl,
} from './types';

/** A line that is a JSON object: what the writer appends (anything else is foreign). */
const isAuditEvent = (value: unknown): value is AuditEvent =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface AuditLogDeps {
  repos: Pick<Repositories, 'engagements' | 'auditLog'>;
  storage: ObjectStore;
  publicBaseUrl: string;
  signer: UrlSigner;
  now: () => Date;
}

export const downloadPath = (engagementId: string) =>
  `/auditsvc/engagement/${engagementId}/audit-log/download`;

export function createAuditLogService(deps: AuditLogDeps) {
  const { repos, storage, signer } = deps;

  /** A shard's key, only if its indexed path is the writer's layout for this engagement. */
  function shardKey(engagementId: string, shard: AuditLogShardRecord): string | null {
    const expected = /^audit-log\/([A-Za-z0-9_-]{1,128})\/shard-\d{5}\.jsonl$/.exec(shard.relativePath);
    return expected && expected[1] === engagementId ? shard.relativePath : null;
  }

  async function contentOf(engagementId: string): Promise<AuditLogContent> {
    const shards = await repos.auditLog.listShards(engagementId);
    const shardKeys = shards
      .map((shard) => shardKey(engagementId, shard))
      .filter((key): key is string => key !== null);
    return {
      engagementId,
      shardKeys,
      shardCount: shards.length,
      eventCount: shards.reduce((sum, shard) => sum + shard.eventCount, 0),
      sizeBytes: shards.reduce((sum, shard) => sum + shard.sizeBytes, 0),
    };
  }

  /** A shard's lines as stored (empty for a shard whose bytes are gone). */
  function readShard(key: string): Promise<Readable> {
    return storage.readAppended(key);
  }

  /** The events of every shard, in order; a torn or foreign line is skipped, not fatal. */
  async function readEvents(content: AuditLogContent): Promise<AuditEvent[]> {
    const events: AuditEvent[] = [];
    for (const key of content.shardKeys) {
      const text = (await readAll(await readShard(key))).toString('utf8');
      for (const line of text.split('\n')) {
        if (line.trim() === '') continue;
        try {
          const event: unknown = JSON.parse(line);
          if (isAuditEvent(event)) events.push(event);
        } catch {
          // A line cut by a crash mid-append.
        }
      }
    }
    return events;
  }

  return {
    readShard,
    readEvents,

    /** The engagement's log for a caller who may see it (another firm's: 404). */
    async forCaller(caller: Caller, engagementId: string): Promise<AuditLogContent> {
      const engagement = await repos.engagements.findById(engagementId);
      if (!engagement) throw new NotFoundError('Engagement');
      assertFirmVisible(caller, engagement.firmId, 'Engagement');
      return contentOf(engagement.id);
    },

    /**
     * A URL that downloads the log in `format` without a credential until `expiresIn` seconds from
     * now, with the download's size; null for an empty log (nothing to download).
     */
    async signedUrl(
      content: AuditLogContent,
      format: AuditLogFormat,
      expiresIn: number,
    ): Promise<SignedAuditLogUrl | null> {
      if (content.eventCount === 0) return null;
      const expires = Math.floor(deps.now().getTime() / 1000) + expiresIn;
      const urlPath = downloadPath(content.engagementId);
      const sig = signer.sign({
        method: 'GET',
        path: urlPath,
        engagementId: content.engagementId,
        format,
        expires,
      });
      const query = new URLSearchParams({ format, expires: String(expires), kid: signer.keyId, sig });
      const sizeBytes =
        format === 'jsonl'
          ? content.sizeBytes
          : Buffer.byteLength(JSON.stringify(presentAuditLogJson(content, await readEvents(content))));
      return {
        url: `${deps.publicBaseUrl}${urlPath}?${query.toString()}`,
        sizeBytes,
        expiresAt: new Date(expires * 1000),
      };
    },

    /** The log behind a signed URL; ForbiddenError for any defect (altered, expired, other key). */
    async forSignedUrl(
      engagementId: string,
      query: { format?: unknown; expires?: unknown; kid?: unknown; sig?: unknown },
    ): Promise<{ content: AuditLogContent; format: AuditLogFormat }> {
      const text = (value: unknown) => (typeof value === 'string' ? value : '');
      signer.verify(
        {
          method: 'GET',
          path: downloadPath(engagementId),
          engagementId,
          format: text(query.format),
          expires: text(query.expires),
          kid: text(query.kid),
          sig: text(query.sig),
        },
        deps.now(),
      );
      const engagement = await repos.engagements.findById(engagementId);
      if (!engagement) throw new NotFoundError('Engagement');
      // Signed formats are always ones the service issued.
      return { content: await contentOf(engagement.id), format: query.format as AuditLogFormat };
    },
  };
}

export type AuditLogService = ReturnType<typeof createAuditLogService>;
