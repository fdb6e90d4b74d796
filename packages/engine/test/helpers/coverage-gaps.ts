// The coverage gaps of a small corpus for the given frameworks, among the elements a test is about:
// what the coverage family's candidates would report, without the investigate stage.
import { analyzeCorpus } from '../../src/analyst/corpus-analysis';
import { elementsFor } from '../../src/analyst/frameworks';
import { findCoverageGaps } from '../../src/checks/coverage/coverage';
import { INTAKE, snapshotOf } from './synthetic-corpus';

export async function coverageGaps(files: Record<string, string>, frameworks: string[], subjects: string[]) {
  const analysis = analyzeCorpus(await snapshotOf(files), { ...INTAKE, frameworks });
  return findCoverageGaps(analysis, elementsFor(frameworks), frameworks).filter((i) =>
    subjects.includes(i.subject),
  );
}
