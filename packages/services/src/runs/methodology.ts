// A run's stored methodology record, read back through its schema: a row whose record does not fit
// (written by hand, or damaged) is logged as an error and read as no record, so a reviewer still
// sees the run and the deliverable still renders.
import type { RunRecord } from '@auditsvc/db';
import { type MethodologyRecord, readMethodologyRecord } from '@auditsvc/engine/src/lean';
import type { Logger } from '@auditsvc/runtime';

/** The run's record, or null: none stored (a failed run, or one completed before it was recorded) or a bad one. */
export function runMethodology(run: RunRecord, logger: Logger): MethodologyRecord | null {
  if (run.methodology === null) return null;
  try {
    return readMethodologyRecord(run.methodology);
  } catch (error) {
    logger.error('run_methodology_invalid', {
      run_id: run.id,
      engagement_id: run.engagementId,
      error: (error as Error).message,
    });
    return null;
  }
}
