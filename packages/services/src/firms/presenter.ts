import { ARCHETYPES, readEnumColumn, timestampSchema } from '@auditsvc/core';
import type { FirmRecord } from '@auditsvc/db';
import type { FromSchema } from 'json-schema-to-ts';

/** The firm object of spec 2.6. */
export const firmViewSchema = {
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
    created_at: timestampSchema,
    updated_at: timestampSchema,
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

export type FirmView = FromSchema<typeof firmViewSchema>;

/** The firm object of spec 2.6. */
export function presentFirm(firm: FirmRecord): FirmView {
  return {
    id: firm.id,
    display_name: firm.displayName,
    short_name: firm.shortName,
    tagline: firm.tagline,
    logo_url: firm.logoUrl,
    primary_color: firm.primaryColor,
    accent_color: firm.accentColor,
    methodology_disclaimer: firm.methodologyDisclaimer,
    footer_text: firm.footerText,
    confidentiality_notice: firm.confidentialityNotice,
    default_archetype: readEnumColumn(
      ARCHETYPES,
      firm.defaultArchetype,
      `default_archetype of firm ${firm.id}`,
    ),
    default_budget_cents: firm.defaultBudgetCents,
    created_at: firm.createdAt.toISOString(),
    updated_at: firm.updatedAt.toISOString(),
  };
}
