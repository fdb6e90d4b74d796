// Leases on the records a worker is working on, kept in Redis beside BullMQ's own job locks. A
// Redis restarted without its data loses every job, active ones too, while the worker that runs
// one carries on (BullMQ only fails to renew its lock). The queue sweep must not queue such a job
// again: a second copy would run (and spend) beside the first. So a worker renews the lease of
// each job it runs every third of LEASE_MS and at once whenever its connection is ready again,
// and the sweep counts a job whose lease exists as alive.
import type Redis from 'ioredis';
import type { QueueName } from './queues';

export interface JobLeases {
  hold(queue: QueueName, subject: string): void;
  release(queue: QueueName, subject: string): void;
  close(): void;
}

export function leaseKey(queuePrefix: string, queue: QueueName, subject: string): string {
  return `${queuePrefix}:lease:${queue}:${subject}`;
}

/** Whether a live worker holds the lease; a 503-style error when Redis does not answer. */
export async function isLeased(
  redis: Pick<Redis, 'exists'>,
  queuePrefix: string,
  queue: QueueName,
  subject: string,
): Promise<boolean> {
  return (await redis.exists(leaseKey(queuePrefix, queue, subject))) === 1;
}

/**
 * `leaseMs` is how long a lease outlives its worker: the job lock's duration, so a worker killed
 * outright frees its jobs' leases when BullMQ frees their locks.
 */
export function createJobLeases(connection: Redis, queuePrefix: string, leaseMs: number): JobLeases {
  const held = new Set<string>();
  // Best effort: while Redis is down nothing is written (the renewal on 'ready' catches up).
  const renew = (key: string) => {
    if (connection.status !== 'ready') return;
    connection.set(key, '1', 'PX', leaseMs).catch(() => undefined);
  };
  const renewAll = () => held.forEach(renew);
  const timer = setInterval(renewAll, Math.max(100, Math.floor(leaseMs / 3)));
  timer.unref();
  connection.on('ready', renewAll);
  return {
    hold(queue, subject) {
      const key = leaseKey(queuePrefix, queue, subject);
      held.add(key);
      renew(key);
    },
    release(queue, subject) {
      const key = leaseKey(queuePrefix, queue, subject);
      held.delete(key);
      if (connection.status === 'ready') connection.del(key).catch(() => undefined);
    },
    close() {
      clearInterval(timer);
      connection.off('ready', renewAll);
      held.clear();
    },
  };
}
