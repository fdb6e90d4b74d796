// Findings summaries kept per API process under the engagement's findings version: the engagement
// object and the engagement list (a dashboard polls them) need a group-by over the findings only
// when the findings changed since the last read. Records carry the version read with them, before
// any summary is read, so a summary kept under a version describes findings at least that new.
import type { EngagementRecord, FindingsSummary } from '@auditsvc/db';

/** Enough for every engagement a busy firm's dashboards show; the oldest entries go first. */
const MAX_ENTRIES = 20_000;

type Versioned = Pick<EngagementRecord, 'id' | 'findingsVersion'>;

/** A kept summary is shared by every caller: frozen, so none can change another's copy. */
function deepFreeze(summary: FindingsSummary): FindingsSummary {
  Object.freeze(summary.by_severity);
  return Object.freeze(summary);
}

export function createFindingsSummaryCache(load: (ids: string[]) => Promise<Map<string, FindingsSummary>>) {
  const entries = new Map<string, { version: number; summary: FindingsSummary }>();

  return async function summariesOf(records: Versioned[]): Promise<Map<string, FindingsSummary>> {
    const result = new Map<string, FindingsSummary>();
    const stale: Versioned[] = [];
    for (const record of records) {
      const entry = entries.get(record.id);
      if (entry?.version === record.findingsVersion) result.set(record.id, entry.summary);
      else stale.push(record);
    }
    if (stale.length === 0) return result;
    const loaded = await load(stale.map((record) => record.id));
    for (const record of stale) {
      const summary = deepFreeze(loaded.get(record.id)!);
      result.set(record.id, summary);
      entries.delete(record.id);
      entries.set(record.id, { version: record.findingsVersion, summary });
    }
    for (const oldest of entries.keys()) {
      if (entries.size <= MAX_ENTRIES) break;
      entries.delete(oldest);
    }
    return result;
  };
}
