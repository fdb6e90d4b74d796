// The members of a firm a client may set (spec 2.6 minus id), defined once: the API validates the
// create and update bodies with these schemas and the service's FirmFields is inferred from them.
import { ARCHETYPES } from '@auditsvc/core';
import type { FromSchema } from 'json-schema-to-ts';

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

export const firmCreateSchema = {
  type: 'object',
  properties: firmFields,
  required: ['display_name'],
  additionalProperties: false,
} as const;

export const firmUpdateSchema = {
  type: 'object',
  properties: firmFields,
  additionalProperties: false,
} as const;

/** Any of the members, as an update sends them. */
export type FirmFields = FromSchema<typeof firmUpdateSchema>;
