import type { RunRecord } from '@auditsvc/db';
import type { MethodologyRecord } from '@auditsvc/engine';
import { iso } from '../engagements/presenter';

/** The run object of GET engagement/{id}/runs: its state and, once completed, its methodology record. */
export function presentRun(run: RunRecord, methodology: MethodologyRecord | null) {
  return {
    id: run.id,
    engagement_id: run.engagementId,
    kind: run.kind,
    status: run.status,
    parent_finding_id: run.parentFindingId,
    created_at: run.createdAt.toISOString(),
    started_at: iso(run.startedAt),
    completed_at: iso(run.completedAt),
    failure_reason: run.failureReason,
    methodology,
  };
}

export type RunView = ReturnType<typeof presentRun>;
