// Queue names and typed payloads shared by the API (producer) and the worker (consumer).
// Payloads carry ids only; handlers load current state, so a retried job is harmless.

export const QUEUE_NAMES = ['ingest', 'run', 'investigate-further', 'portfolio-recompute'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

export interface JobPayloads {
  ingest: { engagementId: string };
  run: { engagementId: string; runId: string };
  'investigate-further': { engagementId: string; runId: string; parentFindingId: string };
  'portfolio-recompute': { filterKey: string; firmId: string | null; requestedBy: string | null };
}

/** BullMQ options shared by every queue: all keys live under QUEUE_PREFIX. */
export function bullPrefix(queuePrefix: string): string {
  return `${queuePrefix}:bull`;
}

/** The pub/sub channel that carries an engagement's progress events. */
export function progressChannel(queuePrefix: string, engagementId: string): string {
  return `${queuePrefix}:progress:${engagementId}`;
}
