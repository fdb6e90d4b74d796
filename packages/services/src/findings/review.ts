// Human review of findings (spec 3.2, 4.5): accept, reject, refine, edit, bulk-action. Applying the
// status a finding already has is a no-op. Every change marks the engagement updated.
import {
  Caller,
  FindingStatus,
  NotFoundError,
  SEVERITIES,
  ValidationError,
  assertNotFrozen,
} from '@auditsvc/core';
import type { FromSchema } from 'json-schema-to-ts';
import { FindingRecord, Repositories, SEVERITY_RANK, TransactionalRepositories } from '@auditsvc/db';
import type { EngagementService } from '../engagements/service';

export type { FindingStatus } from '@auditsvc/core';

/** The fields an auditor may change on a finding (POST .../edit). */
export const findingEditSchema = {
  type: 'object',
  properties: {
    description: { type: 'string', minLength: 1, maxLength: 20000 },
    root_cause: { type: 'string', maxLength: 20000 },
    remediation_scope: { type: 'string', maxLength: 20000 },
    remediation_effort_hours: { type: 'number', minimum: 0, maximum: 100000 },
    severity: { type: 'string', enum: [...SEVERITIES] },
  },
  additionalProperties: false,
} as const;
export type FindingEdit = FromSchema<typeof findingEditSchema>;

const EDIT_COLUMNS: Record<keyof FindingEdit, string> = {
  description: 'description',
  root_cause: 'rootCause',
  remediation_scope: 'remediationScope',
  remediation_effort_hours: 'remediationEffortHours',
  severity: 'severity',
};

/** Who decided: the user id, or "admin_token" for the platform token. */
function reviewerId(caller: Caller): string {
  return caller.kind === 'session' ? caller.userId : 'admin_token';
}

/** The changes that move a finding to `status`, or null when it has that status already. */
function statusChange(
  finding: FindingRecord,
  status: FindingStatus,
  notes: string | undefined,
  caller: Caller,
) {
  if (finding.status === status) return null;
  return {
    status,
    reviewerTouched: true,
    ...(notes !== undefined ? { auditorNotes: notes } : {}),
    // A reviewer accepting a finding the filter rejected overrides the filter (DECISIONS).
    ...(status === 'accepted' && finding.filterStatus === 'rejected'
      ? { filterOverriddenBy: reviewerId(caller) }
      : {}),
  };
}

export function createFindingReviewService(deps: {
  repos: Pick<Repositories, 'findings' | 'engagements' | 'transaction'>;
  engagements: Pick<EngagementService, 'requireVisible' | 'access'>;
}) {
  const { repos } = deps;

  async function requireReviewable(
    caller: Caller,
    engagementId: string,
    findingId: string,
    repo: TransactionalRepositories,
  ) {
    const engagement = await deps.engagements.requireVisible(caller, engagementId, repo.engagements);
    assertNotFrozen(engagement, 'finding_review');
    const finding = await repo.findings.findInEngagement(engagementId, findingId);
    if (!finding) throw new NotFoundError('Finding');
    return finding;
  }

  return {
    /**
     * The engagement's findings, after one access check: its findings version (read with the
     * engagement's firm in one narrow statement, before any finding, so a copy of them made now
     * is current while the version is) and its pages.
     */
    async openList(caller: Caller, engagementId: string) {
      const { findingsVersion } = await deps.engagements.access(caller, engagementId);
      return {
        version: findingsVersion,
        page: (page: { limit: number; offset: number }) =>
          repos.findings.listForEngagement(engagementId, page),
      };
    },

    /** accept, reject and refine: set the status (and notes when given). */
    setStatus(
      caller: Caller,
      engagementId: string,
      findingId: string,
      status: FindingStatus,
      notes?: string,
    ) {
      return repos.transaction(async (tx) => {
        const finding = await requireReviewable(caller, engagementId, findingId, tx);
        const change = statusChange(finding, status, notes, caller);
        if (!change) return finding;
        const updated = await tx.findings.update(finding.id, change);
        await tx.engagements.touch(engagementId);
        return updated;
      });
    },

    /**
     * Applies only the supplied fields, sets the status to refined and prepends
     * "[EDITED <fields>]" (in request order) to the auditor notes.
     */
    edit(caller: Caller, engagementId: string, findingId: string, fields: FindingEdit) {
      const names = (Object.keys(fields) as (keyof FindingEdit)[]).filter(
        (name) => fields[name] !== undefined,
      );
      if (names.length === 0) {
        throw ValidationError.of(
          ['body'],
          'supply at least one of: ' + Object.keys(EDIT_COLUMNS).join(', '),
          'missing',
        );
      }
      return repos.transaction(async (tx) => {
        const finding = await requireReviewable(caller, engagementId, findingId, tx);
        const data: Record<string, unknown> = { status: 'refined', reviewerTouched: true };
        for (const name of names) data[EDIT_COLUMNS[name]] = fields[name];
        if (fields.severity) data.severityRank = SEVERITY_RANK[fields.severity];
        const marker = `[EDITED ${names.join(', ')}]`;
        data.auditorNotes = finding.auditorNotes ? `${marker}\n${finding.auditorNotes}` : marker;
        const updated = await tx.findings.update(finding.id, data);
        await tx.engagements.touch(engagementId);
        return updated;
      });
    },

    /** One status for up to 200 findings, in one transaction; a missing id is reported, not fatal. */
    bulk(caller: Caller, engagementId: string, ids: string[], action: FindingStatus, notes?: string) {
      return repos.transaction(async (tx) => {
        const engagement = await deps.engagements.requireVisible(caller, engagementId, tx.engagements);
        assertNotFrozen(engagement, 'bulk_action');
        const found = new Map(
          (await tx.findings.findManyInEngagement(engagementId, ids)).map((f) => [f.id, f]),
        );
        const results: { id: string; ok: boolean; status?: string; error?: string }[] = [];
        let changed = false;
        for (const id of ids) {
          const finding = found.get(id);
          if (!finding) {
            results.push({ id, ok: false, error: 'finding_not_found' });
            continue;
          }
          const change = statusChange(finding, action, notes, caller);
          if (change) {
            found.set(id, await tx.findings.update(id, change));
            changed = true;
          }
          results.push({ id, ok: true, status: action });
        }
        if (changed) await tx.engagements.touch(engagementId);
        const succeeded = results.filter((result) => result.ok).length;
        return {
          ok: true as const,
          engagement_id: engagementId,
          action,
          total: results.length,
          succeeded,
          failed: results.length - succeeded,
          results,
        };
      });
    },
  };
}

export type FindingReviewService = ReturnType<typeof createFindingReviewService>;
