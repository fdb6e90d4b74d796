// The sample client corpus with planted defects: the local analyst must find at least 11 of 12
// (EXPECTED.json's matching rule on canonical findings) without flooding the review queue.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runAudit, DEFAULT_RUN_OPTIONS } from '../src';
import { loadCorpusFolder } from '../src/corpus-loader';
import { score, type ExpectedCorpus } from '../src/expected';

const folder = join(__dirname, '..', '..', '..', '..', 'shared', 'corpora', 'northwind-health');
const describeWithCorpus = existsSync(join(folder, 'EXPECTED.json')) ? describe : describe.skip;

describeWithCorpus('northwind-health sample corpus', () => {
  test('recall of planted defects >= 11/12 with few unmatched findings, evidence quoted verbatim', async () => {
    const expected = JSON.parse(readFileSync(join(folder, 'EXPECTED.json'), 'utf8')) as ExpectedCorpus;
    const snapshot = await loadCorpusFolder(folder);
    const started = Date.now();
    const result = await runAudit({
      snapshot,
      intake: expected.intake,
      archetype: 'remediation_pipeline',
      options: DEFAULT_RUN_OPTIONS,
      gateway: { call: async (task, input) => task.local(input) },
      emit: () => undefined,
    });
    expect(Date.now() - started).toBeLessThan(60_000);
    const card = score(result.findings, expected);
    expect(card.found.length).toBeGreaterThanOrEqual(11);
    expect(card.unmatched.length).toBeLessThanOrEqual(18);
    const texts = new Map(snapshot.documents.map((d) => [d.name, d.text]));
    for (const finding of result.findings.filter((f) => f.isCanonical)) {
      for (const evidence of finding.evidence) {
        expect(texts.get(evidence.document)).toContain(evidence.quote);
        expect(evidence.quote_verified).toBe(true);
      }
    }
  }, 120_000);
});
