// The API process's metrics (GET /metrics): HTTP requests by route template and status, the jobs
// each queue holds (asked of BullMQ when scraped), open event streams, and the model calls this
// process makes. A scrape also shows every live worker's families (jobs, run stages, model calls,
// ingest), read from the snapshots the workers keep in Redis and labelled with `worker`, so one
// scrape of any API process covers the deployment. Without Redis those parts are left out and the
// rest still answers.
import type Redis from 'ioredis';
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { JobProducer, QUEUE_JOB_STATES, QUEUE_NAMES, readWorkerMetrics } from '@auditsvc/jobs';
import { METRICS_PREFIX, type ModelCallObserver, modelCallMetrics } from '@auditsvc/runtime';
import { openStreamCounts } from './http/sse';

/** Latency buckets in seconds: from a cached read (a few ms) to a large upload or a long stream. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** One family in prom-client's JSON form (a registry's getMetricsAsJSON). */
type MetricJson = Awaited<ReturnType<Registry['getMetricsAsJSON']>>[number];

export interface ApiMetrics {
  /** One answered request: `route` is the declared path, never the URL (bounded label values). */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  observeModelCall: ModelCallObserver;
  /** The text a scrape answers (this process and the live workers). */
  scrape(): Promise<string>;
  contentType: string;
}

export function createApiMetrics(deps: { jobs: JobProducer; redis: Redis; queuePrefix: string }): ApiMetrics {
  const registry = new Registry();
  const requests = new Counter({
    name: `${METRICS_PREFIX}http_requests_total`,
    help: 'HTTP requests answered, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: `${METRICS_PREFIX}http_request_duration_seconds`,
    help: 'Time from request to the end of its response (a stream: its whole life), by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: `${METRICS_PREFIX}queue_jobs`,
    help: 'Jobs a queue holds, by queue and state (waiting, prioritized and delayed: its depth; completed and failed: those kept, see JOBS_KEEP_*).',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      // A queue that does not answer is left out of this scrape.
      const counted = await Promise.allSettled(QUEUE_NAMES.map((queue) => deps.jobs.jobCounts(queue)));
      counted.forEach((result, index) => {
        if (result.status !== 'fulfilled') return;
        for (const state of QUEUE_JOB_STATES)
          this.set({ queue: QUEUE_NAMES[index]!, state }, result.value[state]);
      });
    },
  });
  new Gauge({
    name: `${METRICS_PREFIX}sse_streams_open`,
    help: 'Server-Sent Events streams open on this API process, by stream (corpus or run).',
    labelNames: ['stream'] as const,
    registers: [registry],
    collect() {
      for (const [stream, count] of Object.entries(openStreamCounts())) this.set({ stream }, count);
    },
  });
  const observeModelCall = modelCallMetrics(registry);

  /** Each live worker's families, every sample labelled with the worker it came from. */
  async function workerMetrics(): Promise<MetricJson[][]> {
    try {
      const snapshots = await readWorkerMetrics(deps.redis, deps.queuePrefix);
      return snapshots.map(({ worker, metrics }) =>
        (metrics as MetricJson[]).map((metric) => ({
          ...metric,
          values: metric.values.map((value) => ({ ...value, labels: { ...value.labels, worker } })),
        })),
      );
    } catch {
      return [];
    }
  }

  return {
    observeRequest(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
    observeModelCall,
    async scrape() {
      const own = await registry.getMetricsAsJSON();
      // Families are merged by name; the worker label keeps each process's samples apart.
      const merged = AggregatorRegistry.aggregate([own, ...(await workerMetrics())]);
      return merged.metrics();
    },
    contentType: registry.contentType,
  };
}
