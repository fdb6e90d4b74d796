// Cross-engagement finding search (spec 4.5). Non-admin callers always search their own firm.
import { Caller, firmScope } from '@auditsvc/core';
import type { Repositories } from '@auditsvc/db';
import { presentFinding } from './presenter';

export interface SearchQuery {
  q?: string;
  primitive?: string;
  severity?: string;
  status?: string;
  firm_id?: string;
  canonical_only: boolean;
  exact_total: boolean;
  limit: number;
  offset: number;
}

export function createFindingSearchService(deps: {
  repos: Pick<Repositories, 'findingSearch' | 'findings' | 'engagements'>;
}) {
  const { repos } = deps;
  return {
    async search(caller: Caller, query: SearchQuery) {
      const q = query.q && query.q.length > 0 ? query.q : null;
      const firmId = firmScope(caller) ?? query.firm_id ?? null;
      const filters = {
        primitive: query.primitive ?? null,
        severity: query.severity ?? null,
        status: query.status ?? null,
        firm_id: firmId,
        canonical_only: query.canonical_only,
      };
      const { ids, total, totalRelation } = await repos.findingSearch.search(
        {
          q,
          firmId,
          primitive: filters.primitive,
          severity: filters.severity,
          status: filters.status,
          canonicalOnly: query.canonical_only,
        },
        query,
        { exactTotal: query.exact_total },
      );
      const findings = new Map((await repos.findings.findByIds(ids)).map((finding) => [finding.id, finding]));
      const engagementIds = [...new Set([...findings.values()].map((finding) => finding.engagementId))];
      const names = await repos.engagements.namesByIds(engagementIds);
      const matches = ids
        .map((id) => findings.get(id))
        .filter((finding) => finding !== undefined)
        .map((finding) => ({
          engagement_id: finding.engagementId,
          engagement_client_name: names.get(finding.engagementId) ?? '',
          firm_id: finding.firmId,
          finding: presentFinding(finding),
        }));
      return {
        query: q ?? '',
        filters,
        matches,
        count: matches.length,
        total,
        total_relation: totalRelation,
        limit: query.limit,
        offset: query.offset,
      };
    },
  };
}

export type FindingSearchService = ReturnType<typeof createFindingSearchService>;
