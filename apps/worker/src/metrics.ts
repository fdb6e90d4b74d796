// The worker process's metrics: how long jobs take by queue and outcome, how long each run stage
// takes, the model calls this process makes, and the corpus files it parses by format. They are
// published to Redis every PUBLISH_MS and after each job, for the API's GET /metrics (packages/jobs
// worker-metrics-relay.ts), and served on WORKER_METRICS_PORT when it is set (metrics-server.ts).
import os from 'node:os';
import type Redis from 'ioredis';
import { Counter, Histogram, Registry } from 'prom-client';
import { extensionOf } from '@auditsvc/ingest';
import { publishWorkerMetrics } from '@auditsvc/jobs';
import { METRICS_PREFIX, type Logger, type ModelCallObserver, modelCallMetrics } from '@auditsvc/runtime';

/** How often the snapshot is published between jobs. */
const PUBLISH_MS = 15_000;

/** Job and stage durations in seconds: portfolio recomputes take a second, large runs an hour. */
const DURATION_BUCKETS = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800, 3600];

/** How a job attempt ended: done, failed (it may be retried), or put back on its queue at a stop. */
export type JobOutcome = 'completed' | 'failed' | 'requeued';

export interface WorkerMetrics {
  registry: Registry;
  observeJob(queue: string, outcome: JobOutcome, seconds: number): void;
  observeStage(stage: string, seconds: number): void;
  observeModelCall: ModelCallObserver;
  /** One corpus file parsed (or not); the format is its extension, "other" when unknown. */
  observeParsedFile(filename: string, ok: boolean): void;
  /** Publishes the snapshot now and every PUBLISH_MS; returns the function that stops it. */
  startPublishing(redis: Redis, queuePrefix: string, logger: Logger): () => void;
}

export function createWorkerMetrics(): WorkerMetrics {
  const registry = new Registry();
  const jobs = new Histogram({
    name: `${METRICS_PREFIX}job_duration_seconds`,
    help: 'Duration of job attempts, by queue and outcome (completed, failed, requeued).',
    labelNames: ['queue', 'outcome'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const stages = new Histogram({
    name: `${METRICS_PREFIX}run_stage_duration_seconds`,
    help: 'Duration of run stages (each iteration of a loop stage counts once), by stage.',
    labelNames: ['stage'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const files = new Counter({
    name: `${METRICS_PREFIX}ingest_files_total`,
    help: 'Corpus files parsed, failures included, by format.',
    labelNames: ['format'] as const,
    registers: [registry],
  });
  const failures = new Counter({
    name: `${METRICS_PREFIX}ingest_failures_total`,
    help: 'Corpus files that could not be parsed, by format.',
    labelNames: ['format'] as const,
    registers: [registry],
  });
  const observeModelCall = modelCallMetrics(registry);
  /** Set while publishing runs: publishes at once (after a job, so a scrape sees it promptly). */
  let publishNow: () => void = () => undefined;

  return {
    registry,
    observeJob(queue, outcome, seconds) {
      jobs.observe({ queue, outcome }, seconds);
      publishNow();
    },
    observeStage: (stage, seconds) => stages.observe({ stage }, seconds),
    observeModelCall,
    observeParsedFile(filename, ok) {
      const format = extensionOf(filename) ?? 'other';
      files.inc({ format });
      if (!ok) failures.inc({ format });
    },
    startPublishing(redis, queuePrefix, logger) {
      const worker = `${os.hostname()}:${process.pid}`;
      let failing = false;
      publishNow = () => {
        // Best effort, like progress: without Redis the API's scrape shows no worker families.
        if (redis.status !== 'ready') return;
        registry
          .getMetricsAsJSON()
          .then((metrics) => publishWorkerMetrics(redis, queuePrefix, { worker, metrics }))
          .then(
            () => (failing = false),
            (error: Error) => {
              if (!failing) logger.warn('metrics_unpublished', { error: error.message });
              failing = true;
            },
          );
      };
      publishNow();
      const timer = setInterval(publishNow, PUBLISH_MS);
      timer.unref();
      return () => {
        clearInterval(timer);
        publishNow = () => undefined;
      };
    },
  };
}
