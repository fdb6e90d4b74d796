// Engine findings -> finding rows. Engine keys become `f-` ids; a canonical finding lists the ids
// of the raw findings it swallowed, and each of those points back at it. A finding whose
// fingerprint a reviewer's surviving decision already covers is not added again (with the raw
// findings it swallowed).
import { newId } from '@auditsvc/core';
import { FindingCreate, SEVERITY_RANK } from '@auditsvc/db';
import type { EngineFinding } from '@auditsvc/engine/src/lean';

export interface FindingRowContext {
  engagementId: string;
  firmId: string;
  runId: string;
  parentFindingId: string | null;
  /** Investigate-further findings all carry this iteration; a run keeps the engine's. */
  iteration: number | null;
  /** Fingerprints already present that must not be added again. */
  skipFingerprints: ReadonlySet<string>;
}

export function findingRows(findings: EngineFinding[], context: FindingRowContext): FindingCreate[] {
  const canonicalOf = new Map<string, string>();
  for (const finding of findings) {
    if (finding.isCanonical) for (const key of finding.mergedKeys) canonicalOf.set(key, finding.key);
  }
  const skipped = new Set(
    findings.filter((f) => f.isCanonical && context.skipFingerprints.has(f.fingerprint)).map((f) => f.key),
  );
  const kept = findings.filter((finding) => {
    if (skipped.has(finding.key)) return false;
    const canonical = canonicalOf.get(finding.key);
    if (!finding.isCanonical && canonical !== undefined && skipped.has(canonical)) return false;
    return !(!finding.isCanonical && context.skipFingerprints.has(finding.fingerprint));
  });
  const ids = new Map(kept.map((finding) => [finding.key, newId('finding')]));
  return kept.map((finding) => {
    const canonicalKey = finding.isCanonical ? undefined : canonicalOf.get(finding.key);
    return {
      id: ids.get(finding.key)!,
      engagementId: context.engagementId,
      firmId: context.firmId,
      runId: context.runId,
      status: 'pending',
      severity: finding.severity,
      severityRank: SEVERITY_RANK[finding.severity],
      title: finding.title,
      description: finding.description,
      rootCause: finding.rootCause,
      remediationScope: finding.remediationScope,
      remediationEffortHours: finding.remediationEffortHours,
      auditorNotes: '',
      primitive: finding.primitive,
      isCanonical: finding.isCanonical,
      mergedFindingIds: finding.isCanonical
        ? finding.mergedKeys.map((key) => ids.get(key)).filter((id): id is string => id !== undefined)
        : [],
      canonicalFindingId: canonicalKey === undefined ? null : (ids.get(canonicalKey) ?? null),
      corroborationScore: finding.corroborationScore,
      filterStatus: finding.filterStatus,
      confidence: finding.confidence,
      evidence: finding.evidence.map((item) => ({ ...item })),
      frameworks: finding.frameworks,
      parentFindingId: context.parentFindingId,
      iteration: context.iteration ?? Math.max(1, finding.iteration),
      adversarial: (finding.adversarial ?? undefined) as object | undefined,
      fingerprint: finding.fingerprint,
      reviewerTouched: false,
    };
  });
}

/** Counts of what the run produced, for logs. */
export function countRows(rows: FindingCreate[]) {
  const canonical = rows.filter((row) => row.isCanonical).length;
  return { canonical, raw: rows.length - canonical };
}
