// `npm run start:worker`: consume jobs until SIGTERM or SIGINT, then stop cleanly: jobs in progress
// finish or re-queue themselves within SHUTDOWN_GRACE_MS (else they are handed back to the queue),
// then connections close.
import { applyMigrations } from '@auditsvc/db';
import { createJobProducer } from '@auditsvc/jobs';
import { startQueueSweeping } from '@auditsvc/services';
import { ConfigError, createLogger, loadConfig } from '@auditsvc/runtime';
import { ingestHandler } from './jobs/ingest';
import { portfolioRecomputeHandler } from './jobs/portfolio-recompute';
import { runHandler } from './jobs/run';
import { serveWorkerMetrics } from './metrics-server';
import { createWorkerServices } from './services';
import { startWorker } from './worker';

/** How long closing connections may take after the grace period before the process just exits. */
const STOP_BACKSTOP_MS = 5_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel, service: 'worker' });
  // `npm start` applies migrations before it starts the worker; a worker started on its own (or
  // first) does it itself. Applying is idempotent and, on PostgreSQL, serialised by a lock.
  const applied = await applyMigrations(config.databaseUrl);
  if (applied.length > 0) logger.info('migrations_applied', { migrations: applied });
  const services = await createWorkerServices(config, logger);
  const stopPublishingMetrics = services.metrics.startPublishing(services.redis, config.queuePrefix, logger);
  const metricsServer = await serveWorkerMetrics(services.metrics.registry, config, logger);
  // Signals are handled from here on, also while the consumers start (they log worker_ready before
  // startWorker returns): a stop then waits for the start and stops what it started.
  const started = startWorker(
    config,
    logger,
    {
      ingest: ingestHandler(services),
      run: runHandler(services, 'run', 'The run'),
      'investigate-further': runHandler(services, 'investigate-further', 'The investigation'),
      'portfolio-recompute': portfolioRecomputeHandler(services),
    },
    services.metrics.observeJob,
  );
  // Work the database says is queued or running but no queue holds is queued again (or failed).
  const sweeping = started.then(() => {
    const queues = createJobProducer(services.redis, config);
    const sweeper = startQueueSweeping({
      config,
      redis: services.redis,
      queues,
      repos: services.repos,
      logger,
    });
    return {
      stop() {
        sweeper.stop();
        void queues.close().catch(() => undefined);
      },
    };
  });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    void sweeping.then(
      (sweeper) => sweeper.stop(),
      () => undefined,
    );
    logger.info('worker_stopping', { signal, grace_ms: config.shutdownGraceMs });
    stopPublishingMetrics();
    metricsServer?.close();
    // A backstop for a stop that hangs (Redis or the database gone): the process exits anyway.
    setTimeout(() => {
      logger.error('worker_stop_timed_out');
      process.exit(1);
    }, config.shutdownGraceMs + STOP_BACKSTOP_MS).unref();
    started
      .then((worker) => worker.stop())
      .then(async ({ handedBack }) => {
        // Handlers of jobs handed back still run: exit under them rather than close what they use.
        if (handedBack === 0) await services.close();
        return handedBack;
      })
      .then(
        (handedBack) => {
          logger.info('worker_stopped', { handed_back: handedBack });
          process.exit(0);
        },
        (error: unknown) => {
          logger.error('worker_stop_failed', {
            error: error instanceof Error ? error.message : String(error),
          });
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  try {
    await started;
    await sweeping;
  } catch (error) {
    await services.close();
    throw error;
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('worker failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
