// The run job (spec 3.1, 6.1 with DECISIONS): queued -> running -> findings_review (or failed).
// Every engine event is relayed on the engagement's run stream; progress events only update
// engagement.progress (throttled) so polling shows what the stream shows. Findings and the final
// status are written in one transaction, which also clears what an earlier attempt of the same
// run wrote, so a job restarted after a crash simply runs again.
//
// A run replaces the earlier runs' findings that are still pending and untouched; a reviewer's
// decisions (accepted, rejected, refined, edited) survive, and a new finding with the fingerprint
// of a surviving one is not added again. An investigate-further mini-run replaces nothing: its
// findings are added with the parent finding and the next iteration number.
import { readIntake } from '@auditsvc/core';
import type { Repositories, RunRecord } from '@auditsvc/db';
import { RUN_ACTIVE_STATUSES, SQL_NULL } from '@auditsvc/db';
import { type RunEvent, type RunResult, methodologyRecordOf, runAudit, runIntakeOf } from '@auditsvc/engine';
import type { ProgressPublisher } from '@auditsvc/jobs';
import type { Logger } from '@auditsvc/runtime';
import { presentEngagement } from '../engagements/presenter';
import { countRows, findingRows } from './finding-rows';
import type { RunGatewayFactory } from '../model-spend/gateways';
import { engineOptions, spendCeiling, storedRunOptions } from './options';
import { loadCorpusSnapshot } from './snapshot';
import { createRunFailure } from './run-failure';

export interface RunExecutorDeps {
  repos: Pick<Repositories, 'engagements' | 'corpus' | 'spend' | 'runs' | 'transaction'>;
  progress: ProgressPublisher;
  gateways: RunGatewayFactory;
  logger: Logger;
  now: () => Date;
  /** engagement.progress is written at most this often for `progress` events (stage starts always). */
  progressIntervalMs?: number;
  /** Told how long each stage took (the process's metrics). */
  onStageComplete?: (stage: string, seconds: number) => void;
}

/** What the queue lets a job do about a shutdown. */
export interface RunControl {
  shuttingDown(): boolean;
  /** Puts the job back on its queue and ends this attempt (never returns). */
  requeue(): Promise<never>;
}

export interface RunProgress {
  stage: string;
  iteration: number;
  questions_done: number;
  questions_total: number;
}

const ACTIVE: readonly string[] = RUN_ACTIVE_STATUSES;

export function createRunExecutor(deps: RunExecutorDeps) {
  const { repos, progress, logger, now } = deps;
  const store = repos.runs;
  const interval = deps.progressIntervalMs ?? 500;

  /** Writes engagement.progress, at most every `interval` ms unless forced. */
  function progressRecorder(engagementId: string) {
    let lastWrite = 0;
    return async (value: RunProgress, force: boolean) => {
      const at = Date.now();
      if (!force && at - lastWrite < interval) return;
      lastWrite = at;
      await store.updateEngagementIfActive(engagementId, { progress: value as object });
    };
  }

  async function present(engagementId: string) {
    const record = (await repos.engagements.findById(engagementId))!;
    const summaries = await repos.engagements.summaries([engagementId]);
    return presentEngagement(record, summaries.get(engagementId));
  }

  /** Findings and the final status, in one transaction; false when the run is no longer ours. */
  async function persist(run: RunRecord, firmId: string, result: RunResult): Promise<boolean> {
    return repos.transaction(async (tx) => {
      const runs = tx.runs;
      const claimed = await runs.updateRunIfStatus(run.id, ['running'], {
        status: 'completed',
        completedAt: now(),
        failureReason: null,
        // How the run read the corpus, for the run object and the deliverable's methodology.
        methodology: { ...methodologyRecordOf(result) },
      });
      if (!claimed) return false;
      await runs.deleteFindingsOfRun(run.engagementId, run.id);
      const fullRun = run.kind === 'run';
      if (fullRun) await runs.deleteReplaceableFindings(run.engagementId);
      const rows = findingRows(result.findings, {
        engagementId: run.engagementId,
        firmId,
        runId: run.id,
        parentFindingId: run.parentFindingId,
        iteration: fullRun ? null : (await runs.maxIteration(run.engagementId)) + 1,
        // A finding the engagement already holds (a reviewer's decision a re-run keeps, or what a
        // steered mini-run found again) is not added twice.
        skipFingerprints: await runs.fingerprints(run.engagementId),
      });
      await tx.findings.createMany(rows);
      await runs.updateEngagementIfActive(run.engagementId, {
        status: 'findings_review',
        isRunning: false,
        completedAt: now(),
        progress: SQL_NULL,
      });
      logger.info('run_findings_stored', {
        engagement_id: run.engagementId,
        run_id: run.id,
        ...countRows(rows),
      });
      return true;
    });
  }

  /** Back to queued after a shutdown cancelled the run; another attempt starts it over. */
  async function backToQueue(run: RunRecord): Promise<void> {
    await repos.transaction(async (tx) => {
      const runs = tx.runs;
      await runs.updateRunIfStatus(run.id, ['running'], { status: 'queued' });
      await runs.updateEngagementIfActive(run.engagementId, {
        status: 'queued',
        isRunning: false,
        progress: SQL_NULL,
      });
    });
  }

  return {
    async execute(runId: string, control: RunControl): Promise<void> {
      const run = await store.findRun(runId);
      if (!run || !ACTIVE.includes(run.status)) return;
      const engagement = await repos.engagements.findById(run.engagementId);
      if (!engagement || !ACTIVE.includes(engagement.status) || engagement.clientId === null) {
        await store.updateRunIfStatus(runId, ACTIVE, {
          status: 'failed',
          failureReason: 'The engagement is no longer waiting for this run.',
          completedAt: now(),
        });
        return;
      }
      const engagementId = engagement.id;
      const startedAt = now();
      const initial: RunProgress = { stage: 'profile', iteration: 0, questions_done: 0, questions_total: 0 };
      // The run may be gone since it was read: the API deletes a run whose job it reported as not
      // queued (Redis answered too late), and this job is then a stray that must do nothing.
      const started = await repos.transaction(async (tx) => {
        const runs = tx.runs;
        if (!(await runs.updateRunIfStatus(runId, ACTIVE, { status: 'running', startedAt }))) return false;
        await runs.updateEngagementIfActive(engagementId, {
          status: 'running',
          isRunning: true,
          startedAt,
          completedAt: null,
          failureReason: null,
          progress: initial as object,
        });
        return true;
      });
      if (!started) return;
      // Reservations of a crashed attempt would otherwise hold budget forever.
      await repos.spend.clearReservations(engagementId);
      logger.info('run_started', { engagement_id: engagementId, run_id: runId, kind: run.kind });

      const options = storedRunOptions(run);
      // A mini-run's cap counts what its earlier attempts (a worker killed mid-run) already spent.
      const ceiling =
        run.kind === 'run'
          ? null
          : spendCeiling(options, (await repos.spend.state(engagementId))!.spentMicrocents);
      const recordProgress = progressRecorder(engagementId);
      const stageStarted = new Map<string, number>();
      const snapshot = await loadCorpusSnapshot(repos, engagement.clientId);
      if (snapshot.documents.length === 0) throw new Error('The corpus has no parsed documents.');
      const result = await runAudit({
        snapshot,
        intake: runIntakeOf(readIntake(engagement.intake)),
        archetype: engagement.archetype,
        options: engineOptions(options),
        gateway: deps.gateways(engagementId, ceiling),
        ...(options.steering ? { steering: options.steering } : {}),
        isCancelled: () => control.shuttingDown(),
        emit: async (event: RunEvent) => {
          if (event.type === 'progress') {
            const { stage, iteration, questions_done, questions_total } = event;
            await recordProgress({ stage, iteration, questions_done, questions_total }, false);
            return;
          }
          if (event.type === 'stage_complete') {
            const started = stageStarted.get(event.stage);
            if (started !== undefined)
              deps.onStageComplete?.(event.stage, (performance.now() - started) / 1000);
          }
          if (event.type === 'stage_start') {
            stageStarted.set(event.stage, performance.now());
            await recordProgress(
              { stage: event.stage, iteration: event.iteration, questions_done: 0, questions_total: 0 },
              true,
            );
          }
          await progress.publish(engagementId, 'run', { ...event });
        },
      });

      if (result.aborted === 'cancelled' && control.shuttingDown()) {
        logger.info('run_requeued', { engagement_id: engagementId, run_id: runId });
        await backToQueue(run);
        await control.requeue();
        return;
      }
      if (!(await persist({ ...run, status: 'running' }, engagement.firmId, result))) return;
      const view = await present(engagementId);
      logger.info('run_complete', {
        engagement_id: engagementId,
        run_id: runId,
        aborted: result.aborted,
        iterations: result.iterations,
        model_calls: result.modelCalls,
      });
      await progress.publish(engagementId, 'run', {
        type: 'run_complete',
        engagement_id: engagementId,
        run_id: runId,
        status: view.status,
        findings: view.findings,
        aborted: result.aborted,
        converged: result.converged,
        iterations: result.iterations,
        cost: view.cost,
      });
    },

    /** Ends the run as failed (run-failure.ts). */
    fail: createRunFailure(deps).fail,
  };
}

export type RunExecutor = ReturnType<typeof createRunExecutor>;
