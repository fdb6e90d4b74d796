// Typed payloads and retry options of the queues, shared by the API (producer) and the worker
// (consumer). Payloads carry ids only; handlers load current state, so a retried job is harmless.
// The queue names and their concurrency are configuration (packages/runtime/src/config.ts).
import type { JobsOptions } from 'bullmq';
import type { Primitive, Role, SeverityLevel } from '@auditsvc/core';
import type { QueueName } from '@auditsvc/runtime';

export { QUEUE_NAMES, type QueueName } from '@auditsvc/runtime';

/**
 * The filters of a portfolio clustering once confined to the caller's firm
 * (packages/services/src/portfolio/filters.ts makes them from the query).
 */
export interface PortfolioFilters {
  firm_id: string | null;
  primitive: Primitive | null;
  severity: SeverityLevel | null;
  canonical_only: boolean;
}

/** Who asked for a portfolio recompute: enough to apply the same role and tenancy rules. */
export type PortfolioCaller =
  { kind: 'admin_token' } | { kind: 'session'; userId: string; role: Role; firmId: string | null };

export interface JobPayloads {
  ingest: { engagementId: string };
  run: { engagementId: string; runId: string };
  'investigate-further': { engagementId: string; runId: string; parentFindingId: string };
  'portfolio-recompute': { caller: PortfolioCaller; filters: PortfolioFilters };
}

/**
 * Retries per queue. Ingest and runs retry once after a crash (their handlers start over from
 * stored state); a job whose worker died is re-queued by BullMQ's stalled-job check once its lock
 * expires.
 */
export const QUEUE_RETRIES: Record<QueueName, JobsOptions> = {
  ingest: { attempts: 2, backoff: { type: 'exponential', delay: 2000 } },
  run: { attempts: 2, backoff: { type: 'exponential', delay: 5000 } },
  'investigate-further': { attempts: 2, backoff: { type: 'exponential', delay: 5000 } },
  'portfolio-recompute': { attempts: 1 },
};

/** What a job carries besides its payload: the request id of the API call that queued it, if any. */
export interface JobTrace {
  requestId?: string;
}

/** The request id a job carries (jobs queued by a sweep carry none). */
export function jobRequestId(data: unknown): string | undefined {
  const requestId = (data as JobTrace | null)?.requestId;
  return typeof requestId === 'string' ? requestId : undefined;
}

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
