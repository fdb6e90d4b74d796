// GET .../audit-log (Any): the engagement's model-call log as an NDJSON download, as JSON, or as a
// signed URL; GET .../audit-log/download: that URL, which needs no credential.
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import {
  AuditLogContent,
  AuditLogService,
  presentAuditLogJson,
  presentSignedAuditLogUrl,
} from '@auditsvc/services';
import { defineRoute } from '../http/route';
import { auditLogDownloadQuery, auditLogQuery, auditLogResponse } from '../schemas/audit-log';
import { pathParams } from '../schemas/common';

function downloadHeaders(res: Response, content: AuditLogContent, extension: string, type: string): void {
  const name = `audit-log-${content.engagementId.replace(/[^A-Za-z0-9_-]/g, '_')}.${extension}`;
  res.status(200);
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
  res.setHeader('Cache-Control', 'no-store');
}

/** The shards one after another, streamed from the store: a large log is never held in memory. */
async function sendJsonl(res: Response, auditLog: AuditLogService, content: AuditLogContent): Promise<void> {
  downloadHeaders(res, content, 'jsonl', 'application/x-ndjson; charset=utf-8');
  for (const key of content.shardKeys) await pipeline(await auditLog.readShard(key), res, { end: false });
  res.end();
}

export const auditLogRoutes = [
  defineRoute({
    method: 'get',
    path: '/auditsvc/engagement/:engagement_id/audit-log',
    operationId: 'getAuditLog',
    summary:
      'The audit log of model calls: format jsonl (NDJSON attachment, default) or json; delivery=signed_url answers a link that needs no credential until it expires.',
    tag: 'engagements',
    auth: 'any',
    params: pathParams('engagement_id'),
    query: auditLogQuery,
    response: auditLogResponse,
    errors: [404, 422],
    handler: async ({ caller, params, query, services, res }) => {
      const content = await services.auditLog.forCaller(caller, params.engagement_id);
      if (query.delivery === 'signed_url') {
        res.setHeader('Cache-Control', 'no-store');
        const link = await services.auditLog.signedUrl(content, query.format, query.expires_in);
        return presentSignedAuditLogUrl(content, query.format, query.expires_in, link);
      }
      if (query.format === 'json')
        return presentAuditLogJson(content, await services.auditLog.readEvents(content));
      await sendJsonl(res, services.auditLog, content);
      return undefined;
    },
  }),
  defineRoute({
    method: 'get',
    path: '/auditsvc/engagement/:engagement_id/audit-log/download',
    operationId: 'downloadAuditLog',
    summary: 'Download the audit log through a signed URL (no credential; 403 when altered or expired).',
    tag: 'engagements',
    auth: 'none',
    params: pathParams('engagement_id'),
    query: auditLogDownloadQuery,
    response: {
      contentType: 'application/x-ndjson',
      description: 'The log as NDJSON, or as JSON for format=json.',
    },
    errors: [403, 404, 422],
    handler: async ({ params, query, services, res }) => {
      const { content, format } = await services.auditLog.forSignedUrl(params.engagement_id, query);
      if (format === 'jsonl') {
        await sendJsonl(res, services.auditLog, content);
        return undefined;
      }
      const document = presentAuditLogJson(content, await services.auditLog.readEvents(content));
      downloadHeaders(res, content, 'json', 'application/json; charset=utf-8');
      res.send(JSON.stringify(document));
      return undefined;
    },
  }),
];
