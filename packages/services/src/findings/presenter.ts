import type { FindingRecord } from '@auditsvc/db';

/** The finding object of spec 2.5 with the extra members of DECISIONS. */
export function presentFinding(finding: FindingRecord) {
  return {
    id: finding.id,
    engagement_id: finding.engagementId,
    status: finding.status,
    severity: finding.severity,
    title: finding.title,
    description: finding.description,
    root_cause: finding.rootCause,
    remediation_scope: finding.remediationScope,
    remediation_effort_hours: finding.remediationEffortHours,
    auditor_notes: finding.auditorNotes,
    primitive: finding.primitive,
    is_canonical: finding.isCanonical,
    merged_finding_ids: (finding.mergedFindingIds as string[] | null) ?? [],
    corroboration_score: finding.corroborationScore,
    filter_status: finding.filterStatus,
    filter_overridden_by: finding.filterOverriddenBy,
    confidence: finding.confidence,
    evidence: (finding.evidence as unknown[] | null) ?? [],
    frameworks: (finding.frameworks as string[] | null) ?? [],
    parent_finding_id: finding.parentFindingId,
    iteration: finding.iteration,
    adversarial: (finding.adversarial as Record<string, unknown> | null) ?? null,
    created_at: finding.createdAt.toISOString(),
    updated_at: finding.updatedAt.toISOString(),
  };
}

export type FindingView = ReturnType<typeof presentFinding>;
