// Sample client corpora with planted defects (EXPECTED.json's matching rule on canonical
// findings): ../shared/corpora (northwind-health, the corpus the analyst was first built on) and
// this repository's test/corpora (corpora written independently of the analyst, kept as regression
// cases). On each, the local analyst must find at least 90% of the planted defects (or, for a
// holdout that moved here when tuned on, the recall its REGRESSION.json records), keep findings
// that match nothing within 1.5 times the planted count, and quote its evidence verbatim.
//
// The corpora are split into shards (test/corpora-N.test.ts), each a test file of its own, so
// that jest spreads the full audits over its workers instead of running them all in one.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runAudit, DEFAULT_RUN_OPTIONS } from '../../src';
import { loadCorpusFolder } from '../../src/corpus-loader';
import { asOfOf, requiredRecall, score, type ExpectedCorpus, type RegressionFloor } from '../../src/expected';

const repositoryRoot = join(__dirname, '..', '..', '..', '..');
const roots = [join(repositoryRoot, '..', 'shared', 'corpora'), join(repositoryRoot, 'test', 'corpora')];
const folders = roots
  .filter((root) => existsSync(root))
  .flatMap((root) =>
    readdirSync(root)
      .sort()
      .map((name) => join(root, name)),
  )
  .filter((folder) => existsSync(join(folder, 'EXPECTED.json')));

/** How many shard files there are: test/corpora-1.test.ts to corpora-SHARDS.test.ts. */
export const SHARDS = 4;

/** The corpora of shard `shard` (1-based): every SHARDS-th folder in name order, so each gets a mix. */
export function describeRegressionShard(shard: number): void {
  const mine = folders.filter((_folder, index) => index % SHARDS === shard - 1);

  test('the repository carries its own sample corpora, and this shard some of them', () => {
    expect(
      folders.filter((folder) => folder.startsWith(join(repositoryRoot, 'test'))).length,
    ).toBeGreaterThanOrEqual(2);
    expect(mine.length).toBeGreaterThan(0);
  });

  describe.each(mine.map((folder) => [folder.split(/[\\/]/).at(-1)!, folder]))('%s', (_name, folder) => {
    test('recall >= 90% of planted defects (or its recorded floor), few unmatched findings, evidence quoted verbatim', async () => {
      const expected = JSON.parse(readFileSync(join(folder, 'EXPECTED.json'), 'utf8')) as ExpectedCorpus;
      const snapshot = await loadCorpusFolder(folder, 'eval', asOfOf(expected));
      const result = await runAudit({
        snapshot,
        intake: expected.intake,
        archetype: 'remediation_pipeline',
        options: DEFAULT_RUN_OPTIONS,
        gateway: { call: async (task, input) => task.local(input) },
        emit: () => undefined,
      });
      const card = score(result.findings, expected);
      const planted = expected.defects.length;
      const floorFile = join(folder, 'REGRESSION.json');
      const floor = existsSync(floorFile)
        ? (JSON.parse(readFileSync(floorFile, 'utf8')) as RegressionFloor)
        : null;
      expect(card.found.length).toBeGreaterThanOrEqual(requiredRecall(planted, floor));
      expect(card.unmatched.length).toBeLessThanOrEqual(Math.floor(planted * 1.5));
      const texts = new Map(snapshot.documents.map((d) => [d.name, d.text]));
      for (const finding of result.findings.filter((f) => f.isCanonical)) {
        for (const evidence of finding.evidence) {
          expect(texts.get(evidence.document)).toContain(evidence.quote);
          expect(evidence.quote_verified).toBe(true);
        }
      }
    }, 120_000);
  });
}
