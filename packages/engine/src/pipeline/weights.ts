// Archetype weights per primitive (what an engagement of that archetype values most) and severity
// weights: a question's priority is their product, scaled by the analyst's signal.
import type { Primitive } from '@auditsvc/core';
import type { Severity } from '../types';

const ARCHETYPE_WEIGHTS: Record<string, Partial<Record<Primitive, number>>> = {
  remediation_pipeline: {
    conflict_check: 1,
    flow_down_check: 1,
    coverage_check: 0.9,
    currency_check: 0.8,
    consistency_check: 0.8,
    citation_integrity_check: 0.7,
  },
  capability_leverage: {
    coverage_check: 1,
    consistency_check: 0.9,
    conflict_check: 0.9,
    flow_down_check: 0.8,
    currency_check: 0.7,
    citation_integrity_check: 0.7,
  },
  premium_defensibility: {
    citation_integrity_check: 1,
    currency_check: 1,
    conflict_check: 0.9,
    consistency_check: 0.9,
    flow_down_check: 0.9,
    coverage_check: 0.8,
  },
  continuous_monitoring: {
    currency_check: 1,
    conflict_check: 1,
    flow_down_check: 0.9,
    coverage_check: 0.8,
    consistency_check: 0.8,
    citation_integrity_check: 0.7,
  },
};

export const SEVERITY_WEIGHT: Record<Severity, number> = { critical: 1, high: 0.8, medium: 0.6, low: 0.4 };

export function archetypeWeight(archetype: string, primitive: Primitive): number {
  return ARCHETYPE_WEIGHTS[archetype]?.[primitive] ?? 1;
}
