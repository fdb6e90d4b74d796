/** The create and update bodies (packages/services/src/firms/fields.ts, which types FirmFields). */
export { firmCreateSchema as firmCreateBody, firmUpdateSchema as firmUpdateBody } from '@auditsvc/services';

/** The firm object (packages/services/src/firms/presenter.ts: FirmView). */
export { firmViewSchema as firmObject } from '@auditsvc/services';

export const logoUploadResponse = {
  type: 'object',
  properties: {
    ok: { const: true },
    firm_id: { type: 'string' },
    logo_url: { type: 'string', pattern: '^data:image/(png|jpeg|webp|svg\\+xml);base64,' },
    size_bytes: { type: 'integer', minimum: 1 },
    content_type: { type: 'string', enum: ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] },
  },
  required: ['ok', 'firm_id', 'logo_url', 'size_bytes', 'content_type'],
  additionalProperties: false,
} as const;

export const logoDeleteResponse = {
  type: 'object',
  properties: { ok: { const: true }, logo_url: { const: '' } },
  required: ['ok', 'logo_url'],
  additionalProperties: false,
} as const;
