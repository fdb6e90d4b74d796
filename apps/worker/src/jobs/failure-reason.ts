// What a client is told when a job fails for good (engagement.failure_reason, corpus.error, the
// *_failed stream events). The cause itself can hold driver messages or paths: it goes to the
// worker's log, and the client gets a sentence it can act on.
import type { Logger } from '@auditsvc/runtime';

export function publicFailureReason(
  what: string,
  error: Error,
  logger: Logger,
  context: Record<string, unknown>,
): string {
  logger.error('job_exhausted', { ...context, error: error.message });
  if (/stalled more than allowable limit/.test(error.message)) {
    return `${what} stopped: the worker running it was lost too often; start it again.`;
  }
  // A model provider's failure is safe to name, and tells the operator what to look at.
  if (error.name === 'ModelCallError') return `${what} failed: ${error.message}`;
  // The object store (S3) out of reach on every attempt: what to look at, without its details.
  if (error.name === 'StorageUnavailableError') {
    return `${what} stopped: the file store was unavailable; start it again once it is back.`;
  }
  return `${what} stopped on an unexpected error; start it again (the worker log has the details).`;
}
