// What a late subscriber of the corpus or run stream is told first: a snapshot of the current
// state, and whether work is queued or running (if not, the stream closes after the snapshot).
import { runInProgress } from '@auditsvc/core';
import type { Repositories } from '@auditsvc/db';
import type { EngagementService } from '../engagements/service';
import { coalescedReads } from './coalesced-reads';

export function createStreamStateService(deps: {
  repos: Pick<Repositories, 'engagements'>;
  engagements: Pick<EngagementService, 'presentOne'>;
  ingestStages: { get(engagementId: string): Promise<string | null> };
}) {
  // A thousand streams opened together read the engagement a few times, not a thousand (each
  // still gets a read that started after it subscribed: see coalesced-reads.ts).
  const findRecord = coalescedReads((engagementId) => deps.repos.engagements.findById(engagementId));
  const current = coalescedReads(async (engagementId) => {
    const record = await deps.repos.engagements.findById(engagementId);
    return record ? { record, view: await deps.engagements.presentOne(record) } : null;
  });

  return {
    /** The engagement record for a stream's authorisation, read as the stream state is. */
    records: { findById: findRecord },

    async corpus(engagementId: string) {
      const found = await current(engagementId);
      if (!found) return { snapshot: { type: 'snapshot', corpus: null }, active: false };
      const active = found.record.corpusStatus === 'ingesting';
      return {
        snapshot: {
          type: 'snapshot',
          engagement_id: engagementId,
          client_id: found.view.client_id,
          corpus: found.view.corpus,
          stage: active ? await deps.ingestStages.get(engagementId) : null,
        },
        active,
      };
    },

    async run(engagementId: string) {
      const found = await current(engagementId);
      if (!found) return { snapshot: { type: 'snapshot', status: null }, active: false };
      const { view } = found;
      return {
        snapshot: {
          type: 'snapshot',
          engagement_id: engagementId,
          status: view.status,
          is_running: view.is_running,
          progress: view.progress,
          cost: view.cost,
          findings: view.findings,
          failure_reason: view.failure_reason,
        },
        active: runInProgress(found.record),
      };
    },
  };
}

export type StreamStateService = ReturnType<typeof createStreamStateService>;
