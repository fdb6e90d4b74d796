// POST portfolio-clusters/recompute through the queue: the API enqueues a `portfolio-recompute`
// job and waits for its answer, so the model call runs in a worker like every other. The job
// carries the caller's role and firm, and the filters already confined to that firm. With no
// worker connected to the queue (an API started on its own), the API computes it itself with the
// same service rather than wait for a job nobody will take. With Redis unavailable it answers 503.
import { BadGatewayError, Caller, ServiceUnavailableError, requireMutator } from '@auditsvc/core';
import type { PortfolioCaller } from '@auditsvc/jobs';
import { PortfolioFilters, PortfolioQuery, filterKey, normaliseFilters } from '../portfolio/filters';
import type { PortfolioAnswer } from '../portfolio/service';

export const PORTFOLIO_RECOMPUTE_TIMEOUT_MS = 120_000;

export function createQueuedPortfolioRecompute(deps: {
  enqueueAndWait(
    payload: { caller: PortfolioCaller; filters: PortfolioFilters },
    jobId: string,
    timeoutMs: number,
  ): Promise<unknown>;
  /** Whether any worker consumes the portfolio-recompute queue; a 503 when Redis is unavailable. */
  workersListening(): Promise<boolean>;
  /** The same recompute, in this process. */
  computeHere(caller: Caller, query: PortfolioQuery): Promise<PortfolioAnswer>;
  now: () => Date;
  timeoutMs?: number;
}) {
  const timeoutMs = deps.timeoutMs ?? PORTFOLIO_RECOMPUTE_TIMEOUT_MS;
  return {
    async recompute(caller: Caller, query: PortfolioQuery): Promise<PortfolioAnswer> {
      requireMutator(caller);
      // Redis unavailable: a 503 from here, as for every queued job (not a local computation that
      // would bypass the worker's limits while the queue is down).
      const listening = await deps.workersListening();
      if (!listening) return deps.computeHere(caller, query);
      const filters = normaliseFilters(caller, query);
      const payloadCaller: PortfolioCaller =
        caller.kind === 'admin_token'
          ? { kind: 'admin_token' }
          : { kind: 'session', userId: caller.userId, role: caller.role, firmId: caller.firmId };
      // Requests for one filter key (already confined to the caller's firm) in the same millisecond
      // share the job and its answer on purpose: one model call, one snapshot.
      const jobId = `portfolio-${filterKey(filters)}-${deps.now().getTime()}`;
      try {
        return (await deps.enqueueAndWait(
          { caller: payloadCaller, filters },
          jobId,
          timeoutMs,
        )) as PortfolioAnswer;
      } catch (error) {
        if (error instanceof ServiceUnavailableError) throw error;
        const timedOut = error instanceof Error && /timed out|timeout/i.test(error.message);
        throw new BadGatewayError(
          timedOut
            ? `The portfolio recompute did not finish within ${Math.round(timeoutMs / 1000)} seconds; try again.`
            : 'The portfolio recompute failed; try again.',
        );
      }
    },
  };
}

export type QueuedPortfolioRecompute = ReturnType<typeof createQueuedPortfolioRecompute>;
