// The deliverable (spec 4.3), defined once: the JSON format is this schema's object, which the
// API publishes and checks, the stored polished copy is read back through it, and its TypeScript
// types (DeliverableContent and its parts, in types.ts) are inferred from it. The findings it
// lists are the API's finding objects (packages/core/src/finding-view.ts).
import {
  ARCHETYPES,
  findingViewSchema,
  intakeSchema,
  nullableTimestampSchema,
  timestampSchema,
} from '@auditsvc/core';
import { SEVERITY_ORDER } from './vocabulary';

const count = { type: 'integer', minimum: 0 } as const;
const text = { type: 'string' } as const;
const colour = { type: 'string', pattern: '^#[0-9a-f]{6}$' } as const;

export const brandingSchema = {
  type: 'object',
  description: "The firm's branding as rendered; a deleted firm gives firm_id null and the defaults.",
  properties: {
    firm_id: { type: ['string', 'null'] },
    is_default: { type: 'boolean' },
    display_name: text,
    short_name: text,
    tagline: text,
    logo_url: text,
    primary_color: colour,
    accent_color: colour,
    methodology_disclaimer: text,
    footer_text: text,
    confidentiality_notice: text,
  },
  required: [
    'firm_id',
    'is_default',
    'display_name',
    'short_name',
    'tagline',
    'logo_url',
    'primary_color',
    'accent_color',
    'methodology_disclaimer',
    'footer_text',
    'confidentiality_notice',
  ],
  additionalProperties: false,
} as const;

export const methodologySchema = {
  type: 'object',
  properties: {
    overview: text,
    procedure: {
      type: ['string', 'null'],
      description:
        "How the engagement's last completed run read the corpus (local analyst or model discovery, " +
        'passes, documents left unread, quotes rejected and removed); null when no run recorded it. ' +
        'Absent from a polished copy stored before it was introduced.',
    },
    checks: {
      type: 'array',
      items: {
        type: 'object',
        properties: { primitive: text, name: text, description: text, finding_count: count },
        required: ['primitive', 'name', 'description', 'finding_count'],
        additionalProperties: false,
      },
    },
    evidence: text,
    review: text,
    severity_scale: {
      type: 'array',
      items: {
        type: 'object',
        properties: { severity: { type: 'string', enum: [...SEVERITY_ORDER] }, meaning: text },
        required: ['severity', 'meaning'],
        additionalProperties: false,
      },
    },
    disclaimer: text,
  },
  required: ['overview', 'checks', 'evidence', 'review', 'severity_scale', 'disclaimer'],
  additionalProperties: false,
} as const;

export const deliverableSummarySchema = {
  type: 'object',
  description: 'Counts over the reported findings (canonical, not rejected), and over those left out.',
  properties: {
    total: count,
    by_severity: {
      type: 'object',
      properties: { critical: count, high: count, medium: count, low: count },
      required: ['critical', 'high', 'medium', 'low'],
      additionalProperties: false,
    },
    by_status: {
      type: 'object',
      properties: { pending: count, accepted: count, refined: count },
      required: ['pending', 'accepted', 'refined'],
      additionalProperties: false,
    },
    by_primitive: { type: 'object', additionalProperties: count },
    remediation_effort_hours: { type: 'number', minimum: 0 },
    documents_cited: count,
    excluded: {
      type: 'object',
      properties: { rejected: count, filter_rejected: count },
      required: ['rejected', 'filter_rejected'],
      additionalProperties: false,
    },
  },
  required: [
    'total',
    'by_severity',
    'by_status',
    'by_primitive',
    'remediation_effort_hours',
    'documents_cited',
    'excluded',
  ],
  additionalProperties: false,
} as const;

export const deliverableContentSchema = {
  type: 'object',
  description: 'format=json: the structured deliverable.',
  properties: {
    engagement: {
      type: 'object',
      properties: {
        id: { type: 'string', pattern: '^eng-' },
        firm_id: text,
        client_name: text,
        archetype: { type: 'string', enum: [...ARCHETYPES] },
        status: text,
        created_at: timestampSchema,
        delivered_at: nullableTimestampSchema,
        intake: intakeSchema,
      },
      required: [
        'id',
        'firm_id',
        'client_name',
        'archetype',
        'status',
        'created_at',
        'delivered_at',
        'intake',
      ],
      additionalProperties: false,
    },
    firm: brandingSchema,
    executive_summary: text,
    is_polished: { type: 'boolean' },
    methodology: methodologySchema,
    summary: deliverableSummarySchema,
    findings: { type: 'array', items: findingViewSchema },
    generated_at: timestampSchema,
  },
  required: [
    'engagement',
    'firm',
    'executive_summary',
    'is_polished',
    'methodology',
    'summary',
    'findings',
    'generated_at',
  ],
  additionalProperties: false,
} as const;

export const markdownDeliverableSchema = {
  type: 'object',
  description: 'format=markdown.',
  properties: { markdown: text },
  required: ['markdown'],
  additionalProperties: false,
} as const;

export const methodologyDeliverableSchema = {
  type: 'object',
  description: 'format=methodology: plain text.',
  properties: { text },
  required: ['text'],
  additionalProperties: false,
} as const;

/**
 * The JSON answers. format=docx answers the Word file as an attachment and format=html a
 * print-optimised page under a strict Content-Security-Policy; the handler writes those itself.
 */
export const deliverableResponseSchema = {
  description:
    'json, markdown and methodology answer JSON; docx answers ' +
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document with Content-Disposition ' +
    'attachment; html answers text/html with a Content-Security-Policy header.',
  oneOf: [deliverableContentSchema, markdownDeliverableSchema, methodologyDeliverableSchema],
} as const;
