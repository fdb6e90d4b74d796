// The methodology record: what a finished run keeps of itself (the Run row's `methodology`
// column, the run object of the API) so that its methodology can be written later, when the
// deliverable is built. One JSON Schema types the record and checks a stored one when it is read.
import Ajv, { type JSONSchemaType } from 'ajv';
import type { ProviderName } from './gateway/types';
import type { HaltReason, RunMethodology } from './pipeline/context';
import type { RunResult } from './pipeline/run';

export interface MethodologyRecord extends RunMethodology {
  /** The provider that served the run (`local`: the built-in analyst); null when the gateway did not say. */
  provider: ProviderName | null;
  document_count: number;
  iterations: number;
  model_calls: number;
  converged: boolean;
  aborted: HaltReason | null;
}

const count = { type: 'integer', minimum: 0 } as const;
// A nullable enum is spelt as anyOf (ajv's types reject `nullable` beside `enum`).
const nothing = { type: 'null', nullable: true } as const;

export const methodologyRecordSchema = {
  type: 'object',
  properties: {
    provider: {
      description: 'The model provider that served the run; local is the built-in analyst.',
      anyOf: [{ type: 'string', enum: ['local', 'openai', 'anthropic'] }, nothing],
    },
    document_count: { ...count, description: 'Documents of the corpus the run examined.' },
    iterations: { ...count, description: 'Iterations the run took.' },
    model_calls: { ...count, description: 'Model calls the run made.' },
    converged: { type: 'boolean', description: 'The run stopped because an iteration added no new finding.' },
    aborted: {
      description: 'Why the run stopped early (budget or cancelled), else null.',
      anyOf: [{ type: 'string', enum: ['budget', 'cancelled'] }, nothing],
    },
    quotes_rejected: {
      ...count,
      description:
        'Proposed findings (discovery proposals or verdict findings) dropped because none of their quotes is in the document they cite.',
    },
    quotes_removed: {
      ...count,
      description: 'Single quotes dropped because the cited document does not contain them.',
    },
    discovery: {
      description:
        'Model-led discovery (remote providers); null when the built-in checks alone proposed targets.',
      anyOf: [
        {
          type: 'object',
          properties: {
            passes: {
              ...count,
              description: 'Discovery passes made (each a model call over related documents).',
            },
            failed_passes: { ...count, description: 'Passes whose call failed (they proposed nothing).' },
            proposals: {
              ...count,
              description: 'Targets the model proposed with at least one verified quote.',
            },
            documents_unread: {
              type: 'array',
              items: { type: 'string' },
              description: 'Documents the pass cap or the budget left (partly) unread.',
            },
          },
          required: ['passes', 'failed_passes', 'proposals', 'documents_unread'],
          additionalProperties: false,
        },
        nothing,
      ],
    },
  },
  required: [
    'provider',
    'document_count',
    'iterations',
    'model_calls',
    'converged',
    'aborted',
    'quotes_rejected',
    'quotes_removed',
    'discovery',
  ],
  additionalProperties: false,
} as const satisfies JSONSchemaType<MethodologyRecord>;

// removeAdditional: members a newer version added are dropped rather than failing the record,
// so the record read is exactly this shape.
const validate = new Ajv({ allErrors: false, removeAdditional: true }).compile(methodologyRecordSchema);

/** The record of a finished run, from its result. */
export function methodologyRecordOf(result: RunResult): MethodologyRecord {
  return {
    provider: result.provider,
    document_count: result.documentCount,
    iterations: result.iterations,
    model_calls: result.modelCalls,
    converged: result.converged,
    aborted: result.aborted,
    ...result.methodology,
  };
}

/** A stored record, checked; throws an Error naming the first fault when it does not fit. */
export function readMethodologyRecord(stored: unknown): MethodologyRecord {
  const record: unknown = structuredClone(stored);
  if (validate(record)) return record;
  const fault = validate.errors?.[0];
  throw new Error(
    `the methodology record does not fit its schema: ${fault?.instancePath || '/'} ${fault?.message ?? ''}`.trim(),
  );
}
