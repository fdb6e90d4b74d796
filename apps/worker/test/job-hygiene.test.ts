// Job hygiene (issue 15 part 3) with real Redis and BullMQ: the API's producer and the worker's
// consumers as the processes build them from configuration. Finished jobs are trimmed by
// JOBS_KEEP_* (by count, and by age: a finished job is backdated in BullMQ's finished set, as if
// it had ended two hours ago); a queue runs WORKER_CONCURRENCY_<QUEUE> jobs at once; a job queued
// while a request is served carries its request id, and the worker's lines about it log it.
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { Job } from 'bullmq';
import Redis from 'ioredis';
import { type JobProducer, type JobPayloads, bullPrefix, createJobProducer } from '@auditsvc/jobs';
import { type Config, createLogger, loadConfig, withLogContext } from '@auditsvc/runtime';
import { type RunningWorker, startWorker } from '../src/worker';

jest.setTimeout(60_000);

const QUEUE = 'portfolio-recompute';
const PAYLOAD: JobPayloads[typeof QUEUE] = {
  caller: { kind: 'admin_token' },
  filters: { firm_id: null, primitive: null, severity: null, canonical_only: false },
};
const WAIT_MS = 30_000;

let config: Config;
let redis: Redis;
let producer: JobProducer;
let worker: RunningWorker;
const lines: Record<string, unknown>[] = [];
/** Jobs of the concurrency test wait here until released. */
let gate: { arrived: number; expected: number; allArrived: () => void; opened: Promise<void> } | null = null;

/** The trivial handler: a job whose id starts with "fail" fails; one under the gate waits at it. */
async function handle(job: Job): Promise<string> {
  logger.info('test_job_handled');
  if (job.id!.startsWith('fail')) throw new Error('failed on purpose');
  if (gate && job.id!.startsWith('gate')) {
    gate.arrived += 1;
    if (gate.arrived === gate.expected) gate.allArrived();
    await gate.opened;
  }
  return 'done';
}

const logger = createLogger({
  service: 'worker',
  stream: new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      callback();
    },
  }),
});

const queue = () => producer.queues.find((candidate) => candidate.name === QUEUE)!;
const run = (jobId: string) => producer.enqueueAndWait(QUEUE, PAYLOAD, jobId, WAIT_MS);
const kept = async (state: 'completed' | 'failed') =>
  (await queue().getJobs([state])).map((job) => job.id).sort();

beforeAll(async () => {
  config = loadConfig({
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    QUEUE_PREFIX: `test-hygiene-${randomBytes(6).toString('hex')}`,
    JOBS_KEEP_COMPLETED: '3',
    JOBS_KEEP_COMPLETED_HOURS: '1',
    JOBS_KEEP_FAILED: '2',
    JOBS_KEEP_FAILED_HOURS: '1',
    WORKER_CONCURRENCY_PORTFOLIO_RECOMPUTE: '3',
  });
  redis = new Redis(config.redisUrl, { maxRetriesPerRequest: null });
  producer = createJobProducer(redis, config);
  worker = await startWorker(config, logger, { [QUEUE]: { process: handle } });
});

afterAll(async () => {
  await worker?.stop();
  await queue()
    ?.obliterate({ force: true })
    .catch(() => undefined);
  await producer?.close();
  await redis?.quit();
});

it('keeps at most JOBS_KEEP_COMPLETED completed jobs, the latest', async () => {
  for (const id of ['count-1', 'count-2', 'count-3', 'count-4', 'count-5']) await run(id);
  expect(await kept('completed')).toEqual(['count-3', 'count-4', 'count-5']);
  expect(await queue().getJob('count-1')).toBeUndefined();
});

it('drops completed jobs older than JOBS_KEEP_COMPLETED_HOURS when the next one finishes', async () => {
  // An empty finished set, so that trimming by count cannot be what removes the old job.
  await queue().clean(0, 1000, 'completed');
  await run('age-old');
  // BullMQ ages finished jobs by their score in the finished set (the time they ended).
  const finished = `${bullPrefix(config.queuePrefix)}:${QUEUE}:completed`;
  await redis.zadd(finished, Date.now() - 2 * 3600_000, 'age-old');
  expect(await kept('completed')).toContain('age-old');
  await run('age-new');
  expect(await kept('completed')).toEqual(['age-new']);
});

it('keeps at most JOBS_KEEP_FAILED failed jobs', async () => {
  for (const id of ['fail-1', 'fail-2', 'fail-3']) await expect(run(id)).rejects.toThrow(/failed on purpose/);
  expect(await kept('failed')).toEqual(['fail-2', 'fail-3']);
});

it('runs WORKER_CONCURRENCY_<QUEUE> jobs of a queue at once', async () => {
  // Three jobs that each wait until all three have started: with fewer at once, they never all do.
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let allArrived!: () => void;
  const arrived = new Promise<void>((resolve) => (allArrived = resolve));
  gate = { arrived: 0, expected: 3, allArrived, opened };
  const jobs = Promise.all(['gate-1', 'gate-2', 'gate-3'].map(run));
  let deadline: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      arrived,
      new Promise((_, reject) => {
        deadline = setTimeout(() => reject(new Error(`only ${gate!.arrived} of 3 jobs ran at once`)), 20_000);
      }),
    ]);
  } finally {
    clearTimeout(deadline);
    // Released either way, so that a failure leaves no job hanging.
    open();
    await jobs;
    gate = null;
  }
});

it('carries the request id of the call that queued a job to every worker line about it', async () => {
  await withLogContext({ request_id: 'req-hygiene-1' }, () => run('traced-1'));
  expect((await queue().getJob('traced-1'))!.data).toMatchObject({ requestId: 'req-hygiene-1' });
  const about = lines.filter((line) => line.job_id === 'traced-1');
  expect(about.map((line) => line.message)).toContain('test_job_handled');
  for (const line of about) expect(line).toMatchObject({ request_id: 'req-hygiene-1', queue: QUEUE });
  // A job queued outside any request carries none.
  await run('untraced-1');
  expect((await queue().getJob('untraced-1'))!.data).not.toHaveProperty('requestId');
  const untraced = lines.filter((line) => line.job_id === 'untraced-1');
  expect(untraced.length).toBeGreaterThan(0);
  for (const line of untraced) expect(line).not.toHaveProperty('request_id');
});
