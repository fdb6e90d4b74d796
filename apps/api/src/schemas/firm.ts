import { ARCHETYPES, timestamp } from './common';

const hexColour = { type: 'string', pattern: '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$' } as const;

/** Members a client may set (spec 2.6 minus id). logo_url set here must be empty or http(s). */
const firmFields = {
  display_name: { type: 'string', minLength: 1, maxLength: 200 },
  short_name: { type: 'string', maxLength: 50 },
  tagline: { type: 'string', maxLength: 300 },
  logo_url: { type: 'string', maxLength: 2048, pattern: '^(|https?://[^\\s"\'<>]+)$' },
  primary_color: hexColour,
  accent_color: hexColour,
  methodology_disclaimer: { type: 'string', maxLength: 10000 },
  footer_text: { type: 'string', maxLength: 1000 },
  confidentiality_notice: { type: 'string', maxLength: 5000 },
  default_archetype: { type: 'string', enum: [...ARCHETYPES] },
  default_budget_cents: { type: 'integer', minimum: 0, maximum: 100_000_000 },
} as const;

export const firmCreateBody = {
  type: 'object',
  properties: firmFields,
  required: ['display_name'],
  additionalProperties: false,
} as const;

export const firmUpdateBody = {
  type: 'object',
  properties: firmFields,
  additionalProperties: false,
} as const;

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
