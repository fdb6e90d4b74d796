// Waiting for a run to end, as the API shows it: the engagement is back in review, or failed.
import { waitFor } from './wait';

export type EngagementView = Record<string, unknown>;

const RUN_ENDED = ['findings_review', 'failed'];

/** Polls `view` until the engagement's run has ended; resolves with the engagement as then read. */
export function runEnded(
  view: (id: string) => Promise<EngagementView>,
  id: string,
  timeoutMs?: number,
): Promise<EngagementView> {
  return waitFor(
    `the run of ${id} to end`,
    async () => {
      const body = await view(id);
      return RUN_ENDED.includes(body.status as string) ? body : null;
    },
    timeoutMs,
  );
}
