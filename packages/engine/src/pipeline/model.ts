// Shapes that pass between stages and model tasks: catalog targets, questions, raw findings.
import type { Primitive } from '@auditsvc/core';
import type { EvidenceItem, Severity } from '../types';

export type Target =
  | { kind: 'concept'; conceptId: string; scope: string | null; documents: string[] }
  | {
      kind: 'record';
      conceptId: string;
      scope: string | null;
      policyDocument: string;
      recordDocument: string;
    }
  | { kind: 'flow_down'; parent: string; child: string }
  | { kind: 'record_attribute'; document: string; attributeId: string; documents: string[] }
  | { kind: 'control'; controlId: string; documents: string[] }
  | { kind: 'term'; term: string; documents: string[] }
  | { kind: 'rpo'; documents: string[] }
  | { kind: 'version_reference'; document: string; citedDocument: string }
  | { kind: 'element'; elementId: string }
  | { kind: 'standard_currency'; familyId: string; documents: string[] }
  | { kind: 'standard_editions'; familyId: string; documents: string[] }
  | { kind: 'review'; document: string }
  | { kind: 'citation'; document: string; reference: string; citedDocument: string };

export interface CatalogTarget {
  key: string;
  primitive: Primitive;
  label: string;
  target: Target;
  /** 0..1: how strongly the analyst expects an issue. */
  signal: number;
  severity: Severity;
}

export interface Question {
  id: string;
  iteration: number;
  primitive: Primitive;
  targetKey: string;
  target: Target;
  text: string;
  query: string;
  documents: string[];
  priority: number;
  severity: Severity;
}

export interface RawFinding {
  key: string;
  questionId: string;
  subject: string;
  aspects: string[];
  primitive: Primitive;
  title: string;
  description: string;
  rootCause: string;
  remediationScope: string;
  remediationEffortHours: number;
  severity: Severity;
  confidence: number;
  frameworks: string[];
  evidence: EvidenceItem[];
  iteration: number;
}

export function targetKey(target: Target): string {
  switch (target.kind) {
    case 'concept':
      return `concept:${target.conceptId}:${target.scope ?? 'general'}`;
    case 'record':
      return `record:${target.conceptId}:${target.recordDocument}`;
    case 'flow_down':
      return `flow:${target.parent}>${target.child}`;
    case 'record_attribute':
      return `record-attribute:${target.document}:${target.attributeId}`;
    case 'control':
      return `control:${target.controlId}`;
    case 'term':
      return `term:${target.term}`;
    case 'rpo':
      return 'rpo:backup_frequency';
    case 'version_reference':
      return `version:${target.document}>${target.citedDocument}`;
    case 'element':
      return `coverage:${target.elementId}`;
    case 'standard_currency':
      return `standard:${target.familyId}:currency`;
    case 'standard_editions':
      return `standard:${target.familyId}:editions`;
    case 'review':
      return `review:${target.document}`;
    case 'citation':
      return `citation:${target.document}:${target.reference}`;
  }
}
