import {
  ARCHETYPES,
  CORPUS_STATUSES,
  intakeSchema,
  microcentsToCents,
  nullableTimestampSchema,
  readEnumColumn,
  readIntake,
  readJsonColumn,
  stringListSchema as stringList,
  timestampSchema,
} from '@auditsvc/core';
import type { CorpusStats, EngagementRecord, FindingsSummary } from '@auditsvc/db';
import { emptySummary } from '@auditsvc/db';
import type { FromSchema } from 'json-schema-to-ts';

const count = { type: 'integer', minimum: 0 } as const;
const moneyMap = { type: 'object', additionalProperties: { type: 'number' } } as const;

/** The corpus of an engagement as the API shows it (in the engagement, and after each corpus change). */
export const corpusViewSchema = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: [...CORPUS_STATUSES] },
    file_count: count,
    total_bytes: count,
    error: { type: ['string', 'null'] },
    warnings: {
      type: 'array',
      items: { type: 'string' },
      description:
        'What the last ingest capped or read poorly, "<file>: <note>" (a mailbox cut at 10,000 messages, a TIFF at 100 pages, a scan with no text).',
    },
  },
  required: ['status', 'file_count', 'total_bytes', 'error', 'warnings'],
  additionalProperties: false,
} as const;

/** Where a running engagement is (the run's progress events, throttled); null when none runs. */
const progressSchema = {
  type: ['object', 'null'],
  properties: {
    stage: { type: ['string', 'null'] },
    iteration: { type: ['integer', 'null'] },
    questions_done: { type: ['integer', 'null'] },
    questions_total: { type: ['integer', 'null'] },
  },
} as const;

/** The engagement object of spec 2.1 with DECISIONS (progress). */
export const engagementViewSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', pattern: '^eng-' },
    firm_id: { type: 'string' },
    client_id: { type: ['string', 'null'] },
    client_name: { type: 'string' },
    archetype: { type: 'string', enum: [...ARCHETYPES] },
    status: { type: 'string' },
    intake: intakeSchema,
    cost: {
      type: 'object',
      properties: {
        budget_cents: { type: 'number' },
        spent_cents: { type: 'number' },
        by_stage: moneyMap,
        by_model: moneyMap,
        last_updated_at: timestampSchema,
      },
      required: ['budget_cents', 'spent_cents', 'by_stage', 'by_model', 'last_updated_at'],
      additionalProperties: false,
    },
    findings: {
      type: 'object',
      properties: {
        total: count,
        pending: count,
        accepted: count,
        rejected: count,
        refined: count,
        by_severity: {
          type: 'object',
          properties: { critical: count, high: count, medium: count, low: count },
          required: ['critical', 'high', 'medium', 'low'],
          additionalProperties: false,
        },
      },
      required: ['total', 'pending', 'accepted', 'rejected', 'refined', 'by_severity'],
      additionalProperties: false,
    },
    is_running: { type: 'boolean' },
    is_frozen: { type: 'boolean' },
    assigned_user_id: { type: ['string', 'null'] },
    corpus: corpusViewSchema,
    progress: progressSchema,
    created_at: timestampSchema,
    updated_at: timestampSchema,
    started_at: nullableTimestampSchema,
    completed_at: nullableTimestampSchema,
    delivered_at: nullableTimestampSchema,
    failure_reason: { type: ['string', 'null'] },
  },
  required: [
    'id',
    'firm_id',
    'client_id',
    'client_name',
    'archetype',
    'status',
    'intake',
    'cost',
    'findings',
    'is_running',
    'is_frozen',
    'assigned_user_id',
    'corpus',
    'progress',
    'created_at',
    'updated_at',
    'started_at',
    'completed_at',
    'delivered_at',
    'failure_reason',
  ],
  additionalProperties: false,
} as const;

export type EngagementView = FromSchema<typeof engagementViewSchema>;
export type CorpusView = FromSchema<typeof corpusViewSchema>;

/** A stored map of micro-cents (by stage, by model) in cents. */
function centsMap(value: unknown, what: string): Record<string, number> {
  const out: Record<string, number> = {};
  const stored = value === null || value === undefined ? {} : readJsonColumn(moneyMap, value, what);
  for (const [key, amount] of Object.entries(stored)) out[key] = microcentsToCents(amount);
  return out;
}

/** A nullable timestamp as the API writes it. */
export const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The engagement object of spec 2.1 with DECISIONS (progress). */
export function presentEngagement(
  engagement: EngagementRecord,
  summary: FindingsSummary = emptySummary(),
  corpus: CorpusStats = { fileCount: 0, totalBytes: 0 },
): EngagementView {
  const what = (column: string) => `${column} of engagement ${engagement.id}`;
  return {
    id: engagement.id,
    firm_id: engagement.firmId,
    client_id: engagement.clientId,
    client_name: engagement.clientName,
    archetype: readEnumColumn(ARCHETYPES, engagement.archetype, what('archetype')),
    status: engagement.status,
    intake: readIntake(engagement.intake),
    cost: {
      budget_cents: engagement.budgetCents,
      spent_cents: microcentsToCents(engagement.spentMicrocents),
      by_stage: centsMap(engagement.costByStage, what('cost_by_stage')),
      by_model: centsMap(engagement.costByModel, what('cost_by_model')),
      last_updated_at: engagement.costUpdatedAt.toISOString(),
    },
    findings: summary,
    is_running: engagement.isRunning,
    is_frozen: engagement.isFrozen,
    assigned_user_id: engagement.assignedUserId,
    corpus: {
      status: readEnumColumn(CORPUS_STATUSES, engagement.corpusStatus, what('corpus_status')),
      file_count: corpus.fileCount,
      total_bytes: corpus.totalBytes,
      error: engagement.corpusError,
      warnings:
        engagement.corpusWarnings === null
          ? []
          : readJsonColumn(stringList, engagement.corpusWarnings, what('corpus_warnings')),
    },
    progress: readJsonColumn(progressSchema, engagement.progress ?? null, what('progress')),
    created_at: engagement.createdAt.toISOString(),
    updated_at: engagement.updatedAt.toISOString(),
    started_at: iso(engagement.startedAt),
    completed_at: iso(engagement.completedAt),
    delivered_at: iso(engagement.deliveredAt),
    failure_reason: engagement.failureReason,
  };
}
