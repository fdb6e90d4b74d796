import { ARCHETYPES, timestamp } from './common';

/** The create and update bodies (packages/services/src/firms/fields.ts, which types FirmFields). */
export { firmCreateSchema as firmCreateBody, firmUpdateSchema as firmUpdateBody } from '@auditsvc/services';

export const firmObject = {
  type: 'object',
  properties: {
    id: { type: 'string', pattern: '^firm-' },
    display_name: { type: 'string' },
    short_name: { type: 'string' },
    tagline: { type: 'string' },
    logo_url: { type: 'string' },
    primary_color: { type: 'string' },
    accent_color: { type: 'string' },
    methodology_disclaimer: { type: 'string' },
    footer_text: { type: 'string' },
    confidentiality_notice: { type: 'string' },
    default_archetype: { type: 'string', enum: [...ARCHETYPES] },
    default_budget_cents: { type: 'integer' },
    created_at: timestamp,
    updated_at: timestamp,
  },
  required: [
    'id',
    'display_name',
    'short_name',
    'tagline',
    'logo_url',
    'primary_color',
    'accent_color',
    'methodology_disclaimer',
    'footer_text',
    'confidentiality_notice',
    'default_archetype',
    'default_budget_cents',
    'created_at',
    'updated_at',
  ],
  additionalProperties: false,
} as const;

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
