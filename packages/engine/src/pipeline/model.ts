// Shapes that pass between stages and model tasks: catalog targets, questions, raw findings.
import type { Primitive } from '@auditsvc/core';
import type { EvidenceItem, FindingContent, Severity } from '../types';
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

export interface RawFinding extends FindingContent {
  key: string;
  questionId: string;
  evidence: EvidenceItem[];
  iteration: number;
}
