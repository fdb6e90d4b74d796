const count = { type: 'integer', minimum: 0 } as const;

export const corpusObject = {
  type: 'object',
  properties: {
    status: {
      type: 'string',
      enum: ['empty', 'uploading', 'uploaded', 'ingesting', 'ingested', 'ingest_failed'],
    },
    file_count: count,
    total_bytes: count,
    error: { type: ['string', 'null'] },
    warnings: {
      type: 'array',
      items: { type: 'string' },
      description:
        'What the last ingest capped or read poorly, "<file>: <note>" (a mailbox cut at 10,000 messages, a TIFF at 100 pages, a scan with no text).',
    },
  },
  required: ['status', 'file_count', 'total_bytes', 'error', 'warnings'],
  additionalProperties: false,
} as const;

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
