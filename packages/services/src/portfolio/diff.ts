// The diff of two portfolio snapshots (DECISIONS "Portfolio clusters"). Cluster ids are numbered
// afresh on every recompute, so clusters are matched by their member findings: a current and a
// previous cluster are the same theme when at least half of the smaller one's members are in the
// other. Pairs are taken greedily, best overlap first, each cluster in at most one pair.

import type { FromSchema } from 'json-schema-to-ts';

export interface SnapshotCluster {
  id: string;
  theme: string;
  member_finding_ids: string[];
}

export const CLUSTER_CHANGES = ['added', 'removed', 'grew', 'shrank', 'unchanged'] as const;
export type ClusterChange = (typeof CLUSTER_CHANGES)[number];

const count = { type: 'integer', minimum: 0 } as const;
const nullableString = { type: ['string', 'null'] } as const;

/** How many clusters each change befell. */
export const diffSummarySchema = {
  type: 'object',
  properties: { added: count, removed: count, grew: count, shrank: count, unchanged: count },
  required: [...CLUSTER_CHANGES],
  additionalProperties: false,
} as const;

/**
 * One theme's change; member_overlap_pct is the shared members over all members of both (Jaccard),
 * in percent; 0 for added and removed.
 */
export const diffEntrySchema = {
  type: 'object',
  properties: {
    change: { type: 'string', enum: [...CLUSTER_CHANGES] },
    theme: { type: 'string' },
    current_cluster_id: nullableString,
    previous_cluster_id: nullableString,
    previous_size: count,
    current_size: count,
    member_overlap_pct: { type: 'number', minimum: 0, maximum: 100 },
  },
  required: [
    'change',
    'theme',
    'current_cluster_id',
    'previous_cluster_id',
    'previous_size',
    'current_size',
    'member_overlap_pct',
  ],
  additionalProperties: false,
} as const;

export type DiffEntry = FromSchema<typeof diffEntrySchema>;

export interface ClusterDiff {
  summary: FromSchema<typeof diffSummarySchema>;
  entries: DiffEntry[];
}

/** Share of the smaller cluster's members found in the other, needed to call two clusters one theme. */
export const MATCH_THRESHOLD = 0.5;

function overlap(a: Set<string>, b: Set<string>) {
  let shared = 0;
  for (const id of a) if (b.has(id)) shared++;
  const smaller = Math.min(a.size, b.size);
  return {
    containment: smaller > 0 ? shared / smaller : 0,
    jaccard: shared / (a.size + b.size - shared || 1),
  };
}

function changeOf(previousSize: number, currentSize: number): ClusterChange {
  if (currentSize > previousSize) return 'grew';
  if (currentSize < previousSize) return 'shrank';
  return 'unchanged';
}

export function diffClusters(current: SnapshotCluster[], previous: SnapshotCluster[]): ClusterDiff {
  const currentSets = current.map((cluster) => new Set(cluster.member_finding_ids));
  const previousSets = previous.map((cluster) => new Set(cluster.member_finding_ids));
  const pairs: { c: number; p: number; containment: number; jaccard: number }[] = [];
  currentSets.forEach((c, ci) =>
    previousSets.forEach((p, pi) => {
      const o = overlap(c, p);
      if (o.containment >= MATCH_THRESHOLD) pairs.push({ c: ci, p: pi, ...o });
    }),
  );
  pairs.sort((x, y) => y.containment - x.containment || y.jaccard - x.jaccard || x.c - y.c || x.p - y.p);
  const matchOfCurrent = new Map<number, { p: number; jaccard: number }>();
  const matchedPrevious = new Set<number>();
  for (const pair of pairs) {
    if (matchOfCurrent.has(pair.c) || matchedPrevious.has(pair.p)) continue;
    matchOfCurrent.set(pair.c, { p: pair.p, jaccard: pair.jaccard });
    matchedPrevious.add(pair.p);
  }

  const entries: DiffEntry[] = current.map((cluster, ci) => {
    const match = matchOfCurrent.get(ci);
    const currentSize = currentSets[ci]!.size;
    if (!match) {
      return {
        change: 'added',
        theme: cluster.theme,
        current_cluster_id: cluster.id,
        previous_cluster_id: null,
        previous_size: 0,
        current_size: currentSize,
        member_overlap_pct: 0,
      };
    }
    const before = previous[match.p]!;
    const previousSize = previousSets[match.p]!.size;
    return {
      change: changeOf(previousSize, currentSize),
      theme: cluster.theme,
      current_cluster_id: cluster.id,
      previous_cluster_id: before.id,
      previous_size: previousSize,
      current_size: currentSize,
      member_overlap_pct: Math.round(match.jaccard * 1000) / 10,
    };
  });
  previous.forEach((cluster, pi) => {
    if (matchedPrevious.has(pi)) return;
    entries.push({
      change: 'removed',
      theme: cluster.theme,
      current_cluster_id: null,
      previous_cluster_id: cluster.id,
      previous_size: previousSets[pi]!.size,
      current_size: 0,
      member_overlap_pct: 0,
    });
  });
  const summary: Record<ClusterChange, number> = { added: 0, removed: 0, grew: 0, shrank: 0, unchanged: 0 };
  for (const entry of entries) summary[entry.change] += 1;
  return { summary, entries };
}
