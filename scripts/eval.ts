// npm run eval: runs the audit with the local analyst on every corpus folder with an
// EXPECTED.json under ../shared/corpora, test/corpora and test/corpora-holdout (or under the folders
// given as arguments) and prints recall of the planted defects, unmatched canonical findings, run
// time and model calls. test/corpora holds corpora written independently of the analyst and then
// used to tune it (regression cases, also checked by packages/engine/test/corpora.test.ts);
// test/corpora-holdout holds corpora the analyst was never tuned on, the honest measure of how it
// does on documents it has not seen. Keep it that way: tune on a new holdout corpus and it becomes
// a regression case.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_RUN_OPTIONS, runAudit } from '@auditsvc/engine';
import {
  createCapLedger,
  createLocalProvider,
  createModelGateway,
  createPriceTable,
} from '../packages/engine/src/gateway';
import { loadCorpusFolder } from '../packages/engine/src/corpus-loader';
import { asOfOf, score, type ExpectedCorpus } from '../packages/engine/src/expected';

async function main() {
  const given = process.argv.slice(2);
  const roots = (
    given.length > 0
      ? given
      : [
          join(__dirname, '..', '..', 'shared', 'corpora'),
          join(__dirname, '..', 'test', 'corpora'),
          join(__dirname, '..', 'test', 'corpora-holdout'),
        ]
  ).map((root) => resolve(root));
  const folders = roots
    .filter((root) => existsSync(root))
    .flatMap((root) => readdirSync(root).map((name) => join(root, name)))
    .filter((dir) => existsSync(join(dir, 'EXPECTED.json')));
  if (folders.length === 0) throw new Error(`no corpus with EXPECTED.json under ${roots.join(', ')}`);
  let failed = false;
  const total = { planted: 0, found: 0, unmatched: 0 };
  for (const folder of folders) {
    const expected = JSON.parse(readFileSync(join(folder, 'EXPECTED.json'), 'utf8')) as ExpectedCorpus;
    const snapshot = await loadCorpusFolder(folder, expected.corpus, asOfOf(expected));
    const gateway = createModelGateway({
      provider: createLocalProvider(),
      pricing: createPriceTable(null),
      ledger: createCapLedger(1_000_000),
      audit: null,
      engagementId: null,
    });
    const started = Date.now();
    const result = await runAudit({
      snapshot,
      intake: expected.intake,
      archetype: 'remediation_pipeline',
      options: DEFAULT_RUN_OPTIONS,
      gateway,
      emit: () => undefined,
    });
    const seconds = (Date.now() - started) / 1000;
    const card = score(result.findings, expected);
    const planted = expected.defects.length;
    const canonical = result.findings.filter((f) => f.isCanonical).length;
    console.log(
      `\n== ${expected.corpus} (${snapshot.documents.length} documents, ${snapshot.chunks.length} chunks)`,
    );
    console.log(
      `recall ${card.found.length}/${planted} (${Math.round((card.found.length / planted) * 100)}%)`,
    );
    console.log(`found:  ${card.found.join(' ') || '-'}`);
    console.log(`missed: ${card.missed.join(' ') || '-'}`);
    console.log(
      `canonical findings ${canonical}, unmatched ${card.unmatched.length} (limit ${Math.floor(planted * 1.5)})`,
    );
    for (const f of card.unmatched) console.log(`  unmatched [${f.primitive}/${f.severity}] ${f.title}`);
    console.log(
      `run time ${seconds.toFixed(2)} s, model calls ${result.modelCalls}, iterations ${result.iterations}, converged ${result.converged}`,
    );
    if (card.found.length / planted < 0.9 || card.unmatched.length > planted * 1.5) failed = true;
    total.planted += planted;
    total.found += card.found.length;
    total.unmatched += card.unmatched.length;
  }
  console.log(
    `\n== all ${folders.length} corpora: recall ${total.found}/${total.planted} ` +
      `(${Math.round((total.found / total.planted) * 100)}%), unmatched ${total.unmatched}`,
  );
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
