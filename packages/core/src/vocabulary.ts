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
