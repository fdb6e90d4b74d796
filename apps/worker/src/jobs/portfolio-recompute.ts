// The `portfolio-recompute` queue: the API waits for this job's result (enqueueAndWait), so the
// one model call of a recompute runs in the worker like every other model call.
import type { Caller } from '@auditsvc/core';
import type { JobPayloads, PortfolioCaller } from '@auditsvc/jobs';
import type { QueueHandler } from '../worker';
import type { WorkerServices } from '../services';

/** The caller again, for the service's role and tenancy rules (it only reads these members). */
function callerFrom(caller: PortfolioCaller): Caller {
  if (caller.kind === 'admin_token') return { kind: 'admin_token' };
  return { ...caller, sessionId: '', email: '' };
}

export function portfolioRecomputeHandler(services: WorkerServices): QueueHandler {
  return {
    async process(job) {
      const { caller, filters } = job.data as JobPayloads['portfolio-recompute'];
      return services.portfolio.recompute(callerFrom(caller), {
        ...(filters.firm_id ? { firm_id: filters.firm_id } : {}),
        ...(filters.primitive ? { primitive: filters.primitive } : {}),
        ...(filters.severity ? { severity: filters.severity } : {}),
        canonical_only: filters.canonical_only,
      });
    },
  };
}
