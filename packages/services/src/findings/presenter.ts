import {
  FILTER_STATUSES,
  FINDING_STATUSES,
  FindingView,
  SEVERITIES,
  adversarialSchema,
  evidenceListSchema,
  readEnumColumn,
  readJsonColumn,
  stringListSchema as stringList,
} from '@auditsvc/core';
import type { FindingRecord } from '@auditsvc/db';

export type { FindingView } from '@auditsvc/core';

/** The finding object of spec 2.5 with the extra members of DECISIONS (findingViewSchema, core). */
export function presentFinding(finding: FindingRecord): FindingView {
  const what = (column: string) => `${column} of finding ${finding.id}`;
  return {
    id: finding.id,
    engagement_id: finding.engagementId,
    status: readEnumColumn(FINDING_STATUSES, finding.status, what('status')),
    severity: readEnumColumn(SEVERITIES, finding.severity, what('severity')),
    title: finding.title,
    description: finding.description,
    root_cause: finding.rootCause,
    remediation_scope: finding.remediationScope,
    remediation_effort_hours: finding.remediationEffortHours,
    auditor_notes: finding.auditorNotes,
    primitive: finding.primitive,
    is_canonical: finding.isCanonical,
    merged_finding_ids:
      finding.mergedFindingIds === null
        ? []
        : readJsonColumn(stringList, finding.mergedFindingIds, what('merged_finding_ids')),
    corroboration_score: finding.corroborationScore,
    filter_status:
      finding.filterStatus === null
        ? null
        : readEnumColumn(FILTER_STATUSES, finding.filterStatus, what('filter_status')),
    filter_overridden_by: finding.filterOverriddenBy,
    confidence: finding.confidence,
    evidence:
      finding.evidence === null ? [] : readJsonColumn(evidenceListSchema, finding.evidence, what('evidence')),
    frameworks:
      finding.frameworks === null ? [] : readJsonColumn(stringList, finding.frameworks, what('frameworks')),
    parent_finding_id: finding.parentFindingId,
    iteration: finding.iteration,
    adversarial: readJsonColumn(adversarialSchema, finding.adversarial ?? null, what('adversarial')),
    created_at: finding.createdAt.toISOString(),
    updated_at: finding.updatedAt.toISOString(),
  };
}
