// The worker process: one BullMQ consumer per queue that has a handler, with the concurrency of
// WORKER_CONCURRENCY_<QUEUE>. Every line logged about a job carries its queue, id and the request
// id of the API call that queued it (log-context.ts), and each attempt's outcome and duration go
// to the metrics. A job whose worker dies keeps its lock only JOB_LOCK_MS; then BullMQ's stalled
// check (in any live worker, or this one restarted) puts it back on the queue, and the handler
// starts over from stored state. When a job fails for the last time (attempts used, or stalled
// too often), its queue's `onExhausted` records the failure, so nothing stays `ingesting` or
// `running`.
//
// SIGTERM (stop): no new jobs are taken; jobs in progress get SHUTDOWN_GRACE_MS to finish or to
// re-queue themselves at a safe point (runs do). Jobs still running after that are handed back to
// the front of their queue, without using an attempt, so another worker starts them at once
// instead of waiting for their locks to lapse.
import Redis from 'ioredis';
import { DelayedError, Job, Worker } from 'bullmq';
import {
  QUEUE_NAMES,
  QueueName,
  bullPrefix,
  createJobLeases,
  jobRequestId,
  jobSubject,
} from '@auditsvc/jobs';
import { type Config, type LogContext, type Logger, withLogContext } from '@auditsvc/runtime';
import type { JobOutcome } from './metrics';

export interface JobContext {
  /** True once SIGTERM arrived: long jobs stop at a safe point and call `requeue`. */
  shuttingDown(): boolean;
  /** Puts the job back on its queue (it did not fail) and ends this attempt. */
  requeue(): Promise<never>;
}

export interface QueueHandler {
  process(job: Job, context: JobContext): Promise<unknown>;
  /** Called once a job has failed for good. */
  onExhausted?(job: Job, error: Error): Promise<void>;
}

export type QueueHandlers = Partial<Record<QueueName, QueueHandler>>;

/** Told how each job attempt ended and how long it took (the process's metrics). */
export type JobObserver = (queue: QueueName, outcome: JobOutcome, seconds: number) => void;

/** What every log line about the job carries. */
function jobLogContext(queue: QueueName, job: Job): LogContext {
  const requestId = jobRequestId(job.data);
  return { queue, job_id: job.id, ...(requestId ? { request_id: requestId } : {}) };
}

export interface RunningWorker {
  queues: QueueName[];
  /**
   * Stops taking jobs and waits for those in progress, at most the grace period; returns how many
   * were handed back then. Their handlers still run: the process must exit without touching the
   * services they use (closing the parse host under an ingest would fail it).
   */
  stop(): Promise<{ handedBack: number }>;
}

/** Fails fast at start-up when Redis cannot be reached, instead of retrying forever. */
async function assertRedisReachable(redisUrl: string): Promise<void> {
  const probe = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 5000,
    disconnectTimeout: 200,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.ping();
  } catch (error) {
    throw new Error(`cannot reach Redis at ${redactUrl(redisUrl)}: ${(error as Error).message}`, {
      cause: error,
    });
  } finally {
    probe.disconnect();
  }
}

/** The URL without its password, for messages. */
function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
}

const LOCK_RENEWAL_FAILED = /^could not renew lock for job /;

function isFinalFailure(job: Job | undefined, error: Error): job is Job {
  if (!job || error instanceof DelayedError) return false;
  if (/stalled more than allowable limit/.test(error.message)) return true;
  return job.attemptsMade >= (job.opts.attempts ?? 1);
}

export async function startWorker(
  config: Config,
  logger: Logger,
  handlers: QueueHandlers = {},
  observeJob: JobObserver = () => undefined,
): Promise<RunningWorker> {
  await assertRedisReachable(config.redisUrl);
  // BullMQ needs maxRetriesPerRequest null on its blocking connection. After start-up it rides out
  // Redis outages by reconnecting; errors are logged once per outage.
  const connection = new Redis(config.redisUrl, { maxRetriesPerRequest: null });
  let outageLogged = false;
  connection.on('error', (error: Error) => {
    if (!outageLogged) logger.warn('redis_unavailable', { error: error.message });
    outageLogged = true;
  });
  connection.on('ready', () => {
    outageLogged = false;
  });
  // A lease per job in progress, renewed while this process runs it (job-leases.ts): the queue
  // sweep then leaves a job alone that a Redis restart lost while this process still works on it.
  const leases = createJobLeases(connection, config.queuePrefix, config.jobLockMs);
  /** Jobs in progress whose lock loss was logged (job_lock_lost). */
  const lockLossLogged = new Set<string>();
  let stopping = false;
  const consumers: Worker[] = [];
  /** Jobs this process is running, with the lock token that lets it hand them back. */
  const inProgress = new Map<string, { job: Job; token: string | undefined; queue: QueueName }>();
  for (const name of QUEUE_NAMES) {
    const handler = handlers[name];
    if (!handler) continue;
    const worker = new Worker(
      name,
      async (job, token) =>
        withLogContext(jobLogContext(name, job), async () => {
          const context: JobContext = {
            shuttingDown: () => stopping,
            async requeue() {
              await job.moveToDelayed(Date.now() + 1000, token);
              throw new DelayedError();
            },
          };
          const key = `${name}:${job.id}`;
          const subject = jobSubject(name, job.data);
          inProgress.set(key, { job, token, queue: name });
          if (subject) leases.hold(name, subject);
          const started = performance.now();
          let outcome: JobOutcome = 'failed';
          try {
            const result = await handler.process(job, context);
            outcome = 'completed';
            return result;
          } catch (error) {
            if (error instanceof DelayedError) outcome = 'requeued';
            throw error;
          } finally {
            inProgress.delete(key);
            lockLossLogged.delete(job.id!);
            if (subject) leases.release(name, subject);
            observeJob(name, outcome, (performance.now() - started) / 1000);
          }
        }),
      {
        connection,
        prefix: bullPrefix(config.queuePrefix),
        concurrency: config.workerConcurrency[name],
        lockDuration: config.jobLockMs,
        stalledInterval: config.jobLockMs,
        maxStalledCount: 1,
      },
    );
    worker.on('failed', (job, error) => {
      if (!job) {
        logger.warn('job_failed', { queue: name, error: error.message });
        return;
      }
      withLogContext(jobLogContext(name, job), () => {
        logger.warn('job_failed', { attempt: job.attemptsMade, error: error.message });
        if (!isFinalFailure(job, error) || !handler.onExhausted) return;
        handler.onExhausted(job, error).catch((hookError: unknown) =>
          logger.error('job_failure_hook_failed', {
            error: hookError instanceof Error ? hookError.message : String(hookError),
          }),
        );
      });
    });
    // During a Redis outage every reconnection attempt of every consumer fails; the outage itself
    // is logged once (redis_unavailable above).
    worker.on('error', (error) => {
      if (LOCK_RENEWAL_FAILED.test(error.message)) return;
      if (connection.status === 'ready') logger.warn('worker_error', { queue: name, error: error.message });
    });
    // A job whose lock cannot be renewed (a Redis restarted without its data lost it) runs on
    // under its lease; BullMQ retries the renewal often, so the loss is logged once per job.
    worker.on('lockRenewalFailed', (jobIds: string[]) => {
      for (const jobId of jobIds.filter((id) => !lockLossLogged.has(id))) {
        lockLossLogged.add(jobId);
        const running = inProgress.get(`${name}:${jobId}`);
        const context = running ? jobLogContext(name, running.job) : { queue: name, job_id: jobId };
        withLogContext(context, () => logger.warn('job_lock_lost'));
      }
    });
    consumers.push(worker);
  }
  const queues = QUEUE_NAMES.filter((name) => handlers[name]);
  await Promise.all(consumers.map((worker) => worker.waitUntilReady()));
  logger.info('worker_ready', { queues, prefix: config.queuePrefix });
  return {
    queues,
    async stop() {
      stopping = true;
      // close() waits for the jobs in progress: short ones finish, long ones re-queue themselves.
      const closed = Promise.all(consumers.map((worker) => worker.close()));
      if (await settlesWithin(closed, config.shutdownGraceMs)) {
        leases.close();
        await connection.quit();
        return { handedBack: 0 };
      }
      const abandoned = [...inProgress.values()];
      await handBack(abandoned, logger);
      leases.close();
      // The consumers still wait for the abandoned handlers; the process exits without them (their
      // jobs are back on the queue, and nothing they do now can complete or fail those jobs).
      connection.disconnect();
      return { handedBack: abandoned.length };
    },
  };
}

/** Whether `work` settles within `ms` (it keeps running either way). */
async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const settled = work.then(
    () => true as const,
    () => true as const,
  );
  try {
    return await Promise.race([settled, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** Puts jobs back at the front of their queues: this process will not finish them. */
async function handBack(
  jobs: { job: Job; token: string | undefined; queue: QueueName }[],
  logger: Logger,
): Promise<void> {
  for (const { job, token, queue } of jobs) {
    await withLogContext(jobLogContext(queue, job), async () => {
      try {
        await job.moveToWait(token);
        logger.warn('job_handed_back', { reason: 'shutdown grace period over' });
      } catch (error) {
        // Its lock was lost already: the stalled-job check re-queues it.
        logger.warn('job_hand_back_failed', { error: (error as Error).message });
      }
    });
  }
}
