// The answer key of an evaluation corpus (EXPECTED.json) and its matching rule: a canonical
// finding matches a defect when its primitive is one of the defect's, its evidence cites one of
// the defect's documents (any when none are listed), and its description or root cause matches
// the defect's pattern. A second file, CLASSIFIED.json, holds a reviewer's verdict on findings that
// match no defect (a real defect the key missed, partly true, or false): the precision column.
import type { Primitive } from '@auditsvc/core';
import type { EngineFinding, Intake } from './types';

export interface ExpectedDefect {
  id: string;
  primitives: string[];
  documents: string[];
  pattern: string;
  summary: string;
  /** The assessor's or writer's severity; high-severity recall is reported apart. */
  severity?: 'high' | 'medium' | 'low';
}

export interface ExpectedCorpus {
  corpus: string;
  intake: Intake;
  defects: ExpectedDefect[];
  /** The date the corpus is written as of (YYYY-MM-DD); see CorpusSnapshot.asOf. */
  as_of?: string;
  /** planted: written with known defects; real: published documents labelled by an assessor. */
  kind?: 'planted' | 'real';
}

export type FindingVerdict = 'real' | 'partial' | 'false';

/** A reviewer's verdict on a finding that matched no defect, recognised by fingerprint or title. */
export interface ClassifiedFinding {
  fingerprint?: string;
  title: string;
  verdict: FindingVerdict;
  note?: string;
}

/**
 * REGRESSION.json beside a regression corpus that moved there from the holdout group because a
 * helper tuned on it: the recall it must keep (found defects) until it is tuned to 90%. Without
 * it a regression corpus is held to 90%.
 */
export interface RegressionFloor {
  recall_floor: number;
  /** Who moved it and from where, and the recall it had when it moved. */
  note: string;
}

/** The found defects a regression corpus must keep: 90% of planted, or its recorded floor. */
export function requiredRecall(planted: number, floor: RegressionFloor | null): number {
  const ninety = Math.ceil(planted * 0.9);
  return floor ? Math.min(ninety, floor.recall_floor) : ninety;
}

/** The date of the corpus as epoch ms, when its EXPECTED.json gives one. */
export function asOfOf(expected: ExpectedCorpus): number | undefined {
  return expected.as_of ? Date.parse(`${expected.as_of}T23:59:59Z`) : undefined;
}

export function matches(finding: EngineFinding, defect: ExpectedDefect): boolean {
  if (!defect.primitives.includes(finding.primitive)) return false;
  if (defect.documents.length && !finding.evidence.some((e) => defect.documents.includes(e.document)))
    return false;
  const pattern = new RegExp(defect.pattern, 'i');
  return pattern.test(finding.description) || pattern.test(finding.rootCause);
}

export interface Scorecard {
  found: string[];
  missed: string[];
  unmatched: EngineFinding[];
  /** Found / planted among the defects of high severity (null when the key marks none). */
  high: { found: number; total: number } | null;
  /** Per primitive: defects by their first primitive, unmatched findings by theirs. */
  byPrimitive: Map<string, { found: number; total: number; unmatched: number }>;
  /** Unmatched findings a reviewer classified, by verdict; the rest are unclassified. */
  classified: Record<FindingVerdict, number> & { unclassified: number };
  canonical: number;
}

function verdictOf(finding: EngineFinding, classified: ClassifiedFinding[]): FindingVerdict | null {
  const entry =
    classified.find((c) => c.fingerprint === finding.fingerprint) ??
    classified.find((c) => c.title === finding.title);
  return entry?.verdict ?? null;
}

export function score(
  findings: EngineFinding[],
  expected: ExpectedCorpus,
  classified: ClassifiedFinding[] = [],
): Scorecard {
  const canonical = findings.filter((f) => f.isCanonical);
  const foundIds = new Set(
    expected.defects.filter((d) => canonical.some((f) => matches(f, d))).map((d) => d.id),
  );
  const unmatched = canonical.filter((f) => !expected.defects.some((d) => matches(f, d)));
  const byPrimitive = new Map<string, { found: number; total: number; unmatched: number }>();
  const row = (primitive: string) => {
    let entry = byPrimitive.get(primitive);
    if (!entry) byPrimitive.set(primitive, (entry = { found: 0, total: 0, unmatched: 0 }));
    return entry;
  };
  for (const defect of expected.defects) {
    const entry = row(defect.primitives[0] ?? 'unknown');
    entry.total += 1;
    if (foundIds.has(defect.id)) entry.found += 1;
  }
  for (const finding of unmatched) row(finding.primitive).unmatched += 1;
  const high = expected.defects.filter((d) => d.severity === 'high');
  const counts = { real: 0, partial: 0, false: 0, unclassified: 0 };
  for (const finding of unmatched) counts[verdictOf(finding, classified) ?? 'unclassified'] += 1;
  return {
    found: [...foundIds],
    missed: expected.defects.map((d) => d.id).filter((id) => !foundIds.has(id)),
    unmatched,
    high: high.length ? { found: high.filter((d) => foundIds.has(d.id)).length, total: high.length } : null,
    byPrimitive,
    classified: counts,
    canonical: canonical.length,
  };
}

/**
 * (matched + real) / canonical, counting only findings that are matched or classified; null when
 * no unmatched finding has been classified (there is nothing to base it on).
 */
export function precisionOf(card: Scorecard): number | null {
  const matched = card.canonical - card.unmatched.length;
  const judged = matched + card.classified.real + card.classified.partial + card.classified.false;
  if (card.unmatched.length > 0 && judged === matched) return null;
  return judged === 0 ? null : (matched + card.classified.real) / judged;
}

export const PRIMITIVE_SHORT: Record<Primitive, string> = {
  conflict_check: 'conflict',
  consistency_check: 'consistency',
  coverage_check: 'coverage',
  currency_check: 'currency',
  citation_integrity_check: 'citation',
  flow_down_check: 'flow-down',
};
