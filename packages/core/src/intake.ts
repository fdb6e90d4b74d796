// The intake object of spec 2.2, defined once: these JSON Schemas validate requests (ajv), are
// published in the OpenAPI document, check the column when it is read back (readJsonColumn) and,
// through FromSchema, are the TypeScript types every package imports.
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { readJsonColumn } from './json-column';

const textList = { type: 'array', items: { type: 'string', maxLength: 500 }, maxItems: 100 } as const;

/** The intake as posted: every member optional (the service fills in defaults), lengths capped. */
export const intakeBodySchema = {
  type: 'object',
  properties: {
    domain: { type: 'string', maxLength: 500 },
    audit_purpose: { type: 'string', maxLength: 2000 },
    frameworks: textList,
    focus_areas: textList,
    materiality: {},
    doc_hierarchy: { type: 'object' },
    known_concerns: textList,
  },
  additionalProperties: false,
} as const satisfies JSONSchema;

/** The intake as stored and answered: every member present. */
export const intakeSchema = {
  type: 'object',
  properties: {
    domain: { type: 'string' },
    audit_purpose: { type: 'string' },
    frameworks: { type: 'array', items: { type: 'string' } },
    focus_areas: { type: 'array', items: { type: 'string' } },
    materiality: {},
    doc_hierarchy: { type: 'object' },
    known_concerns: { type: 'array', items: { type: 'string' } },
  },
  required: [
    'domain',
    'audit_purpose',
    'frameworks',
    'focus_areas',
    'materiality',
    'doc_hierarchy',
    'known_concerns',
  ],
  additionalProperties: false,
} as const satisfies JSONSchema;

export type IntakeBody = FromSchema<typeof intakeBodySchema>;
export type Intake = FromSchema<typeof intakeSchema>;

/** An intake posted with some members gets the rest filled in, so every stored intake is whole. */
export function normalizeIntake(input: IntakeBody | null | undefined): Intake {
  return {
    domain: input?.domain ?? '',
    audit_purpose: input?.audit_purpose ?? '',
    frameworks: input?.frameworks ?? [],
    focus_areas: input?.focus_areas ?? [],
    materiality: input?.materiality ?? null,
    doc_hierarchy: input?.doc_hierarchy ?? {},
    known_concerns: input?.known_concerns ?? [],
  };
}

/** A stored intake column: null (none set yet) as the default intake, else checked by its schema. */
export function readIntake(value: unknown): Intake {
  if (value === null || value === undefined) return normalizeIntake(null);
  return readJsonColumn(intakeSchema, value, 'intake');
}
