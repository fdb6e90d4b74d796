import { corpusViewSchema } from '@auditsvc/services';

const count = { type: 'integer', minimum: 0 } as const;

/** The corpus object (packages/services/src/engagements/presenter.ts: CorpusView). */
export const corpusObject = corpusViewSchema;

export const uploadResponse = {
  type: 'object',
  properties: {
    ok: { const: true },
    engagement_id: { type: 'string' },
    filename: { type: 'string' },
    size_bytes: count,
    content_type: { type: 'string' },
    corpus: corpusObject,
  },
  required: ['ok', 'engagement_id', 'filename', 'size_bytes', 'content_type', 'corpus'],
  additionalProperties: false,
} as const;

export const fileDeleteResponse = {
  type: 'object',
  properties: {
    ok: { const: true },
    engagement_id: { type: 'string' },
    filename: { type: 'string' },
    corpus: corpusObject,
  },
  required: ['ok', 'engagement_id', 'filename', 'corpus'],
  additionalProperties: false,
} as const;

export const ingestResponse = {
  type: 'object',
  properties: {
    ok: { const: true },
    engagement_id: { type: 'string' },
    status: { const: 'ingesting' },
    corpus: corpusObject,
  },
  required: ['ok', 'engagement_id', 'status', 'corpus'],
  additionalProperties: false,
} as const;

export const fileParams = {
  type: 'object',
  properties: {
    engagement_id: { type: 'string', minLength: 1, maxLength: 200 },
    filename: { type: 'string', minLength: 1, maxLength: 255 },
  },
  required: ['engagement_id', 'filename'],
  additionalProperties: false,
} as const;

/** The query body (packages/services/src/corpus/query.ts, which types DocumentQuery). */
export { documentQuerySchema as documentQueryBody } from '@auditsvc/services';

export const documentQueryResponse = {
  type: 'object',
  properties: {
    client_id: { type: 'string' },
    query: { type: 'string' },
    results: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          document: { type: 'string' },
          chunk_id: { type: 'string' },
          text: { type: 'string' },
          score: { type: 'number' },
          page: { type: ['integer', 'null'] },
        },
        required: ['document', 'chunk_id', 'text', 'score', 'page'],
        additionalProperties: false,
      },
    },
    count: count,
  },
  required: ['client_id', 'query', 'results', 'count'],
  additionalProperties: false,
} as const;
