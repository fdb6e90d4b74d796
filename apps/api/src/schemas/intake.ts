// Intake extraction (spec 4.9).
import { ARCHETYPES } from '@auditsvc/core';

const strings = { type: 'array', items: { type: 'string' } } as const;

/** The extract body (packages/services/src/intake/service.ts, which types IntakeExtractRequest). */
export { intakeExtractRequestSchema as intakeExtractBody } from '@auditsvc/services';

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
