// Queue names, typed payloads and retry options shared by the API (producer) and the worker
// (consumer). Payloads carry ids only; handlers load current state, so a retried job is harmless.
import type { JobsOptions } from 'bullmq';

export const QUEUE_NAMES = ['ingest', 'run', 'investigate-further', 'portfolio-recompute'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

export interface PortfolioFilters {
  firm_id: string | null;
  primitive: string | null;
  severity: string | null;
  canonical_only: boolean;
}

/** Who asked for a portfolio recompute: enough to apply the same role and tenancy rules. */
export type PortfolioCaller =
  | { kind: 'admin_token' }
  | { kind: 'session'; userId: string; role: 'admin' | 'partner' | 'associate'; firmId: string | null };

export interface JobPayloads {
  ingest: { engagementId: string };
  run: { engagementId: string; runId: string };
  'investigate-further': { engagementId: string; runId: string; parentFindingId: string };
  'portfolio-recompute': { caller: PortfolioCaller; filters: PortfolioFilters };
}

/**
 * Retries and concurrency, declared beside the queue names. Ingest and runs retry once after a
 * crash (their handlers start over from stored state); a job whose worker died is re-queued by
 * BullMQ's stalled-job check once its lock expires.
 */
export const QUEUE_SETTINGS: Record<QueueName, { job: JobsOptions; concurrency: number }> = {
  ingest: {
    job: { attempts: 2, backoff: { type: 'exponential', delay: 2000 } },
    concurrency: 1,
  },
  run: {
    job: { attempts: 2, backoff: { type: 'exponential', delay: 5000 } },
    concurrency: 2,
  },
  'investigate-further': {
    job: { attempts: 2, backoff: { type: 'exponential', delay: 5000 } },
    concurrency: 2,
  },
  'portfolio-recompute': {
    job: { attempts: 1 },
    concurrency: 2,
  },
};

/** Every key BullMQ writes lives under QUEUE_PREFIX. */
export function bullPrefix(queuePrefix: string): string {
  return `${queuePrefix}:bull`;
}

/**
 * The stored record a job works on, by which the queue sweep finds a job's lease: the run for run
 * and investigate-further jobs, the engagement for ingest jobs. Portfolio recompute jobs have no
 * stored record (their caller waits for them), so nothing can be lost behind them.
 */
export function jobSubject(name: QueueName, data: unknown): string | null {
  const payload = data as Partial<JobPayloads['run'] & JobPayloads['ingest']>;
  if (name === 'run' || name === 'investigate-further') return payload.runId ?? null;
  if (name === 'ingest') return payload.engagementId ?? null;
  return null;
}
