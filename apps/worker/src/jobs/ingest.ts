// The `ingest` queue: parse, chunk and index an engagement's corpus (packages/services/src/corpus/ingest.ts).
import type { JobPayloads } from '@auditsvc/jobs';
import type { QueueHandler } from '../worker';
import type { WorkerServices } from '../services';
import { publicFailureReason } from './failure-reason';

export function ingestHandler(services: WorkerServices): QueueHandler {
  return {
    async process(job) {
      const { engagementId } = job.data as JobPayloads['ingest'];
      await services.ingest.ingest(engagementId);
    },
    async onExhausted(job, error) {
      const { engagementId } = job.data as JobPayloads['ingest'];
      await services.ingest.fail(
        engagementId,
        publicFailureReason('The ingest', error, services.logger, {
          queue: 'ingest',
          engagement_id: engagementId,
        }),
      );
    },
  };
}
