// The worker's queue sweep, wired to its services: the queues are read and written through a
// producer of this process's own, and a run that must fail fails as its exhausted job would.
import { createJobProducer, isLeased } from '@auditsvc/jobs';
import { createQueueSweep } from '@auditsvc/services';
import type { WorkerServices } from './services';
import { startQueueSweeper } from './queue-sweeper';

export function startWorkerQueueSweep(services: WorkerServices) {
  const { config, redis, logger } = services;
  const queues = createJobProducer(redis, config.queuePrefix);
  const sweep = createQueueSweep({
    repos: services.repos,
    queues,
    isLeased: (queue, subject) => isLeased(redis, config.queuePrefix, queue, subject),
    failRun: (runId, reason) => services.runs.fail(runId, reason),
    logger,
    now: () => new Date(),
  });
  const sweeper = startQueueSweeper({
    connection: redis,
    queuePrefix: config.queuePrefix,
    lockMs: config.jobLockMs,
    sweep: () => sweep.sweep(),
    logger,
  });
  return {
    stop() {
      sweeper.stop();
      void queues.close().catch(() => undefined);
    },
  };
}
