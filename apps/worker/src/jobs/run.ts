// The `run` and `investigate-further` queues: one audit run of an engagement, full or steered at a
// finding (packages/services/src/runs/executor.ts; the Run row says which kind it is). On SIGTERM
// the run stops at a safe point and goes back on the queue; after the last failed attempt (or a
// worker killed too often) the engagement is marked failed, never left running.
import type { JobPayloads } from '@auditsvc/jobs';
import type { QueueHandler } from '../worker';
import type { WorkerServices } from '../services';
import { publicFailureReason } from './failure-reason';

export function runHandler(
  services: WorkerServices,
  queue: 'run' | 'investigate-further',
  what: string,
): QueueHandler {
  return {
    async process(job, context) {
      const { runId } = job.data as JobPayloads[typeof queue];
      await services.runs.execute(runId, context);
    },
    async onExhausted(job, error) {
      const { runId } = job.data as JobPayloads[typeof queue];
      await services.runs.fail(
        runId,
        publicFailureReason(what, error, services.logger, { queue, run_id: runId }),
      );
    },
  };
}
