// When the queue sweep (sweep.ts) runs, in a worker or an API process: at start, whenever the
// process's Redis connection is ready again after an outage, and every SWEEP_INTERVAL_MS in
// between (a Redis restarted faster than a reconnect is noticed). Each time it waits one job lock
// duration first, so that every live worker has renewed its leases on the restarted Redis before
// the sweep reads them. Under the sweep lock, one process sweeps at a time.
import type Redis from 'ioredis';
import { withSweepLock } from '@auditsvc/jobs';
import type { Logger } from '@auditsvc/runtime';
import { INGEST_SWEEP_GRACE_MS, type SweepReport } from './sweep';

/** The sweep also runs this often without a cause seen. */
export const SWEEP_INTERVAL_MS = 60_000;

export interface QueueSweeper {
  stop(): void;
}

export function startQueueSweeper(options: {
  connection: Redis;
  queuePrefix: string;
  /** The job lock duration: how long to wait before a sweep, and how long the lock may be held. */
  lockMs: number;
  sweep(): Promise<SweepReport>;
  logger: Logger;
}): QueueSweeper {
  const { connection, logger } = options;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running = false;
  const schedule = (delayMs: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void run(), delayMs);
    timer.unref();
  };
  async function run() {
    if (running) return schedule(options.lockMs);
    running = true;
    try {
      const report = await withSweepLock(connection, options.queuePrefix, 10 * options.lockMs, options.sweep);
      // Ingests too young to judge are looked at again once they are not.
      schedule(report && report.deferred > 0 ? INGEST_SWEEP_GRACE_MS : SWEEP_INTERVAL_MS);
    } catch (error) {
      // Redis or the database went away meanwhile; the next 'ready' (or the interval) tries again.
      logger.warn('queue_sweep_failed', { error: error instanceof Error ? error.message : String(error) });
      schedule(SWEEP_INTERVAL_MS);
    } finally {
      running = false;
    }
  }
  const onReady = () => schedule(options.lockMs);
  connection.on('ready', onReady);
  schedule(options.lockMs);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      connection.off('ready', onReady);
    },
  };
}
