// The worker process: one BullMQ consumer per queue that has a handler. Job handlers arrive with
// the corpus and engine issues; until then the worker connects, reports ready and idles.
import Redis from 'ioredis';
import { Worker } from 'bullmq';
import { QUEUE_NAMES, QueueName, bullPrefix } from '@auditsvc/jobs';
import type { Config, Logger } from '@auditsvc/runtime';

export type JobHandler = (data: unknown) => Promise<void>;

export interface RunningWorker {
  queues: QueueName[];
  stop(): Promise<void>;
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

export async function startWorker(
  config: Config,
  logger: Logger,
  handlers: Partial<Record<QueueName, JobHandler>> = {},
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
  const consumers: Worker[] = [];
  for (const name of QUEUE_NAMES) {
    const handler = handlers[name];
    if (!handler) continue;
    const worker = new Worker(name, async (job) => handler(job.data), {
      connection,
      prefix: bullPrefix(config.queuePrefix),
    });
    worker.on('failed', (job, error) =>
      logger.warn('job_failed', { queue: name, job_id: job?.id, error: error.message }),
    );
    consumers.push(worker);
  }
  const queues = QUEUE_NAMES.filter((name) => handlers[name]);
  logger.info('worker_ready', { queues, prefix: config.queuePrefix });
  return {
    queues,
    async stop() {
      // close() waits for the jobs in progress to finish before it resolves.
      await Promise.all(consumers.map((worker) => worker.close()));
      await connection.quit();
    },
  };
}
