// `npm run start:api`: apply pending migrations, sweep what a killed predecessor left behind, then
// serve HTTP until SIGTERM or SIGINT, which let the requests in flight finish (SHUTDOWN_GRACE_MS).
import type { AddressInfo } from 'node:net';
import { applyMigrations } from '@auditsvc/db';
import { ConfigError, createLogger, loadConfig } from '@auditsvc/runtime';
import { startQueueSweeping, sweepCorpusStorage } from '@auditsvc/services';
import { buildApp } from './app';
import { gracefulServer } from './http/graceful-stop';
import { createApiServer } from './http/server';
import { createAppServices } from './services';
import { keepWasmBaselineCode } from './wasm-tier';

/** How long closing connections may take after the grace period before the process just exits. */
const STOP_BACKSTOP_MS = 5_000;

async function main(): Promise<void> {
  keepWasmBaselineCode();
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel, service: 'api' });
  const applied = await applyMigrations(config.databaseUrl);
  if (applied.length > 0) logger.info('migrations_applied', { migrations: applied });
  const services = await createAppServices(config, logger);
  // Before serving: uploads a killed API process left half-stored are removed or completed. A
  // sweep that fails is reported and the API starts anyway: it only tidies up.
  await sweepCorpusStorage({ repos: services.repos, storage: services.storage }).then(
    (swept) => logger.info('startup_sweep', { storage: services.storage.kind, ...swept }),
    (error: unknown) =>
      logger.error('startup_sweep_failed', { error: error instanceof Error ? error.message : String(error) }),
  );
  // Work the database says is queued or running but no queue holds is queued again (or failed):
  // at start, after each reconnection to Redis, and every minute (the workers sweep too).
  const sweeper = startQueueSweeping({
    config,
    redis: services.redis,
    queues: services.jobs,
    repos: services.repos,
    logger,
  });
  const app = buildApp(services);
  const server = createApiServer(app);
  const graceful = gracefulServer(server, { graceMs: config.shutdownGraceMs, logger });
  server.listen(config.port, config.host, () => {
    // The bound port: with PORT=0 the system chooses one, and whoever started the process reads it here.
    const { port } = server.address() as AddressInfo;
    logger.info('api_listening', { host: config.host, port, database: services.db.provider });
  });
  // Expired sessions are refused at lookup; this only keeps the table from growing.
  const housekeeping = setInterval(
    () => {
      services.repos.sessions
        .deleteExpired(new Date())
        .catch((error: unknown) => logger.warn('session_cleanup_failed', { error: String(error) }));
    },
    60 * 60 * 1000,
  );
  housekeeping.unref();
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('api_stopping', { signal, grace_ms: config.shutdownGraceMs });
    // A backstop for a stop that hangs (a connection that will not close): the process exits anyway.
    setTimeout(() => {
      logger.error('api_stop_timed_out');
      process.exit(1);
    }, config.shutdownGraceMs + STOP_BACKSTOP_MS).unref();
    sweeper.stop();
    graceful
      .stop()
      .then(() => services.close())
      .then(
        () => {
          logger.info('api_stopped');
          process.exit(0);
        },
        (error: unknown) => {
          logger.error('api_stop_failed', { error: error instanceof Error ? error.message : String(error) });
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('api failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
