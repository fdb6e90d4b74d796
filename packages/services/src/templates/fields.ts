// An engagement template as a client creates, changes and instantiates it, defined once: the API
// validates the bodies with these schemas and the service's input types are inferred from them.
import { ARCHETYPES, intakeBodySchema } from '@auditsvc/core';
import type { FromSchema } from 'json-schema-to-ts';

const templateFields = {
  name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
  description: { type: 'string', maxLength: 5000 },
  archetype: { type: 'string', enum: [...ARCHETYPES] },
  budget_cents: { type: 'integer', minimum: 0, maximum: 100_000_000 },
  intake: intakeBodySchema,
} as const;

export const templateCreateSchema = {
  type: 'object',
  properties: {
    firm_id: { type: 'string', maxLength: 200 },
    from_engagement_id: { type: 'string', maxLength: 200 },
    ...templateFields,
  },
  required: ['name'],
  additionalProperties: false,
} as const;

export const templateUpdateSchema = {
  type: 'object',
  properties: templateFields,
  additionalProperties: false,
} as const;

export const instantiateTemplateSchema = {
  type: 'object',
  properties: {
    client_name: { type: 'string', minLength: 1, maxLength: 300, pattern: '\\S' },
    budget_cents: { type: 'integer', minimum: 0, maximum: 100_000_000 },
  },
  required: ['client_name'],
  additionalProperties: false,
} as const;

export type TemplateFields = FromSchema<typeof templateUpdateSchema>;
export type CreateTemplateInput = FromSchema<typeof templateCreateSchema>;
export type InstantiateTemplateInput = FromSchema<typeof instantiateTemplateSchema>;
