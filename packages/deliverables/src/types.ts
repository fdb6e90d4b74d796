// The shapes a deliverable is built from (the API's engagement, firm and finding objects) and the
// content it is built into. This package never queries: the service hands it plain objects.
import type { Intake } from '@auditsvc/core';

export interface EvidenceInput {
  document: string;
  chunk_id?: string | null;
  quote: string;
  quote_verified: boolean;
  page?: number | null;
}

/** The finding object of the API (spec 2.5 and DECISIONS). */
export interface DeliverableFinding {
  id: string;
  engagement_id: string;
  status: string;
  severity: string;
  title: string;
  description: string;
  root_cause: string;
  remediation_scope: string;
  remediation_effort_hours: number;
  auditor_notes: string;
  primitive: string;
  is_canonical: boolean;
  merged_finding_ids: string[];
  corroboration_score: number;
  filter_status: string | null;
  filter_overridden_by: string | null;
  confidence: number;
  evidence: EvidenceInput[];
  frameworks: string[];
  parent_finding_id: string | null;
  iteration: number;
  adversarial: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
}

/** The firm members that brand a deliverable (spec 2.6). */
export interface FirmInput {
  id: string;
  display_name: string;
  short_name: string;
  tagline: string;
  logo_url: string;
  primary_color: string;
  accent_color: string;
  methodology_disclaimer: string;
  footer_text: string;
  confidentiality_notice: string;
}

export interface EngagementInput {
  id: string;
  firm_id: string;
  client_name: string;
  archetype: string;
  status: string;
  created_at: string;
  delivered_at: string | null;
}

/** Branding as rendered: empty notices are replaced by neutral defaults, colours are checked. */
export interface Branding extends Omit<FirmInput, 'id'> {
  /** null when the firm was deleted (or never found): the default branding is used. */
  firm_id: string | null;
  is_default: boolean;
}

export interface MethodologyCheck {
  primitive: string;
  name: string;
  description: string;
  finding_count: number;
}

export interface Methodology {
  overview: string;
  /**
   * How the engagement's last completed run read the corpus (the engine's methodology text: local
   * analyst or model discovery, passes, documents left unread, quotes rejected and removed); null
   * when no run recorded it. Absent from polished copies stored before it existed.
   */
  procedure?: string | null;
  checks: MethodologyCheck[];
  evidence: string;
  review: string;
  severity_scale: { severity: string; meaning: string }[];
  disclaimer: string;
}

export interface SeverityCounts {
  critical: number;
  high: number;
  medium: number;
  low: number;
}

export interface DeliverableSummary {
  total: number;
  by_severity: SeverityCounts;
  by_status: { pending: number; accepted: number; refined: number };
  by_primitive: Record<string, number>;
  remediation_effort_hours: number;
  documents_cited: number;
  /** Canonical findings left out: rejected by a reviewer, or by the filter and never accepted. */
  excluded: { rejected: number; filter_rejected: number };
}

export interface DeliverableContent {
  engagement: EngagementInput & { intake: Intake };
  firm: Branding;
  executive_summary: string;
  is_polished: boolean;
  methodology: Methodology;
  summary: DeliverableSummary;
  findings: DeliverableFinding[];
  generated_at: string;
}

export const DELIVERABLE_FORMATS = ['json', 'markdown', 'methodology', 'docx', 'html'] as const;
export type DeliverableFormat = (typeof DELIVERABLE_FORMATS)[number];
