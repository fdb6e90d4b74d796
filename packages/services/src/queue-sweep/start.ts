// The queue sweep of one process (worker or API), wired: the queues are read and written through
// the process's job producer, leases are read on its Redis connection, and a run that must fail
// fails as its exhausted job would (run-failure.ts).
import type Redis from 'ioredis';
import { type JobProducer, createProgressPublisher, isLeased } from '@auditsvc/jobs';
import type { Repositories } from '@auditsvc/db';
import type { Logger } from '@auditsvc/runtime';
import { createRunFailure } from '../runs/run-failure';
import { QueueSweeper, startQueueSweeper } from './scheduler';
import { createQueueSweep } from './sweep';

export function startQueueSweeping(deps: {
  config: { queuePrefix: string; jobLockMs: number };
  redis: Redis;
  queues: JobProducer;
  repos: Repositories;
  logger: Logger;
}): QueueSweeper {
  const { config, redis, repos, logger } = deps;
  const now = () => new Date();
  const progress = createProgressPublisher(redis, config.queuePrefix);
  const failure = createRunFailure({ repos, progress, logger, now });
  const sweep = createQueueSweep({
    repos,
    queues: deps.queues,
    isLeased: (queue, subject) => isLeased(redis, config.queuePrefix, queue, subject),
    failRun: failure.fail,
    logger,
    now,
  });
  return startQueueSweeper({
    connection: redis,
    queuePrefix: config.queuePrefix,
    lockMs: config.jobLockMs,
    sweep: () => sweep.sweep(),
    logger,
  });
}
