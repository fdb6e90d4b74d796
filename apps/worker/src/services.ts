// What the worker's job handlers use, built once per process: the database, a Redis connection for
// publishing progress, and the parse host that parses untrusted files in a child process.
import Redis from 'ioredis';
import { ParseHost, createParseHost, extensionOf } from '@auditsvc/ingest';
import { ProgressPublisher, createIngestStageStore, createProgressPublisher } from '@auditsvc/jobs';
import type { Config, Logger } from '@auditsvc/runtime';
import { WorkerMetrics, createWorkerMetrics } from './metrics';
import {
  PortfolioService,
  ProcessServices,
  createPortfolioService,
  createRunGatewayFactory,
  createStandaloneGatewayFactory,
  openStores,
} from '@auditsvc/services';
import {
  IngestService,
  RunExecutor,
  createIngestService,
  createRunExecutor,
} from '@auditsvc/services/src/worker';

export interface WorkerServices extends ProcessServices {
  progress: ProgressPublisher;
  parseHost: ParseHost;
  ingest: IngestService;
  /** Audit runs and investigate-further mini-runs. */
  runs: RunExecutor;
  portfolio: PortfolioService;
  metrics: WorkerMetrics;
  close(): Promise<void>;
}

export async function createWorkerServices(config: Config, logger: Logger): Promise<WorkerServices> {
  const stores = await openStores(config, logger);
  const { db, repos, storage } = stores;
  const metrics = createWorkerMetrics();
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 3, disconnectTimeout: 200 });
  redis.on('error', () => undefined);
  // Progress is advisory: without Redis a job carries on, and the outage is logged once.
  const progress = createProgressPublisher(redis, config.queuePrefix, (error) =>
    logger.warn('progress_unpublished', { error: error.message }),
  );
  const parseHost = createParseHost({
    timeoutMs: config.parseTimeoutMs,
    // The parser's time and peak memory per file, for sizing the parse limits (not the client's
    // file name: only its type).
    onFileDone: (report) => {
      metrics.observeParsedFile(report.filename, report.ok);
      logger.debug('parse_file_done', {
        type: extensionOf(report.filename),
        ok: report.ok,
        ms: report.elapsedMs,
        peak_rss_mb: report.peakRssBytes === null ? null : Math.round(report.peakRssBytes / 1024 / 1024),
      });
    },
  });
  const ingest = createIngestService({
    repos,
    parser: parseHost,
    progress,
    stages: createIngestStageStore(redis, config.queuePrefix),
    storage,
    logger,
  });
  const now = () => new Date();
  const runs = createRunExecutor({
    repos,
    progress,
    gateways: createRunGatewayFactory({ config, repos, storage, logger, observe: metrics.observeModelCall }),
    logger,
    now,
    onStageComplete: metrics.observeStage,
  });
  const portfolio = createPortfolioService({
    repos,
    gateways: createStandaloneGatewayFactory(config, logger, metrics.observeModelCall),
    now,
    logger,
  });
  return {
    ...stores,
    redis,
    progress,
    parseHost,
    ingest,
    runs,
    portfolio,
    metrics,
    async close() {
      await parseHost.close();
      await redis.quit().catch(() => undefined);
      await db.close();
    },
  };
}
