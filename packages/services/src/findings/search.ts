// Cross-engagement finding search (spec 4.5). Non-admin callers always search their own firm.
import { Caller, FINDING_STATUSES, PRIMITIVES, SEVERITIES, firmScope, offsetParam } from '@auditsvc/core';
import type { FromSchema } from 'json-schema-to-ts';
import type { Repositories } from '@auditsvc/db';
import { presentFinding } from './presenter';

/** GET /auditsvc/findings/search: the filters, with the defaults ajv fills in. */
export const findingSearchQuerySchema = {
  type: 'object',
  properties: {
    q: { type: 'string', maxLength: 500 },
    primitive: { type: 'string', enum: [...PRIMITIVES] },
    severity: { type: 'string', enum: [...SEVERITIES] },
    status: { type: 'string', enum: [...FINDING_STATUSES] },
    firm_id: { type: 'string', maxLength: 200 },
    canonical_only: { type: 'boolean', default: true },
    exact_total: { type: 'boolean', default: false },
    limit: { type: 'integer', minimum: 1, maximum: 200, default: 100 },
    offset: offsetParam,
  },
  additionalProperties: false,
} as const;
export type SearchQuery = FromSchema<typeof findingSearchQuerySchema>;

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
