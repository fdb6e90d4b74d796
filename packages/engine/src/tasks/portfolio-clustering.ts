// Portfolio clustering (spec 4.5): one model call groups the findings of many engagements into at
// most eight recurring themes. The model (or the offline analyst) proposes themes and their member
// findings; which engagements a theme touches and its severity mix are always counted here from
// the members, so a remote model cannot misstate them.
import type { FromSchema } from 'json-schema-to-ts';
import type { ModelTask } from '../gateway/types';
import { MAX_PORTFOLIO_CLUSTERS, portfolioClusteringPrompt } from '../prompts/portfolio-clustering';
import { promptOf } from '../prompts/prompt';
import {
  ClusterDraft,
  DEFAULT_CLUSTER_OPTIONS,
  PortfolioFinding,
  SEVERITY_ORDER,
  ClusterSeverity,
  clusterFindings,
} from '../portfolio/cluster';

export type { PortfolioFinding } from '../portfolio/cluster';

export interface PortfolioClusteringInput {
  findings: PortfolioFinding[];
  /** Engagements the findings come from (for prevalence percentages). */
  totalEngagements: number;
}

const strings = { type: 'array', items: { type: 'string' } } as const;
const count = { type: 'integer', minimum: 0 } as const;

/** One theme of a portfolio result: answered by the API, stored in a snapshot's result column. */
export const portfolioClusterSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', pattern: '^pc-[0-9]+$' },
    theme: { type: 'string' },
    prevalence_summary: { type: 'string' },
    member_engagement_ids: strings,
    member_finding_ids: strings,
    severity_distribution: {
      type: 'object',
      properties: { critical: count, high: count, medium: count, low: count },
      required: ['critical', 'high', 'medium', 'low'],
      additionalProperties: false,
    },
    representative_quotes: strings,
    suggested_standard_remediation: { type: 'string' },
    confidence: { type: 'number', minimum: 0, maximum: 1 },
  },
  required: [
    'id',
    'theme',
    'prevalence_summary',
    'member_engagement_ids',
    'member_finding_ids',
    'severity_distribution',
    'representative_quotes',
    'suggested_standard_remediation',
    'confidence',
  ],
  additionalProperties: false,
} as const;
export type PortfolioCluster = FromSchema<typeof portfolioClusterSchema>;

export { MAX_PORTFOLIO_CLUSTERS, MAX_PROMPT_FINDINGS } from '../prompts/portfolio-clustering';
/** Orders drafts (most engagements, then most members), numbers them pc-1.. and counts members. */
export function finishClusters(drafts: ClusterDraft[], input: PortfolioClusteringInput): PortfolioCluster[] {
  const byId = new Map(input.findings.map((finding) => [finding.id, finding]));
  return drafts
    .map((draft) => {
      const members = draft.member_finding_ids.map((id) => byId.get(id)!).filter(Boolean);
      const engagementIds = [...new Set(members.map((member) => member.engagementId))];
      const distribution: Record<ClusterSeverity, number> = { critical: 0, high: 0, medium: 0, low: 0 };
      for (const member of members) {
        if ((SEVERITY_ORDER as readonly string[]).includes(member.severity)) {
          distribution[member.severity as ClusterSeverity] += 1;
        }
      }
      return { draft, members, engagementIds, distribution };
    })
    .sort((a, b) => b.engagementIds.length - a.engagementIds.length || b.members.length - a.members.length)
    .slice(0, MAX_PORTFOLIO_CLUSTERS)
    .map(({ draft, members, engagementIds, distribution }, index) => ({
      id: `pc-${index + 1}`,
      theme: draft.theme,
      prevalence_summary: draft.prevalence_summary,
      member_engagement_ids: engagementIds,
      member_finding_ids: members.map((member) => member.id),
      severity_distribution: distribution,
      representative_quotes: draft.representative_quotes,
      suggested_standard_remediation: draft.suggested_standard_remediation,
      confidence: draft.confidence,
    }));
}

export const portfolioClusteringTask: ModelTask<PortfolioClusteringInput, PortfolioCluster[]> = {
  name: 'portfolio_clustering',
  tier: 'mid',
  maxOutputTokens: 4_000,
  ...promptOf(portfolioClusteringPrompt),
  parse(json, input) {
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
      throw new Error('portfolio_clustering: the answer is not a JSON object');
    }
    const clusters = (json as { clusters?: unknown }).clusters;
    if (!Array.isArray(clusters)) throw new Error('portfolio_clustering: "clusters" must be an array');
    const known = new Set(input.findings.map((finding) => finding.id));
    const claimed = new Set<string>();
    const drafts: ClusterDraft[] = [];
    for (const raw of clusters) {
      const draft = parseDraft(raw);
      // Unknown ids are dropped, and a finding stays in the first theme that claims it.
      draft.member_finding_ids = [...new Set(draft.member_finding_ids)].filter(
        (id) => known.has(id) && !claimed.has(id),
      );
      if (draft.member_finding_ids.length < DEFAULT_CLUSTER_OPTIONS.minMembers) continue;
      draft.member_finding_ids.forEach((id) => claimed.add(id));
      drafts.push(draft);
    }
    return finishClusters(drafts, input);
  },
  local(input) {
    return finishClusters(clusterFindings(input.findings, input.totalEngagements), input);
  },
};

function parseDraft(raw: unknown): ClusterDraft {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new Error('portfolio_clustering: every cluster must be an object');
  }
  const cluster = raw as Record<string, unknown>;
  const text = (key: string, required: boolean): string => {
    const value = cluster[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim().slice(0, 1000);
    if (!required && (value === undefined || value === null || value === '')) return '';
    throw new Error(`portfolio_clustering: "${key}" must be a non-empty string`);
  };
  const strings = (key: string, required: boolean): string[] => {
    const value = cluster[key];
    if (!required && (value === undefined || value === null)) return [];
    if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
      throw new Error(`portfolio_clustering: "${key}" must be an array of strings`);
    }
    return (value as string[]).map((item) => item.trim()).filter(Boolean);
  };
  const confidence = cluster.confidence;
  if (typeof confidence !== 'number' || !Number.isFinite(confidence)) {
    throw new Error('portfolio_clustering: "confidence" must be a number');
  }
  return {
    theme: text('theme', true),
    prevalence_summary: text('prevalence_summary', false),
    member_finding_ids: strings('member_finding_ids', true),
    representative_quotes: strings('representative_quotes', false).slice(0, 3),
    suggested_standard_remediation: text('suggested_standard_remediation', false),
    confidence: Math.round(Math.min(1, Math.max(0, confidence)) * 100) / 100,
  };
}
