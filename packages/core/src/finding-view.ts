// The finding object of spec 2.5 with the members of DECISIONS, defined once: the API answers it
// (presentFinding in packages/services), a deliverable lists it (packages/deliverables), and the
// finding's JSON columns (evidence, merged ids, frameworks, the adversarial outcome) are read back
// through its parts. FindingView, its type, is inferred from it.
import type { FromSchema } from 'json-schema-to-ts';
import { stringListSchema as strings, timestampSchema } from './schema-parts';
import { FILTER_STATUSES, FINDING_STATUSES, SEVERITIES } from './vocabulary';

/** A finding's evidence: the quotes it rests on, each with whether it was found in the document. */
export const evidenceListSchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      document: { type: 'string' },
      chunk_id: { type: ['string', 'null'] },
      quote: { type: 'string' },
      quote_verified: { type: 'boolean' },
      page: { type: ['integer', 'null'] },
    },
    required: ['document', 'quote', 'quote_verified'],
  },
} as const;

/** What the adversarial verification concluded, or null where it did not run. */
export const adversarialSchema = {
  type: ['object', 'null'],
  properties: { stands: { type: 'boolean' }, recommendation: { type: 'string' }, caveats: {} },
} as const;

export const findingViewSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', pattern: '^f-' },
    engagement_id: { type: 'string' },
    status: { type: 'string', enum: [...FINDING_STATUSES] },
    severity: { type: 'string', enum: [...SEVERITIES] },
    title: { type: 'string' },
    description: { type: 'string' },
    root_cause: { type: 'string' },
    remediation_scope: { type: 'string' },
    remediation_effort_hours: { type: 'number' },
    auditor_notes: { type: 'string' },
    primitive: { type: 'string' },
    is_canonical: { type: 'boolean' },
    merged_finding_ids: strings,
    corroboration_score: { type: 'number', minimum: 0, maximum: 1 },
    filter_status: {
      type: ['string', 'null'],
      enum: [...FILTER_STATUSES, null],
    },
    filter_overridden_by: { type: ['string', 'null'] },
    confidence: { type: 'number', minimum: 0, maximum: 1 },
    evidence: evidenceListSchema,
    frameworks: strings,
    parent_finding_id: { type: ['string', 'null'] },
    iteration: { type: 'integer', minimum: 0 },
    adversarial: adversarialSchema,
    created_at: timestampSchema,
    updated_at: timestampSchema,
  },
  required: [
    'id',
    'engagement_id',
    'status',
    'severity',
    'title',
    'description',
    'root_cause',
    'remediation_scope',
    'remediation_effort_hours',
    'auditor_notes',
    'primitive',
    'is_canonical',
    'merged_finding_ids',
    'corroboration_score',
    'filter_status',
    'filter_overridden_by',
    'confidence',
    'evidence',
    'frameworks',
    'parent_finding_id',
    'iteration',
    'adversarial',
    'created_at',
    'updated_at',
  ],
  additionalProperties: false,
} as const;

export type FindingView = FromSchema<typeof findingViewSchema>;
export type EvidenceView = FindingView['evidence'][number];
