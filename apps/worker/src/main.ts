// `npm run start:worker`: consume jobs until SIGTERM or SIGINT, then stop cleanly.
import { ConfigError, createLogger, loadConfig } from '@auditsvc/runtime';
import { startWorker } from './worker';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel, service: 'worker' });
  const worker = await startWorker(config, logger);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('worker_stopping', { signal });
    worker.stop().then(
      () => {
        logger.info('worker_stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error('worker_stop_failed', { error: error instanceof Error ? error.message : String(error) });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error('worker failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
