import { ARCHETYPES, intakeSchema, readEnumColumn, readIntake, timestampSchema } from '@auditsvc/core';
import type { TemplateRecord } from '@auditsvc/db';
import type { FromSchema } from 'json-schema-to-ts';

/** The template object (spec 4.7): a firm's reusable intake, archetype and budget. */
export const templateViewSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', pattern: '^tpl-' },
    firm_id: { type: 'string' },
    name: { type: 'string' },
    description: { type: 'string' },
    archetype: { type: 'string', enum: [...ARCHETYPES] },
    budget_cents: { type: 'integer' },
    intake: intakeSchema,
    source_engagement_id: { type: ['string', 'null'] },
    created_at: timestampSchema,
    updated_at: timestampSchema,
  },
  required: [
    'id',
    'firm_id',
    'name',
    'description',
    'archetype',
    'budget_cents',
    'intake',
    'source_engagement_id',
    'created_at',
    'updated_at',
  ],
  additionalProperties: false,
} as const;

export type TemplateView = FromSchema<typeof templateViewSchema>;

export function presentTemplate(template: TemplateRecord): TemplateView {
  return {
    id: template.id,
    firm_id: template.firmId,
    name: template.name,
    description: template.description,
    archetype: readEnumColumn(ARCHETYPES, template.archetype, `archetype of template ${template.id}`),
    budget_cents: template.budgetCents,
    intake: readIntake(template.intake),
    source_engagement_id: template.sourceEngagementId,
    created_at: template.createdAt.toISOString(),
    updated_at: template.updatedAt.toISOString(),
  };
}
