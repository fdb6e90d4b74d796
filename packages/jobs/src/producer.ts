// The API's side of the queues: typed `enqueue`, and the Queue objects for Bull Board.
import { Queue, QueueEvents } from 'bullmq';
import type Redis from 'ioredis';
import { JobPayloads, QUEUE_NAMES, QUEUE_SETTINGS, QueueName, bullPrefix } from './queues';

export interface JobProducer {
  queues: Queue[];
  enqueue<N extends QueueName>(name: N, payload: JobPayloads[N], jobId: string): Promise<void>;
  /** Enqueues and waits for the job's result (portfolio recompute answers synchronously). */
  enqueueAndWait<N extends QueueName>(
    name: N,
    payload: JobPayloads[N],
    jobId: string,
    timeoutMs: number,
  ): Promise<unknown>;
  close(): Promise<void>;
}

export function createJobProducer(connection: Redis, queuePrefix: string): JobProducer {
  const prefix = bullPrefix(queuePrefix);
  const queues = new Map<QueueName, Queue>(
    QUEUE_NAMES.map((name) => [
      name,
      new Queue(name, {
        connection,
        prefix,
        defaultJobOptions: {
          ...QUEUE_SETTINGS[name].job,
          removeOnComplete: { count: 1000 },
          removeOnFail: { count: 1000 },
        },
      }),
    ]),
  );
  let events: QueueEvents | null = null;
  let eventsConnection: Redis | null = null;
  const queueEvents = (name: QueueName) => {
    // Only portfolio recompute waits for results; its listener connection is opened on first use.
    if (name !== 'portfolio-recompute') throw new Error(`${name} jobs are not awaited`);
    // QueueEvents blocks on its connection, which BullMQ requires to retry without a limit.
    eventsConnection ??= connection.duplicate({ maxRetriesPerRequest: null });
    events ??= new QueueEvents(name, { connection: eventsConnection, prefix });
    return events;
  };
  return {
    queues: [...queues.values()],
    async enqueue(name, payload, jobId) {
      await queues.get(name)!.add(name, payload, { jobId });
    },
    async enqueueAndWait(name, payload, jobId, timeoutMs) {
      const listener = queueEvents(name);
      await listener.waitUntilReady();
      const job = await queues.get(name)!.add(name, payload, { jobId });
      return job.waitUntilFinished(listener, timeoutMs);
    },
    async close() {
      await Promise.all([...queues.values()].map((queue) => queue.close()));
      if (events) await events.close();
      // BullMQ leaves a connection it was given open; this one is ours alone.
      eventsConnection?.disconnect();
    },
  };
}
