// The enumerations of the specification (and DECISIONS) that several layers share.

export const ARCHETYPES = [
  'remediation_pipeline',
  'capability_leverage',
  'premium_defensibility',
  'continuous_monitoring',
] as const;
export type Archetype = (typeof ARCHETYPES)[number];

export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type SeverityLevel = (typeof SEVERITIES)[number];

export const FINDING_STATUSES = ['pending', 'accepted', 'rejected', 'refined'] as const;
export type FindingStatus = (typeof FINDING_STATUSES)[number];

export const PRIMITIVES = [
  'conflict_check',
  'consistency_check',
  'coverage_check',
  'currency_check',
  'citation_integrity_check',
  'flow_down_check',
] as const;
export type Primitive = (typeof PRIMITIVES)[number];

/** How the engine's filter judged a finding (null: not judged). */
export const FILTER_STATUSES = ['definite', 'likely', 'speculative', 'rejected'] as const;
export type FilterStatus = (typeof FILTER_STATUSES)[number];

/** A full audit run, or an investigate-further mini-run steered at one finding. */
export const RUN_KINDS = ['run', 'investigate_further'] as const;
export type RunKind = (typeof RUN_KINDS)[number];

export const RUN_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
