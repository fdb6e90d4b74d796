import { ARCHETYPES, timestamp } from './common';
import { intakeObject } from './engagement';

/** The create, update and instantiate bodies (packages/services/src/templates/fields.ts). */
export {
  instantiateTemplateSchema as instantiateBody,
  templateCreateSchema as templateCreateBody,
  templateUpdateSchema as templateUpdateBody,
} from '@auditsvc/services';

export const templateObject = {
  type: 'object',
  properties: {
    id: { type: 'string', pattern: '^tpl-' },
    firm_id: { type: 'string' },
    name: { type: 'string' },
    description: { type: 'string' },
    archetype: { type: 'string', enum: [...ARCHETYPES] },
    budget_cents: { type: 'integer' },
    intake: intakeObject,
    source_engagement_id: { type: ['string', 'null'] },
    created_at: timestamp,
    updated_at: timestamp,
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

export const commentObject = {
  type: 'object',
  properties: {
    id: { type: 'string', pattern: '^c-' },
    finding_id: { type: 'string' },
    engagement_id: { type: 'string' },
    author_user_id: { type: ['string', 'null'] },
    body: { type: 'string' },
    created_at: timestamp,
  },
  required: ['id', 'finding_id', 'engagement_id', 'author_user_id', 'body', 'created_at'],
  additionalProperties: false,
} as const;
