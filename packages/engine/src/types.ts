// The engine's public shapes: run options, the events a run emits, and findings as the engine
// hands them to the run job (which stores them). Internal shapes shared by stages live here too.
import {
  SEVERITIES,
  type FilterStatus,
  type Intake as StoredIntake,
  type Primitive,
  type SeverityLevel,
} from '@auditsvc/core';
import type { FromSchema } from 'json-schema-to-ts';

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
export type { FilterStatus } from '@auditsvc/core';

/** A run's options, as the engine takes them and as the engagement's run_options column keeps them. */
export const runOptionsSchema = {
  type: 'object',
  properties: {
    maxIterations: { type: 'integer' },
    maxFollowupRounds: { type: 'integer' },
    enableAdversarialVerification: { type: 'boolean' },
    adversarialSeverityThreshold: { type: 'string', enum: SEVERITIES },
    maxQuestionsPerIteration: { type: ['integer', 'null'] },
  },
  required: [
    'maxIterations',
    'maxFollowupRounds',
    'enableAdversarialVerification',
    'adversarialSeverityThreshold',
    'maxQuestionsPerIteration',
  ],
  additionalProperties: false,
} as const;
export type RunOptions = FromSchema<typeof runOptionsSchema>;

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

/** Role name -> filename globs, the part of the free-form doc_hierarchy a run can use. */
export type DocHierarchy = Record<string, string[]>;

/**
 * The engagement intake as a run reads it: the stored intake (defined once, by its schema in
 * packages/core/src/intake.ts) with doc_hierarchy narrowed by `runIntakeOf` to its role -> globs
 * entries, and null when none.
 */
export type Intake = Omit<StoredIntake, 'doc_hierarchy'> & { doc_hierarchy: DocHierarchy | null };

/**
 * The stored intake as a run reads it. The API accepts any object as doc_hierarchy (spec 2.2);
 * members whose value is not a list of globs, and globs that are not strings, never matched a
 * file name, so dropping them here changes no role.
 */
export function runIntakeOf(intake: StoredIntake): Intake {
  const hierarchy: DocHierarchy = {};
  for (const [role, globs] of Object.entries(intake.doc_hierarchy)) {
    if (Array.isArray(globs))
      hierarchy[role] = globs.filter((glob): glob is string => typeof glob === 'string');
  }
  return { ...intake, doc_hierarchy: Object.keys(intake.doc_hierarchy).length > 0 ? hierarchy : null };
}

/**
 * What a finding says, whoever concludes it: an analyst check (analyst/issue.ts Issue), a model's
 * verdict (tasks/question-verdict.ts FindingDraft) and the pipeline's raw finding (pipeline/model.ts)
 * all carry these members, defined here once.
 */
export interface FindingContent {
  primitive: Primitive;
  /** The root-cause key: findings with one subject are one finding. */
  subject: string;
  /** Further root-cause keys shared with other findings (consolidation merges on any). */
  aspects: string[];
  title: string;
  description: string;
  rootCause: string;
  remediationScope: string;
  remediationEffortHours: number;
  severity: Severity;
  confidence: number;
  frameworks: string[];
}

/** The FindingContent members of a finding of any kind, and nothing else (its quotes or evidence). */
export function contentOf(finding: FindingContent): FindingContent {
  return {
    primitive: finding.primitive,
    subject: finding.subject,
    aspects: finding.aspects,
    title: finding.title,
    description: finding.description,
    rootCause: finding.rootCause,
    remediationScope: finding.remediationScope,
    remediationEffortHours: finding.remediationEffortHours,
    severity: finding.severity,
    confidence: finding.confidence,
    frameworks: finding.frameworks,
  };
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

/** A finding as the run hands it over: its content (root-cause keys aside) and what the run found out. */
export interface EngineFinding extends Omit<FindingContent, 'subject' | 'aspects'> {
  key: string;
  fingerprint: string;
  isCanonical: boolean;
  mergedKeys: string[];
  corroborationScore: number;
  filterStatus: FilterStatus | null;
  evidence: EvidenceItem[];
  iteration: number;
  adversarial: AdversarialOutcome | null;
}

export const SEVERITY_RANK: Record<Severity, number> = { critical: 4, high: 3, medium: 2, low: 1 };
