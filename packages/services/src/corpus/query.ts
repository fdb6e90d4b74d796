// POST /query (DECISIONS "Document query"): BM25 retrieval over one client's ingested corpus. A
// client id is the id of the engagement whose corpus it is, so tenancy follows that engagement.
import type { Caller } from '@auditsvc/core';
import type { FromSchema } from 'json-schema-to-ts';
import type { Repositories } from '@auditsvc/db';
import type { EngagementService } from '../engagements/service';

/** POST /query: the client (an engagement id), the text, and how many results (default 8). */
export const documentQuerySchema = {
  type: 'object',
  properties: {
    client_id: { type: 'string', minLength: 1, maxLength: 200 },
    query: { type: 'string', minLength: 1, maxLength: 2000 },
    top_k: { type: 'integer', minimum: 1, maximum: 50, default: 8 },
  },
  required: ['client_id', 'query'],
  additionalProperties: false,
} as const;
export type DocumentQuery = FromSchema<typeof documentQuerySchema>;

export function createDocumentQueryService(deps: {
  repos: Pick<Repositories, 'chunkSearch'>;
  engagements: Pick<EngagementService, 'requireVisible'>;
}) {
  return {
    async query(caller: Caller, input: DocumentQuery) {
      // Another firm's client answers 404, exactly like a client id that does not exist.
      await deps.engagements.requireVisible(caller, input.client_id);
      const hits = await deps.repos.chunkSearch.search(input.client_id, input.query, input.top_k);
      const results = hits.map((hit) => ({
        document: hit.document,
        chunk_id: hit.id,
        text: hit.text,
        score: Math.round(hit.score * 1e6) / 1e6,
        page: hit.page,
      }));
      return { client_id: input.client_id, query: input.query, results, count: results.length };
    },
  };
}

export type DocumentQueryService = ReturnType<typeof createDocumentQueryService>;
