// The matching rule of a corpus's EXPECTED.json: a canonical finding matches a planted defect when
// its primitive is one of the defect's, its evidence cites one of the defect's documents (any when
// none are listed), and its description or root cause matches the defect's pattern.
import type { EngineFinding, Intake } from './types';

export interface ExpectedDefect {
  id: string;
  primitives: string[];
  documents: string[];
  pattern: string;
  summary: string;
}

export interface ExpectedCorpus {
  corpus: string;
  intake: Intake;
  defects: ExpectedDefect[];
  /** The date the corpus is written as of (YYYY-MM-DD); see CorpusSnapshot.asOf. */
  as_of?: string;
}

/** The corpus's pinned "now", when its EXPECTED.json gives one. */
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
}

export function score(findings: EngineFinding[], expected: ExpectedCorpus): Scorecard {
  const canonical = findings.filter((f) => f.isCanonical);
  const found = expected.defects.filter((d) => canonical.some((f) => matches(f, d))).map((d) => d.id);
  return {
    found,
    missed: expected.defects.map((d) => d.id).filter((id) => !found.includes(id)),
    unmatched: canonical.filter((f) => !expected.defects.some((d) => matches(f, d))),
  };
}
