// Shapes that pass between stages and model tasks: catalog targets, questions, raw findings.
import type { Primitive } from '@auditsvc/core';
import type { EvidenceItem, Severity } from '../types';
import type { Target } from '../checks/check';

export type { Target } from '../checks/check';

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
