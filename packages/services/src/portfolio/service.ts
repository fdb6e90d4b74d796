// Portfolio clusters (spec 4.5): recurring themes across the findings of many engagements, cached
// 24 hours per filter key, with the snapshot each recompute replaced kept for the diff.
//
// `recompute` is written for both the API and the worker's 'portfolio-recompute' job: plain
// arguments in, a result out, every dependency injected.
//
// A recompute whose model call fails answers `succeeded: false` with no clusters and is NOT
// cached: the last good snapshot stays current (and GET keeps serving it until it expires), so a
// provider outage never replaces real themes with an empty list or spoils the diff.
import { Caller, newId, nullableTimestampSchema, requireMutator } from '@auditsvc/core';
import type { NewSnapshot, PortfolioFindingRow, PortfolioSnapshotRecord, Repositories } from '@auditsvc/db';
import type { Logger } from '@auditsvc/runtime';
import {
  BudgetExhaustedError,
  ModelCallError,
  PortfolioFinding,
  portfolioClusteringTask,
} from '@auditsvc/engine/src/lean';
import type { FromSchema } from 'json-schema-to-ts';
import type { StandaloneGatewayFactory } from '../intake/standalone-gateway';
import { isUniqueViolation } from '../prisma-errors';
import { diffClusters, diffEntrySchema, diffSummarySchema } from './diff';
import { PortfolioDiffQuery, PortfolioQuery, filterKey, normaliseFilters } from './filters';
import { PortfolioResult, portfolioResultSchema, readPortfolioResult } from './result';

export const PORTFOLIO_CAP_CENTS = 80;
export const PORTFOLIO_CACHE_MS = 24 * 60 * 60 * 1000;
/** The most recent findings a clustering considers; named in the result's filters. */
export const PORTFOLIO_MAX_FINDINGS = 5_000;
/** Findings a reviewer rejected are not problems of the client, so they form no theme. */
export const PORTFOLIO_EXCLUDED_STATUSES = ['rejected'];
const STORE_ATTEMPTS = 5;

const filterKeySchema = { type: 'string', pattern: '^[0-9a-f]{16}$' } as const;

/**
 * GET portfolio-clusters and its recompute: the filters' key and the stored result (result.ts), or
 * null before the first one.
 */
export const portfolioAnswerSchema = {
  type: 'object',
  properties: {
    filter_key: filterKeySchema,
    cached: { type: 'boolean' },
    result: { ...portfolioResultSchema, type: ['object', 'null'] },
  },
  required: ['filter_key', 'cached', 'result'],
  additionalProperties: false,
} as const;

/** GET portfolio-clusters/diff: what changed between the current snapshot and the previous one. */
export const portfolioDiffSchema = {
  type: 'object',
  properties: {
    filter_key: filterKeySchema,
    has_current: { type: 'boolean' },
    has_previous: { type: 'boolean' },
    current_generated_at: nullableTimestampSchema,
    previous_generated_at: nullableTimestampSchema,
    summary: diffSummarySchema,
    entries: { type: 'array', items: diffEntrySchema },
  },
  required: [
    'filter_key',
    'has_current',
    'has_previous',
    'current_generated_at',
    'previous_generated_at',
    'summary',
    'entries',
  ],
  additionalProperties: false,
} as const;

export type PortfolioAnswer = FromSchema<typeof portfolioAnswerSchema>;
export type PortfolioDiff = FromSchema<typeof portfolioDiffSchema>;

function toPortfolioFinding(row: PortfolioFindingRow): PortfolioFinding {
  const evidence = Array.isArray(row.evidence) ? (row.evidence as { quote?: unknown }[]) : [];
  return {
    id: row.id,
    engagementId: row.engagementId,
    primitive: row.primitive,
    severity: row.severity,
    title: row.title,
    description: row.description,
    rootCause: row.rootCause,
    remediationScope: row.remediationScope,
    confidence: row.confidence,
    quotes: evidence.map((item) => item?.quote).filter((quote): quote is string => typeof quote === 'string'),
  };
}

function resultOf(snapshot: PortfolioSnapshotRecord | null): PortfolioResult | null {
  return snapshot ? readPortfolioResult(snapshot.result, snapshot.id) : null;
}

export function createPortfolioService(deps: {
  repos: Pick<Repositories, 'portfolio' | 'transaction'>;
  gateways: StandaloneGatewayFactory;
  now: () => Date;
  logger?: Logger;
}) {
  const { repos, gateways, now, logger } = deps;

  async function cluster(findings: PortfolioFinding[], totalEngagements: number) {
    // Fewer than two findings cannot form a theme: no model call is spent on them.
    if (findings.length < 2) return { clusters: [], succeeded: true, costCents: 0 };
    const gateway = gateways(PORTFOLIO_CAP_CENTS);
    try {
      const clusters = await gateway.call(
        portfolioClusteringTask,
        { findings, totalEngagements },
        { stage: 'portfolio', step: 'clustering' },
      );
      return { clusters, succeeded: true, costCents: gateway.spentCents };
    } catch (error) {
      if (!(error instanceof ModelCallError || error instanceof BudgetExhaustedError)) throw error;
      logger?.warn('portfolio_clustering_failed', { error: error.message });
      return { clusters: [], succeeded: false, costCents: gateway.spentCents };
    }
  }

  /**
   * Rotates the snapshots of the key in one transaction. Two recomputes of one key racing on
   * PostgreSQL can both try to insert "current"; the loser sees a unique violation and simply
   * rotates again, so the later result is current and the earlier one previous.
   */
  async function store(snapshot: NewSnapshot): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await repos.transaction((tx) => tx.portfolio.replaceCurrent(snapshot));
        return;
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= STORE_ATTEMPTS) throw error;
      }
    }
  }

  return {
    /** The cached clusters of these filters, if computed within the last 24 hours. */
    async get(caller: Caller, query: PortfolioQuery): Promise<PortfolioAnswer> {
      const key = filterKey(normaliseFilters(caller, query));
      const snapshot = await repos.portfolio.findSnapshot(key, 'current');
      const fresh =
        snapshot !== null && now().getTime() - snapshot.generatedAt.getTime() <= PORTFOLIO_CACHE_MS;
      return fresh
        ? { filter_key: key, cached: true, result: resultOf(snapshot) }
        : { filter_key: key, cached: false, result: null };
    },

    /** Clusters the matching findings with one model call and caches the result (see above). */
    async recompute(caller: Caller, query: PortfolioQuery): Promise<PortfolioAnswer> {
      requireMutator(caller);
      const filters = normaliseFilters(caller, query);
      const key = filterKey(filters);
      const rows = await repos.portfolio.findingsForClustering(
        {
          firmId: filters.firm_id,
          primitive: filters.primitive,
          severity: filters.severity,
          canonicalOnly: filters.canonical_only,
          excludeStatuses: PORTFOLIO_EXCLUDED_STATUSES,
        },
        PORTFOLIO_MAX_FINDINGS,
      );
      const findings = rows.map(toPortfolioFinding);
      const engagements = new Set(findings.map((finding) => finding.engagementId)).size;
      const outcome = await cluster(findings, engagements);
      const generatedAt = now();
      const result: PortfolioResult = {
        generated_at: generatedAt.toISOString(),
        filters: {
          ...filters,
          max_findings: PORTFOLIO_MAX_FINDINGS,
          findings_capped: rows.length >= PORTFOLIO_MAX_FINDINGS,
          excluded_statuses: PORTFOLIO_EXCLUDED_STATUSES,
        },
        total_findings_considered: findings.length,
        total_engagements_scanned: engagements,
        cost_cents: outcome.costCents,
        succeeded: outcome.succeeded,
        clusters: outcome.clusters,
      };
      if (outcome.succeeded) {
        await store({
          id: newId('snapshot'),
          filterKey: key,
          firmId: filters.firm_id,
          filters,
          result,
          generatedAt,
        });
      }
      return { filter_key: key, cached: false, result };
    },

    /** What changed between the current snapshot and the one it replaced (any age). */
    async diff(caller: Caller, query: PortfolioDiffQuery): Promise<PortfolioDiff> {
      const key = filterKey(normaliseFilters(caller, { firm_id: query.firm_id, primitive: query.primitive }));
      const [current, previous] = await Promise.all([
        repos.portfolio.findSnapshot(key, 'current'),
        repos.portfolio.findSnapshot(key, 'previous'),
      ]);
      const diff = diffClusters(resultOf(current)?.clusters ?? [], resultOf(previous)?.clusters ?? []);
      return {
        filter_key: key,
        has_current: current !== null,
        has_previous: previous !== null,
        current_generated_at: current ? current.generatedAt.toISOString() : null,
        previous_generated_at: previous ? previous.generatedAt.toISOString() : null,
        ...diff,
      };
    },
  };
}

export type PortfolioService = ReturnType<typeof createPortfolioService>;
