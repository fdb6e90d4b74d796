// The queue sweep: work the database says is queued or running but that no queue holds. A Redis
// restarted without its data (the default Redis runs with neither snapshots nor an append-only
// file) loses every job, and a run whose enqueue failed while the database was down too keeps
// its `queued` record with no job behind it. Without the sweep such work stays queued or running
// forever. For each run still queued or running, and each corpus still ingesting:
// - its job is waiting, delayed or running, or a live worker holds its lease (job-leases.ts): fine;
// - no job at all: it is queued again, under the run's own job id (so that a sweep racing the
//   API's enqueue, or another sweep, adds nothing twice), or for an ingest under an id made of
//   the engagement and the moment its ingest started;
// - its job ended (failed, or completed) but the record still says active, on two sweeps in a row
//   (the failure hook of a job that just failed gets that long to record it): the run fails with
//   a reason. An ended ingest job is simply queued again: an ingest starts over from its files.
// The sweep changes only what it finds stuck and is safe to run in several processes at once; the
// callers still hold a lock around it (sweep-lock.ts), so that one process does the work.
import { REDIS_CALL_TIMEOUT_MS } from '@auditsvc/jobs';
import type { JobProducer, QueueName } from '@auditsvc/jobs';
import type { Repositories, RunRecord } from '@auditsvc/db';
import type { Logger } from '@auditsvc/runtime';

export interface QueueSweepDeps {
  repos: {
    runs: Pick<Repositories['runs'], 'listActiveRuns'>;
    engagements: Pick<Repositories['engagements'], 'listIngesting'>;
  };
  queues: Pick<JobProducer, 'enqueue' | 'jobState' | 'pendingSubjects'>;
  /** Whether a live worker holds the lease of the job working on `subject` (job-leases.ts). */
  isLeased(queue: QueueName, subject: string): Promise<boolean>;
  failRun(runId: string, reason: string): Promise<void>;
  logger: Logger;
  now: () => Date;
}

export interface SweepReport {
  requeued: { queue: QueueName; subject: string }[];
  failed: { queue: QueueName; subject: string }[];
  /** Ingests that started too recently to judge: the API may be putting their job on the queue. */
  deferred: number;
}

/** Job states in which the job will still run, or runs now. */
const PENDING = new Set([
  'waiting',
  'active',
  'delayed',
  'prioritized',
  'paused',
  'waiting-children',
  'wait',
]);

/**
 * How long after an ingest starts the sweep leaves it alone: the API sets `ingesting` first and
 * then enqueues, for at most one Redis call's time limit (or undoes the status).
 */
export const INGEST_SWEEP_GRACE_MS = 2 * REDIS_CALL_TIMEOUT_MS;

export const RUN_JOB_LOST_REASON =
  'The run stopped: its job ended without recording an outcome (the queue or the database was unavailable); start it again.';

function runQueue(run: RunRecord): QueueName {
  return run.kind === 'run' ? 'run' : 'investigate-further';
}

export function runJobId(run: Pick<RunRecord, 'id' | 'kind'>): string {
  return run.kind === 'run' ? `run-${run.id}` : `investigate-${run.id}`;
}

export function createQueueSweep(deps: QueueSweepDeps) {
  const { repos, queues, logger } = deps;
  /** Runs whose job had ended while the run was still active, at the previous sweep. */
  let endedBefore = new Set<string>();

  async function sweepRuns(report: SweepReport): Promise<void> {
    const endedNow = new Set<string>();
    for (const run of await repos.runs.listActiveRuns()) {
      const queue = runQueue(run);
      const jobId = run.jobId ?? runJobId(run);
      const state = await queues.jobState(queue, jobId);
      if (PENDING.has(state) || (await deps.isLeased(queue, run.id))) continue;
      if (state === 'unknown' && (queue === 'run' || run.parentFindingId !== null)) {
        const payload = { engagementId: run.engagementId, runId: run.id };
        if (queue === 'run') await queues.enqueue('run', payload, jobId);
        else await queues.enqueue(queue, { ...payload, parentFindingId: run.parentFindingId! }, jobId);
        report.requeued.push({ queue, subject: run.id });
        continue;
      }
      // Ended (or a mini-run that cannot be queued again): fail it once it is seen twice.
      if (state !== 'unknown' && !endedBefore.has(run.id)) {
        endedNow.add(run.id);
        continue;
      }
      await deps.failRun(run.id, RUN_JOB_LOST_REASON);
      report.failed.push({ queue, subject: run.id });
    }
    endedBefore = endedNow;
  }

  async function sweepIngests(report: SweepReport): Promise<void> {
    const ingesting = await repos.engagements.listIngesting();
    if (ingesting.length === 0) return;
    const pending = await queues.pendingSubjects('ingest');
    const settled = deps.now().getTime() - INGEST_SWEEP_GRACE_MS;
    for (const { id, updatedAt } of ingesting) {
      if (pending.has(id) || (await deps.isLeased('ingest', id))) continue;
      if (updatedAt.getTime() > settled) {
        report.deferred += 1;
        continue;
      }
      await queues.enqueue('ingest', { engagementId: id }, `ingest-${id}-swept-${updatedAt.getTime()}`);
      report.requeued.push({ queue: 'ingest', subject: id });
    }
  }

  return {
    async sweep(): Promise<SweepReport> {
      const report: SweepReport = { requeued: [], failed: [], deferred: 0 };
      await sweepRuns(report);
      await sweepIngests(report);
      if (report.requeued.length > 0 || report.failed.length > 0)
        logger.warn('queue_sweep_repaired', { ...report });
      else logger.debug('queue_swept', { deferred: report.deferred });
      return report;
    },
  };
}

export type QueueSweep = ReturnType<typeof createQueueSweep>;
