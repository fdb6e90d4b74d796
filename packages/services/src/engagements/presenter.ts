import { microcentsToCents, readIntake } from '@auditsvc/core';
import type { CorpusStats, EngagementRecord, FindingsSummary } from '@auditsvc/db';
import { emptySummary } from '@auditsvc/db';

function centsMap(value: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, amount] of Object.entries((value ?? {}) as Record<string, number>))
    out[key] = microcentsToCents(amount);
  return out;
}

/** A nullable timestamp as the API writes it. */
export const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The engagement object of spec 2.1 with DECISIONS (progress). */
export function presentEngagement(
  engagement: EngagementRecord,
  summary: FindingsSummary = emptySummary(),
  corpus: CorpusStats = { fileCount: 0, totalBytes: 0 },
) {
  return {
    id: engagement.id,
    firm_id: engagement.firmId,
    client_id: engagement.clientId,
    client_name: engagement.clientName,
    archetype: engagement.archetype,
    status: engagement.status,
    intake: readIntake(engagement.intake),
    cost: {
      budget_cents: engagement.budgetCents,
      spent_cents: microcentsToCents(engagement.spentMicrocents),
      by_stage: centsMap(engagement.costByStage),
      by_model: centsMap(engagement.costByModel),
      last_updated_at: engagement.costUpdatedAt.toISOString(),
    },
    findings: summary,
    is_running: engagement.isRunning,
    is_frozen: engagement.isFrozen,
    assigned_user_id: engagement.assignedUserId,
    corpus: {
      status: engagement.corpusStatus,
      file_count: corpus.fileCount,
      total_bytes: corpus.totalBytes,
      error: engagement.corpusError,
      warnings: (engagement.corpusWarnings as string[] | null) ?? [],
    },
    progress: (engagement.progress as Record<string, unknown> | null) ?? null,
    created_at: engagement.createdAt.toISOString(),
    updated_at: engagement.updatedAt.toISOString(),
    started_at: iso(engagement.startedAt),
    completed_at: iso(engagement.completedAt),
    delivered_at: iso(engagement.deliveredAt),
    failure_reason: engagement.failureReason,
  };
}

export type EngagementView = ReturnType<typeof presentEngagement>;
