import {
  RUN_KINDS,
  RUN_STATUSES,
  nullableTimestampSchema,
  readEnumColumn,
  timestampSchema,
} from '@auditsvc/core';
import type { RunRecord } from '@auditsvc/db';
import { type MethodologyRecord, methodologyRecordSchema } from '@auditsvc/engine/src/lean';
import type { FromSchema } from 'json-schema-to-ts';
import { iso } from '../engagements/presenter';

/** The run object: one audit run or investigate-further mini-run, and how it read the corpus. */
export const runViewSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', pattern: '^run-' },
    engagement_id: { type: 'string' },
    kind: { type: 'string', enum: [...RUN_KINDS] },
    status: { type: 'string', enum: [...RUN_STATUSES] },
    parent_finding_id: {
      type: ['string', 'null'],
      description: 'The finding an investigate-further run looked into.',
    },
    created_at: timestampSchema,
    started_at: nullableTimestampSchema,
    completed_at: nullableTimestampSchema,
    failure_reason: { type: ['string', 'null'] },
    methodology: {
      description:
        'How the completed run read the corpus (see the README, "Run methodology"); null while it is queued or running, when it failed, and for runs completed before it was recorded.',
      anyOf: [methodologyRecordSchema, { type: 'null' }],
    },
  },
  required: [
    'id',
    'engagement_id',
    'kind',
    'status',
    'parent_finding_id',
    'created_at',
    'started_at',
    'completed_at',
    'failure_reason',
    'methodology',
  ],
  additionalProperties: false,
} as const;

export type RunView = FromSchema<typeof runViewSchema>;

/** The run object of GET engagement/{id}/runs: its state and, once completed, its methodology record. */
export function presentRun(run: RunRecord, methodology: MethodologyRecord | null): RunView {
  return {
    id: run.id,
    engagement_id: run.engagementId,
    kind: readEnumColumn(RUN_KINDS, run.kind, `kind of run ${run.id}`),
    status: readEnumColumn(RUN_STATUSES, run.status, `status of run ${run.id}`),
    parent_finding_id: run.parentFindingId,
    created_at: run.createdAt.toISOString(),
    started_at: iso(run.startedAt),
    completed_at: iso(run.completedAt),
    failure_reason: run.failureReason,
    methodology,
  };
}
