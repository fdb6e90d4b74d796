// Starting audit runs and investigate-further mini-runs (spec 3.1, 4.3, 4.5 with DECISIONS). The
// service checks the preconditions, queues the engagement with a compare-and-set (of two parallel
// starts exactly one wins; the other gets 409), records a Run row and puts the job on its queue.
// The run itself happens in the worker (executor.ts).
import {
  Caller,
  ConflictError,
  NotFoundError,
  ValidationError,
  firmScope,
  assertNotFrozen,
  newId,
  runInProgress,
  microcentsToCents,
} from '@auditsvc/core';
import type { EngagementRecord, Repositories } from '@auditsvc/db';
import { SQL_NULL } from '@auditsvc/db';
import type { Primitive, RunKind } from '@auditsvc/core';
import type { Logger } from '@auditsvc/runtime';
import { runJobId } from '../queue-sweep/sweep';
import type { EngagementService } from '../engagements/service';
import {
  INVESTIGATE_DEFAULT_BUDGET_CENTS,
  INVESTIGATE_DEFAULT_MAX_QUESTIONS,
  InvestigateFurtherRequest,
  RunRequest,
  StoredRunOptions,
  investigateOptionsFrom,
  runOptionsFrom,
  engagementRunOptions,
} from './options';
import { runMethodology } from './methodology';
import { presentRun } from './presenter';

export interface RunServiceDeps {
  repos: Pick<Repositories, 'engagements' | 'findings' | 'runs' | 'transaction'>;
  logger: Logger;
  engagements: Pick<EngagementService, 'requireVisible'>;
  now: () => Date;
  enqueueRun(payload: { engagementId: string; runId: string }): Promise<void>;
  enqueueInvestigation(payload: {
    engagementId: string;
    runId: string;
    parentFindingId: string;
  }): Promise<void>;
}

const CORPUS_REQUIRED = 'the engagement has no ingested corpus: ingest one, or name one as client_id';

export function createRunService(deps: RunServiceDeps) {
  const { repos } = deps;

  /** The corpus a run reads: the body's client_id (checked) or the one bound to the engagement. */
  async function corpusFor(caller: Caller, engagement: EngagementRecord, clientId: string | undefined) {
    if (clientId === undefined) {
      if (engagement.clientId === null) throw ValidationError.of(['body', 'client_id'], CORPUS_REQUIRED);
      return engagement.clientId;
    }
    // A corpus is named by the id of the engagement it was ingested into (client_id = that id). It
    // must be visible to the caller and belong to the engagement's firm: findings quote the corpus,
    // so a run never carries one firm's documents into another firm's engagement.
    const owner = await repos.engagements.findById(clientId);
    const scope = firmScope(caller);
    const visible =
      owner !== null && (scope === null || owner.firmId === scope) && owner.firmId === engagement.firmId;
    if (!owner || !visible || owner.corpusStatus !== 'ingested' || owner.clientId !== clientId) {
      throw ValidationError.of(['body', 'client_id'], 'client_id does not name an ingested corpus');
    }
    return clientId;
  }

  /**
   * Queues the engagement and records the Run in one transaction, then enqueues the job. If the
   * queue cannot be reached (a 503), the run row is deleted and the engagement gets back every
   * field the claim wrote, so it is exactly as it was. A job that did reach the queue late is
   * harmless: its run is gone, and the worker skips it.
   */
  async function queue(input: {
    engagement: EngagementRecord;
    kind: RunKind;
    options: StoredRunOptions;
    parentFindingId: string | null;
    engagementData: Record<string, unknown>;
    enqueue(runId: string): Promise<void>;
  }): Promise<string> {
    const { engagement } = input;
    const runId = newId('run');
    type EngagementUpdate = Parameters<Repositories['runs']['claimEngagementForRun']>[1];
    const claimed = await repos.transaction(async (tx) => {
      const store = tx.runs;
      const won = await store.claimEngagementForRun(engagement.id, {
        status: 'queued',
        progress: SQL_NULL,
        failureReason: null,
        ...input.engagementData,
      } as EngagementUpdate);
      if (!won) return false;
      await store.createRun({
        id: runId,
        engagementId: engagement.id,
        kind: input.kind,
        status: 'queued',
        options: input.options as object,
        parentFindingId: input.parentFindingId,
        jobId: runJobId({ id: runId, kind: input.kind }),
      });
      return true;
    });
    if (!claimed) throw new ConflictError('A run is already in progress on this engagement.');
    try {
      await input.enqueue(runId);
    } catch (error) {
      // Every field a claim of either kind writes, as it was (updatedAt too: nothing happened).
      const before = {
        status: engagement.status,
        progress: engagement.progress ?? SQL_NULL,
        failureReason: engagement.failureReason,
        clientId: engagement.clientId,
        runOptions: engagement.runOptions ?? SQL_NULL,
        updatedAt: engagement.updatedAt,
      } as EngagementUpdate;
      const undone = await repos.transaction(async (tx) => {
        if (!(await tx.runs.deleteRunIfStatus(runId, ['queued']))) return false;
        await tx.runs.updateEngagementIfActive(engagement.id, before);
        return true;
      });
      // The job reached the queue after all (Redis answered late) and a worker has taken it.
      if (!undone) return runId;
      throw error;
    }
    return runId;
  }

  return {
    /** GET engagement/{id}/runs: the engagement's runs, newest first, with their methodology records. */
    async list(caller: Caller, engagementId: string, page: { limit: number; offset: number }) {
      await deps.engagements.requireVisible(caller, engagementId);
      const { items, total } = await repos.runs.listForEngagement(engagementId, page);
      return { items: items.map((run) => presentRun(run, runMethodology(run, deps.logger))), total };
    },

    /** POST engagement/{id}/run: 202 once the run is queued. */
    async start(caller: Caller, engagementId: string, request: RunRequest) {
      const engagement = await deps.engagements.requireVisible(caller, engagementId);
      assertNotFrozen(engagement, 'run');
      if (runInProgress(engagement))
        throw new ConflictError('A run is already in progress on this engagement.');
      if (engagement.intake === null) {
        throw ValidationError.of(
          ['path', 'engagement_id'],
          'the engagement has no intake; set it before a run',
        );
      }
      const clientId = await corpusFor(caller, engagement, request.client_id);
      const options = runOptionsFrom(request);
      await queue({
        engagement,
        kind: 'run',
        options,
        parentFindingId: null,
        engagementData: { clientId, runOptions: options as object },
        enqueue: (runId) => deps.enqueueRun({ engagementId, runId }),
      });
      return { ok: true as const, engagement_id: engagementId, status: 'queued' as const };
    },

    /** POST finding/{id}/investigate-further: a one-iteration run steered at the finding. */
    async investigateFurther(
      caller: Caller,
      engagementId: string,
      findingId: string,
      request: InvestigateFurtherRequest,
    ) {
      const engagement = await deps.engagements.requireVisible(caller, engagementId);
      assertNotFrozen(engagement, 'investigate_further');
      const finding = await repos.findings.findInEngagement(engagementId, findingId);
      if (!finding) throw new NotFoundError('Finding');
      if (engagement.intake === null || engagement.clientId === null) {
        throw ValidationError.of(
          ['path', 'engagement_id'],
          'investigate-further needs a prior run (intake set and client_id recorded)',
        );
      }
      if (runInProgress(engagement))
        throw new ConflictError('A run is already in progress on this engagement.');
      const remainingCents = Math.max(
        0,
        engagement.budgetCents - microcentsToCents(engagement.spentMicrocents),
      );
      const budgetCents = Math.min(request.budget_cents ?? INVESTIGATE_DEFAULT_BUDGET_CENTS, remainingCents);
      const primitive = (request.primitive ?? finding.primitive) as Primitive;
      const options = investigateOptionsFrom(
        engagementRunOptions(engagement.runOptions),
        {
          text: request.steering_text ?? finding.description,
          primitive,
          maxQuestions: request.max_questions ?? INVESTIGATE_DEFAULT_MAX_QUESTIONS,
        },
        { cents: budgetCents, spentBeforeMicrocents: engagement.spentMicrocents },
      );
      await queue({
        engagement,
        kind: 'investigate_further',
        options,
        parentFindingId: findingId,
        engagementData: {},
        enqueue: (runId) => deps.enqueueInvestigation({ engagementId, runId, parentFindingId: findingId }),
      });
      return {
        ok: true as const,
        engagement_id: engagementId,
        parent_finding_id: findingId,
        primitive,
        status: 'queued' as const,
      };
    },
  };
}

export type RunService = ReturnType<typeof createRunService>;
