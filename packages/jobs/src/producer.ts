// The API's side of the queues: typed `enqueue`, and the Queue objects for Bull Board. Every call
// fails fast with a 503 naming the queue while Redis is unavailable (redis-calls.ts); the caller
// undoes what it wrote before the enqueue. Each job carries the request id of the call that queued
// it, and finished jobs are trimmed (JOBS_KEEP_*).
import { JobType, Queue, QueueEvents } from 'bullmq';
import type Redis from 'ioredis';
import { type Config, currentLogContext } from '@auditsvc/runtime';
import {
  JobPayloads,
  JobTrace,
  QUEUE_NAMES,
  QUEUE_RETRIES,
  QueueName,
  bullPrefix,
  jobSubject,
} from './queues';
import { callRedis, queueUnavailable } from './redis-calls';

export interface JobProducer {
  queues: Queue[];
  /** Resolves once the job is on its queue; a 503 (ServiceUnavailableError) when Redis is unavailable. */
  enqueue<N extends QueueName>(name: N, payload: JobPayloads[N], jobId: string): Promise<void>;
  /** Enqueues and waits for the job's result (portfolio recompute answers synchronously). */
  enqueueAndWait<N extends QueueName>(
    name: N,
    payload: JobPayloads[N],
    jobId: string,
    timeoutMs: number,
  ): Promise<unknown>;
  /** Whether any worker consumes the queue; a 503 when Redis is unavailable. */
  workersListening(name: QueueName): Promise<boolean>;
  /** The job's state in BullMQ's words; `unknown` when the queue holds no such job. */
  jobState(name: QueueName, jobId: string): Promise<string>;
  /** The subjects (jobSubject) of the queue's jobs that are waiting, delayed or running. */
  pendingSubjects(name: QueueName): Promise<Set<string>>;
  /** How many jobs the queue holds in each state; a 503 when Redis is unavailable. */
  jobCounts(name: QueueName): Promise<Record<QueueJobState, number>>;
  close(): Promise<void>;
}

/** The job states a queue is measured by (metrics): its depth, what runs, what it keeps. */
export const QUEUE_JOB_STATES = [
  'waiting',
  'prioritized',
  'delayed',
  'active',
  'completed',
  'failed',
] as const;
export type QueueJobState = (typeof QUEUE_JOB_STATES)[number];

/** Job states in which a job will still run, or runs now. */
const PENDING_STATES: JobType[] = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children'];

/** The payload with the request id of the API call in progress (log-context.ts), if any. */
function traced<P extends object>(payload: P): P & JobTrace {
  const requestId = currentLogContext().request_id;
  return requestId ? { ...payload, requestId } : payload;
}

export function createJobProducer(
  connection: Redis,
  config: Pick<Config, 'queuePrefix' | 'jobRetention'>,
): JobProducer {
  const prefix = bullPrefix(config.queuePrefix);
  const { completed, failed } = config.jobRetention;
  const queues = new Map<QueueName, Queue>(
    QUEUE_NAMES.map((name) => {
      const queue = new Queue(name, {
        connection,
        prefix,
        defaultJobOptions: {
          ...QUEUE_RETRIES[name],
          // BullMQ trims a queue's finished jobs when the next one finishes: past the count, and
          // older than the age (in seconds).
          removeOnComplete: { count: completed.count, age: completed.ageSeconds },
          removeOnFail: { count: failed.count, age: failed.ageSeconds },
        },
      });
      // Without a listener BullMQ prints every reconnection failure of an outage to stderr; the
      // outage shows in readyz and in each 503 instead.
      queue.on('error', () => undefined);
      return [name, queue];
    }),
  );
  let events: QueueEvents | null = null;
  let eventsConnection: Redis | null = null;
  const queueEvents = (name: QueueName) => {
    // Only portfolio recompute waits for results; its listener connection is opened on first use.
    if (name !== 'portfolio-recompute') throw new Error(`${name} jobs are not awaited`);
    // QueueEvents blocks on its connection, which BullMQ requires to retry without a limit.
    eventsConnection ??= connection.duplicate({ maxRetriesPerRequest: null });
    if (!events) {
      events = new QueueEvents(name, { connection: eventsConnection, prefix });
      // As for the queues: an outage shows in the 503s, not as reconnection errors on stderr.
      events.on('error', () => undefined);
    }
    return events;
  };
  const onQueue = <T>(name: QueueName, work: () => Promise<T>) =>
    callRedis(connection, () => queueUnavailable(name), work);
  return {
    queues: [...queues.values()],
    async enqueue(name, payload, jobId) {
      await onQueue(name, () => queues.get(name)!.add(name, traced(payload), { jobId }));
    },
    async enqueueAndWait(name, payload, jobId, timeoutMs) {
      const listener = queueEvents(name);
      const job = await onQueue(name, async () => {
        await listener.waitUntilReady();
        return queues.get(name)!.add(name, traced(payload), { jobId });
      });
      // The job's end is heard as an event on the events connection; events published while
      // either connection is down are lost, so the wait would last until its time limit. It ends
      // as soon as Redis goes away instead: a 503, and the client may ask again.
      return untilDisconnected(
        job.waitUntilFinished(listener, timeoutMs),
        [connection, eventsConnection!],
        () => queueUnavailable(name),
      );
    },
    async workersListening(name) {
      return (await onQueue(name, () => queues.get(name)!.getWorkersCount())) > 0;
    },
    jobState(name, jobId) {
      return onQueue(name, () => queues.get(name)!.getJobState(jobId));
    },
    async pendingSubjects(name) {
      const jobs = await onQueue(name, () => queues.get(name)!.getJobs(PENDING_STATES));
      return new Set(jobs.flatMap((job) => jobSubject(name, job?.data) ?? []));
    },
    async jobCounts(name) {
      const counts = await onQueue(name, () => queues.get(name)!.getJobCounts(...QUEUE_JOB_STATES));
      return Object.fromEntries(QUEUE_JOB_STATES.map((state) => [state, counts[state] ?? 0])) as Record<
        QueueJobState,
        number
      >;
    },
    async close() {
      await Promise.all([...queues.values()].map((queue) => queue.close()));
      // After Redis restarted under it, closing the QueueEvents can wait forever on its blocking
      // connection; it gets a moment, then the connection (ours alone) is cut either way.
      if (events) await settledWithin(events.close(), EVENTS_CLOSE_MS);
      eventsConnection?.disconnect();
    },
  };
}

/** How long closing the QueueEvents may take before its connection is cut. */
const EVENTS_CLOSE_MS = 1_000;

/** Waits for `work` to settle, at most `ms`. */
async function settledWithin(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const elapsed = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  await Promise.race([work.catch(() => undefined), elapsed]);
  clearTimeout(timer);
}

/** `work`'s result, or `unavailable()` as soon as one of the connections closes. */
async function untilDisconnected<T>(
  work: Promise<T>,
  connections: Redis[],
  unavailable: () => Error,
): Promise<T> {
  let onClose: () => void = () => undefined;
  const closed = new Promise<never>((_, reject) => {
    onClose = () => reject(unavailable());
  });
  // Whichever loses the race may fail later on its own: that is no longer anyone's concern.
  work.catch(() => undefined);
  closed.catch(() => undefined);
  if (connections.some((connection) => connection.status !== 'ready')) onClose();
  for (const connection of connections) connection.once('close', onClose);
  try {
    return await Promise.race([work, closed]);
  } finally {
    for (const connection of connections) connection.off('close', onClose);
  }
}
