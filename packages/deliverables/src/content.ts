// Builds the deliverable's content (the JSON format, and what every other format renders) from the
// engagement, its firm, its findings and its intake. Pure: same input, same output.
import type { Intake } from '@auditsvc/core';
import { resolveBranding } from './branding';
import type {
  DeliverableContent,
  DeliverableFinding,
  DeliverableSummary,
  EngagementInput,
  EvidenceInput,
  FirmInput,
  Methodology,
} from './types';
import { CHECKS, SEVERITY_MEANING, SEVERITY_ORDER, checkName } from './vocabulary';

export interface BuildDeliverableInput {
  engagement: EngagementInput;
  /** null for a deleted or missing firm: the deliverable uses neutral default branding. */
  firm: FirmInput | null;
  /** Every finding of the engagement; the builder keeps the ones a deliverable may show. */
  findings: DeliverableFinding[];
  intake: Intake;
  executiveSummary: string;
  /** How the last completed run read the corpus (the engine's methodology text), or null. */
  procedure: string | null;
  isPolished: boolean;
  generatedAt: Date;
}

export type ExclusionReason = 'not_canonical' | 'rejected' | 'filter_rejected';

/**
 * Why a finding stays out of the deliverable, or null when it belongs in it. Raw findings swallowed
 * by a canonical one stay out; so do findings a reviewer rejected, and findings the filter rejected
 * unless a reviewer accepted them (which records the reviewer in filter_overridden_by).
 */
export function exclusionReason(finding: DeliverableFinding): ExclusionReason | null {
  if (!finding.is_canonical) return 'not_canonical';
  if (finding.status === 'rejected') return 'rejected';
  if (finding.filter_status === 'rejected' && !finding.filter_overridden_by) return 'filter_rejected';
  return null;
}

const SEVERITY_RANK: Record<string, number> = { critical: 4, high: 3, medium: 2, low: 1 };

/** Severity descending, confidence descending, then id: the order of the API's findings lists. */
export function compareFindings(a: DeliverableFinding, b: DeliverableFinding): number {
  return (
    (SEVERITY_RANK[b.severity] ?? 0) - (SEVERITY_RANK[a.severity] ?? 0) ||
    b.confidence - a.confidence ||
    (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)
  );
}

function summarise(included: DeliverableFinding[], all: DeliverableFinding[]): DeliverableSummary {
  const summary: DeliverableSummary = {
    total: included.length,
    by_severity: { critical: 0, high: 0, medium: 0, low: 0 },
    by_status: { pending: 0, accepted: 0, refined: 0 },
    by_primitive: {},
    remediation_effort_hours: 0,
    documents_cited: 0,
    excluded: { rejected: 0, filter_rejected: 0 },
  };
  const documents = new Set<string>();
  for (const finding of included) {
    if (finding.severity in summary.by_severity) {
      summary.by_severity[finding.severity as keyof DeliverableSummary['by_severity']] += 1;
    }
    if (finding.status in summary.by_status) {
      summary.by_status[finding.status as keyof DeliverableSummary['by_status']] += 1;
    }
    summary.by_primitive[finding.primitive] = (summary.by_primitive[finding.primitive] ?? 0) + 1;
    summary.remediation_effort_hours += Number.isFinite(finding.remediation_effort_hours)
      ? finding.remediation_effort_hours
      : 0;
    for (const evidence of finding.evidence) documents.add(evidence.document);
  }
  summary.remediation_effort_hours = Math.round(summary.remediation_effort_hours * 10) / 10;
  summary.documents_cited = documents.size;
  for (const finding of all) {
    const reason = exclusionReason(finding);
    if (reason === 'rejected' || reason === 'filter_rejected') summary.excluded[reason] += 1;
  }
  return summary;
}

function describeMethodology(
  disclaimer: string,
  byPrimitive: Record<string, number>,
  procedure: string | null,
): Methodology {
  return {
    overview:
      'The review read every document the client supplied, split it into passages, and ran a set of ' +
      'automated checks across the whole corpus. Each check proposes findings anchored to quoted ' +
      'evidence; weaker proposals were challenged by an adversarial second reading, duplicates were ' +
      'consolidated into one canonical finding, and every finding was reviewed by the engagement team ' +
      'before it entered this report.',
    procedure,
    checks: Object.entries(CHECKS).map(([primitive, check]) => ({
      primitive,
      name: check.name,
      description: check.description,
      finding_count: byPrimitive[primitive] ?? 0,
    })),
    evidence:
      'Every finding quotes the passages it rests on and names their documents. Quotes are matched ' +
      'against the source text; a quote that could not be matched word for word is marked unverified.',
    review:
      'Reviewers accepted, refined or rejected each proposed finding. Rejected findings, and findings ' +
      'the automated filter judged unsupported that no reviewer reinstated, are not reported. Internal ' +
      'review comments are never part of the deliverable.',
    severity_scale: SEVERITY_ORDER.map((severity) => ({ severity, meaning: SEVERITY_MEANING[severity] })),
    disclaimer,
  };
}

/** Checks run outside the standard set (future primitives) still appear in the methodology. */
function withUnknownChecks(methodology: Methodology, byPrimitive: Record<string, number>): Methodology {
  const extra = Object.keys(byPrimitive)
    .filter((primitive) => !(primitive in CHECKS))
    .sort()
    .map((primitive) => ({
      primitive,
      name: checkName(primitive),
      description: 'An additional check run for this engagement.',
      finding_count: byPrimitive[primitive]!,
    }));
  return { ...methodology, checks: [...methodology.checks, ...extra] };
}

/** Evidence items with the members renderers read, whatever shape the stored JSON had. */
function normaliseEvidence(evidence: unknown): EvidenceInput[] {
  if (!Array.isArray(evidence)) return [];
  return evidence
    .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    .map((item) => ({
      document: typeof item.document === 'string' ? item.document : '',
      chunk_id: typeof item.chunk_id === 'string' ? item.chunk_id : null,
      quote: typeof item.quote === 'string' ? item.quote : '',
      quote_verified: item.quote_verified === true,
      page: typeof item.page === 'number' ? item.page : null,
    }))
    .filter((item) => item.quote || item.document);
}

export function buildDeliverableContent(input: BuildDeliverableInput): DeliverableContent {
  const firm = resolveBranding(input.firm);
  const included = input.findings
    .filter((finding) => exclusionReason(finding) === null)
    .map((finding) => ({ ...finding, evidence: normaliseEvidence(finding.evidence) }))
    .sort(compareFindings);
  const summary = summarise(included, input.findings);
  const { engagement } = input;
  return {
    engagement: {
      id: engagement.id,
      firm_id: engagement.firm_id,
      client_name: engagement.client_name,
      archetype: engagement.archetype,
      status: engagement.status,
      created_at: engagement.created_at,
      delivered_at: engagement.delivered_at,
      intake: input.intake,
    },
    firm,
    executive_summary: input.executiveSummary,
    is_polished: input.isPolished,
    methodology: withUnknownChecks(
      describeMethodology(firm.methodology_disclaimer, summary.by_primitive, input.procedure),
      summary.by_primitive,
    ),
    summary,
    findings: included,
    generated_at: input.generatedAt.toISOString(),
  };
}
