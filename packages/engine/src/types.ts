// The engine's public shapes: run options, the events a run emits, and findings as the engine
// hands them to the run job (which stores them). Internal shapes shared by stages live here too.
import type { Primitive, SeverityLevel } from '@auditsvc/core';

export const STAGES = [
  'profile',
  'catalog',
  'synthesize',
  'validate',
  'investigate',
  'consolidate',
  'deepen',
  'verify',
  'filter',
  'report',
] as const;
export type StageName = (typeof STAGES)[number];

export type Severity = SeverityLevel;
export type FilterStatus = 'definite' | 'likely' | 'speculative' | 'rejected';

export interface RunOptions {
  maxIterations: number;
  maxFollowupRounds: number;
  enableAdversarialVerification: boolean;
  adversarialSeverityThreshold: Severity;
  maxQuestionsPerIteration: number | null;
}

export const DEFAULT_RUN_OPTIONS: RunOptions = {
  maxIterations: 3,
  maxFollowupRounds: 2,
  enableAdversarialVerification: true,
  adversarialSeverityThreshold: 'medium',
  maxQuestionsPerIteration: null,
};

export type RunEvent =
  | { type: 'stage_start'; stage: StageName; iteration: number }
  | { type: 'stage_complete'; stage: StageName; iteration: number; [count: string]: unknown }
  | { type: 'questions_capped'; iteration: number; total: number; kept: number }
  | { type: 'converged'; iteration: number }
  | { type: 'aborted'; reason: 'budget' | 'cancelled'; stage: StageName; iteration: number }
  | {
      type: 'progress';
      stage: StageName;
      iteration: number;
      questions_done: number;
      questions_total: number;
    };

/** The engagement intake (spec 2.x), as the run uses it. */
export interface Intake {
  domain: string;
  audit_purpose: string;
  frameworks: string[];
  focus_areas: string[];
  materiality: unknown;
  doc_hierarchy: Record<string, string[]> | null;
  known_concerns: string[];
}

export interface EvidenceItem {
  document: string;
  chunk_id: string | null;
  quote: string;
  quote_verified: boolean;
  page: number | null;
}

export interface AdversarialOutcome {
  stands: boolean;
  recommendation: string;
  caveats: string[];
}

export interface EngineFinding {
  key: string;
  fingerprint: string;
  isCanonical: boolean;
  mergedKeys: string[];
  title: string;
  description: string;
  rootCause: string;
  remediationScope: string;
  remediationEffortHours: number;
  severity: Severity;
  primitive: Primitive;
  confidence: number;
  corroborationScore: number;
  filterStatus: FilterStatus | null;
  evidence: EvidenceItem[];
  frameworks: string[];
  iteration: number;
  adversarial: AdversarialOutcome | null;
}

export const SEVERITY_RANK: Record<Severity, number> = { critical: 4, high: 3, medium: 2, low: 1 };
