// Words the renderers share: severity and check names, their order, and how dates are written.
import { SEVERITIES } from '@auditsvc/core';
import type { DeliverableContent, DeliverableFinding } from './types';

/** The severities, most severe first (core's list). */
export const SEVERITY_ORDER = SEVERITIES;

/** The heading of the methodology's account of how the run read the corpus (Methodology.procedure). */
export const PROCEDURE_HEADING = 'How the documents were read';

const SEVERITY_LABEL: Record<string, string> = {
  critical: 'Critical',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};

export const SEVERITY_MEANING: Record<(typeof SEVERITY_ORDER)[number], string> = {
  critical:
    'A defect that leaves a material obligation unmet or contradicted; act before relying on the documents.',
  high: 'A defect likely to cause a control failure or an audit exception; act within the current cycle.',
  medium: 'A defect that weakens a control or its evidence; schedule the fix.',
  low: 'A housekeeping defect with little risk on its own; fix with the next revision.',
};

export function severityLabel(severity: string): string {
  return SEVERITY_LABEL[severity] ?? severity;
}

export interface CheckDescription {
  name: string;
  /** The theme a finding of this check belongs to, used in running text ("conflicting requirements"). */
  theme: string;
  description: string;
}

export const CHECKS: Record<string, CheckDescription> = {
  conflict_check: {
    name: 'Conflict check',
    theme: 'conflicting requirements between documents',
    description:
      'Compares documents that govern the same subject and flags requirements that contradict each other.',
  },
  consistency_check: {
    name: 'Consistency check',
    theme: 'internal inconsistencies',
    description:
      'Checks that each document agrees with itself: terms, figures, owners and dates used the same way throughout.',
  },
  coverage_check: {
    name: 'Coverage check',
    theme: 'coverage gaps',
    description:
      'Checks that every area in scope, and every requirement of the named frameworks, is addressed by some document.',
  },
  currency_check: {
    name: 'Currency check',
    theme: 'outdated content',
    description:
      'Flags documents and statements past their review dates, or citing superseded versions and retired systems.',
  },
  citation_integrity_check: {
    name: 'Citation integrity check',
    theme: 'broken citations',
    description:
      'Verifies that references between documents point at documents, sections and versions that exist.',
  },
  flow_down_check: {
    name: 'Flow-down check',
    theme: 'obligations not carried down into procedures',
    description:
      'Checks that obligations in higher-level documents are carried into the standards and procedures that implement them.',
  },
};

export function checkName(primitive: string): string {
  return CHECKS[primitive]?.name ?? primitive.replace(/_/g, ' ');
}

export function checkTheme(primitive: string): string {
  return CHECKS[primitive]?.theme ?? primitive.replace(/_/g, ' ');
}

/** Groups findings by severity, most severe first; an unknown severity comes last. */
export function groupBySeverity(
  findings: DeliverableFinding[],
): { severity: string; findings: DeliverableFinding[] }[] {
  const groups = new Map<string, DeliverableFinding[]>();
  for (const severity of SEVERITY_ORDER) groups.set(severity, []);
  for (const finding of findings) {
    const list = groups.get(finding.severity) ?? [];
    list.push(finding);
    groups.set(finding.severity, list);
  }
  return [...groups]
    .filter(([, list]) => list.length > 0)
    .map(([severity, list]) => ({ severity, findings: list }));
}

/** Reading-order reference of a finding: F-001, F-002, ... (findings arrive sorted). */
export function findingReference(index: number): string {
  return `F-${String(index + 1).padStart(3, '0')}`;
}

/** The line under a finding's heading: severity, check, status, confidence and frameworks. */
export function findingMeta(finding: DeliverableFinding): string[] {
  return [
    severityLabel(finding.severity),
    checkName(finding.primitive),
    `status ${finding.status}`,
    `confidence ${Math.round(finding.confidence * 100)}%`,
    ...(finding.frameworks.length > 0 ? [finding.frameworks.join(', ')] : []),
  ];
}

/** YYYY-MM-DD in UTC, or the input when it is not a date. */
export function formatDate(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toISOString().slice(0, 10);
}

export function formatHours(hours: number): string {
  return Number.isInteger(hours) ? String(hours) : hours.toFixed(1);
}

/** "a, b and c" */
export function joinList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]!}`;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Where a quote comes from: "Policy.docx, page 3". */
export function evidenceSource(evidence: { document: string; page?: number | null }): string {
  return typeof evidence.page === 'number'
    ? `${evidence.document}, page ${evidence.page}`
    : evidence.document;
}

/** The intake's materiality as readable text (the spec leaves its type open). */
export function materialityText(materiality: unknown): string {
  if (materiality === null || materiality === undefined || materiality === '') return '';
  if (
    typeof materiality === 'string' ||
    typeof materiality === 'number' ||
    typeof materiality === 'boolean'
  ) {
    return String(materiality);
  }
  return JSON.stringify(materiality);
}

/** The scope table of every format: label and value, in reading order. */
export function scopeRows(content: DeliverableContent): [string, string][] {
  const { intake } = content.engagement;
  return [
    ['Client', content.engagement.client_name],
    ['Engagement type', content.engagement.archetype.replace(/_/g, ' ')],
    ['Domain', intake.domain],
    ['Purpose', intake.audit_purpose],
    ['Frameworks', intake.frameworks.join(', ')],
    ['Focus areas', intake.focus_areas.join(', ')],
    ['Materiality', materialityText(intake.materiality)],
    ['Known concerns', intake.known_concerns.join('; ')],
  ];
}
