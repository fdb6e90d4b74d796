import { ARCHETYPES, timestamp } from './common';
import { intakeBody, intakeObject } from './engagement';

const templateFields = {
  name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
  description: { type: 'string', maxLength: 5000 },
  archetype: { type: 'string', enum: [...ARCHETYPES] },
  budget_cents: { type: 'integer', minimum: 0, maximum: 100_000_000 },
  intake: intakeBody,
} as const;

export const templateCreateBody = {
  type: 'object',
  properties: {
    firm_id: { type: 'string', maxLength: 200 },
    from_engagement_id: { type: 'string', maxLength: 200 },
    ...templateFields,
  },
  required: ['name'],
  additionalProperties: false,
} as const;

export const templateUpdateBody = {
  type: 'object',
  properties: templateFields,
  additionalProperties: false,
} as const;

export const instantiateBody = {
  type: 'object',
  properties: {
    client_name: { type: 'string', minLength: 1, maxLength: 300, pattern: '\\S' },
    budget_cents: { type: 'integer', minimum: 0, maximum: 100_000_000 },
  },
  required: ['client_name'],
  additionalProperties: false,
} as const;

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
