// Intake extraction (spec 4.9).
import { ARCHETYPES } from '@auditsvc/core';

const strings = { type: 'array', items: { type: 'string' } } as const;

export const intakeExtractBody = {
  type: 'object',
  properties: {
    description: { type: 'string', minLength: 30, maxLength: 20000 },
    client_name: { type: 'string', maxLength: 200 },
    firm_id: { type: 'string', minLength: 1, maxLength: 200 },
  },
  required: ['description'],
  additionalProperties: false,
} as const;

export const intakeExtractResponse = {
  type: 'object',
  properties: {
    domain: { type: 'string' },
    audit_purpose: { type: 'string' },
    frameworks: strings,
    focus_areas: strings,
    known_concerns: strings,
    suggested_archetype: { type: 'string', enum: [...ARCHETYPES] },
    suggested_client_name: { type: 'string' },
    cost_cents: { type: 'number', minimum: 0, maximum: 20 },
  },
  required: [
    'domain',
    'audit_purpose',
    'frameworks',
    'focus_areas',
    'known_concerns',
    'suggested_archetype',
    'suggested_client_name',
    'cost_cents',
  ],
  additionalProperties: false,
} as const;
