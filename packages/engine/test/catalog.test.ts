// The catalog collects every registered check's candidates; a check that throws on a corpus costs
// only its own candidates, and the failure is recorded for the run to report.
import { analyzeCorpus } from '../src/analyst/corpus-analysis';
import { defineCheck, type CandidateContext } from '../src/checks/check';
import { CHECKS } from '../src/checks/registry';
import { candidatesOf } from '../src/pipeline/catalog';
import { INTAKE, PLANTED, snapshotOf } from './helpers/synthetic-corpus';

test('every registered check has a unique id and a list', () => {
  expect(new Set(CHECKS.map((c) => c.id)).size).toBe(CHECKS.length);
  for (const check of CHECKS) expect(check.primitives.length).toBeGreaterThan(0);
});

test('a check that throws contributes nothing and is recorded as a check failure', async () => {
  const analysis = analyzeCorpus(await snapshotOf(PLANTED), INTAKE);
  const context: CandidateContext = { analysis, intake: INTAKE, focusBoost: () => 0 };
  const broken = defineCheck<null>({
    id: 'broken',
    primitives: ['conflict_check'],
    list: 'concepts',
    candidates() {
      throw new Error('boom');
    },
    question: () => ({ text: '', query: '' }),
    verdict: () => ({ issues: [] }),
  });
  expect(candidatesOf(broken, context)).toEqual([]);
  expect(analysis.checkFailures).toEqual(['broken: boom']);
});
