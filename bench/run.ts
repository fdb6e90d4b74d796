// npm run bench:run: a full local audit run (the offline analyst through the real gateway) on the
// largest sample corpus under ../shared/corpora and on a synthetic corpus of 500 documents.
// Prints wall time (parse and run apart), model calls, findings and peak RSS.
// Targets: sample corpus under 60 s, 500 documents under 10 minutes, RSS <= 1 GB.
//
//   BENCH_DOCUMENTS (default 500), BENCH_CORPUS (a corpus folder instead of the largest sample)
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chunkDocument, parseFile } from '@auditsvc/ingest';
import { DEFAULT_RUN_OPTIONS, runAudit, type Intake } from '@auditsvc/engine';
import {
  createCapLedger,
  createLocalProvider,
  createModelGateway,
  createPriceTable,
} from '../packages/engine/src/gateway';
import { loadCorpusFolder } from '../packages/engine/src/corpus-loader';
import { buildSnapshot } from '../packages/engine/src/snapshot';
import type { CorpusSnapshot } from '../packages/engine/src/corpus';
import { SYNTHETIC_INTAKE, syntheticCorpus } from './run-corpus';

const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 500);

function mb(bytes: number) {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}

async function measure(label: string, snapshot: CorpusSnapshot, intake: Intake, parseSeconds: number) {
  const gateway = createModelGateway({
    provider: createLocalProvider(),
    pricing: createPriceTable(null),
    ledger: createCapLedger(10_000_000),
    audit: null,
    engagementId: null,
  });
  const started = process.hrtime.bigint();
  const result = await runAudit({
    snapshot,
    intake,
    archetype: 'remediation_pipeline',
    options: DEFAULT_RUN_OPTIONS,
    gateway,
    emit: () => undefined,
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const canonical = result.findings.filter((f) => f.isCanonical);
  console.log(`\n== ${label}: ${snapshot.documents.length} documents, ${snapshot.chunks.length} chunks`);
  console.log(
    `parse+chunk ${parseSeconds.toFixed(1)} s, run ${seconds.toFixed(2)} s, model calls ${result.modelCalls}, iterations ${result.iterations}`,
  );
  console.log(
    `findings ${canonical.length} canonical (${result.findings.length - canonical.length} merged raw)`,
  );
  const byPrimitive = new Map<string, number>();
  for (const f of canonical) byPrimitive.set(f.primitive, (byPrimitive.get(f.primitive) ?? 0) + 1);
  console.log(`by primitive: ${[...byPrimitive].map(([p, n]) => `${p} ${n}`).join(', ')}`);
  console.log(`peak RSS so far ${mb(process.resourceUsage().maxRSS * 1024)}`);
}

function largestSample(): string | null {
  if (process.env.BENCH_CORPUS) return resolve(process.env.BENCH_CORPUS);
  const root = resolve(__dirname, '..', '..', 'shared', 'corpora');
  if (!existsSync(root)) return null;
  const folders = readdirSync(root)
    .map((n) => join(root, n))
    .filter((d) => existsSync(join(d, 'EXPECTED.json')));
  const size = (d: string) => readdirSync(d).reduce((sum, n) => sum + statSync(join(d, n)).size, 0);
  return folders.sort((a, b) => size(b) - size(a))[0] ?? null;
}

async function main() {
  const sample = largestSample();
  if (sample) {
    const t = Date.now();
    const snapshot = await loadCorpusFolder(sample);
    const { intake } = (await import(join(sample, 'EXPECTED.json'))) as { intake: Intake };
    await measure(`sample ${sample.split('/').pop()}`, snapshot, intake, (Date.now() - t) / 1000);
  } else console.log('no sample corpus found; skipping');

  const t = Date.now();
  const parsed = [];
  for (const file of syntheticCorpus(DOCUMENTS)) {
    const doc = await parseFile({ bytes: Buffer.from(file.text, 'utf8'), filename: file.name });
    parsed.push({ doc, chunks: chunkDocument(doc) });
  }
  await measure(`synthetic`, buildSnapshot('bench', parsed), SYNTHETIC_INTAKE, (Date.now() - t) / 1000);
  console.log(
    `\npeak RSS ${mb(process.resourceUsage().maxRSS * 1024)} (target <= 1 GB); targets: sample < 60 s, 500 documents < 10 min`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
