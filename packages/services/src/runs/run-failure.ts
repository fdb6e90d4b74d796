// Ending a run as failed: its job used up its attempts or stalled too often (the worker), or the
// queue sweep found it stuck (queue-sweep/sweep.ts, in the worker and the API). Only a run that is
// still queued or running is failed, and the engagement only while it waits for it. A failed full
// run fails the engagement; a failed investigate-further mini-run is recorded on its own Run row,
// and the engagement gets back the state its last run left (its findings were never touched: a
// mini-run only adds findings, in the transaction that completes it).
import type { Repositories, RunRecord } from '@auditsvc/db';
import { RUN_ACTIVE_STATUSES, SQL_NULL } from '@auditsvc/db';
import type { ProgressPublisher } from '@auditsvc/jobs';
import type { Logger } from '@auditsvc/runtime';

export interface RunFailureDeps {
  repos: Pick<Repositories, 'runs' | 'spend' | 'transaction'>;
  progress: ProgressPublisher;
  logger: Logger;
  now: () => Date;
}

/** The engagement's state as the run that last settled it left it (none: a fresh review). */
function stateBeforeMiniRun(previous: RunRecord | null) {
  const failed = previous?.status === 'failed';
  return {
    status: failed ? 'failed' : 'findings_review',
    failureReason: failed ? previous.failureReason : null,
    startedAt: previous?.startedAt ?? null,
    completedAt: previous?.completedAt ?? null,
  };
}

export function createRunFailure(deps: RunFailureDeps) {
  const { repos, progress, logger, now } = deps;
  return {
    async fail(runId: string, reason: string): Promise<void> {
      const run = await repos.runs.findRun(runId);
      if (!run) return;
      const failed = await repos.transaction(async (tx) => {
        const runs = tx.runs;
        const applied = await runs.updateRunIfStatus(runId, RUN_ACTIVE_STATUSES, {
          status: 'failed',
          failureReason: reason,
          completedAt: now(),
        });
        if (!applied) return false;
        const engagement =
          run.kind === 'run'
            ? { status: 'failed', failureReason: reason, completedAt: now() }
            : stateBeforeMiniRun(await runs.lastSettlingRun(run.engagementId, runId));
        return runs.updateEngagementIfActive(run.engagementId, {
          ...engagement,
          isRunning: false,
          progress: SQL_NULL,
        });
      });
      await repos.spend.clearReservations(run.engagementId);
      if (!failed) return;
      logger.warn('run_failed', { engagement_id: run.engagementId, run_id: runId, kind: run.kind, reason });
      await progress.publish(run.engagementId, 'run', {
        type: 'run_failed',
        engagement_id: run.engagementId,
        run_id: runId,
        kind: run.kind,
        error: reason,
      });
    },
  };
}

export type RunFailure = ReturnType<typeof createRunFailure>;
