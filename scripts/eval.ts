// npm run eval: full audits with the local analyst of every evaluation corpus (a folder with an
// EXPECTED.json), scored against its answer key, in three groups kept apart:
//   regression  ../shared/corpora and test/corpora: corpora the analyst was tuned on (also held to
//               >= 90% by packages/engine/test/corpora-N.test.ts); their figures are overfitted by
//               construction;
//   holdout     test/corpora-holdout: planted corpora written by helpers who never read the
//               analyst, never tuned on: the honest figure for unseen documents;
//   real        test/corpora-real: published policy sets labelled by an independent assessor,
//               never tuned on;
//   real-tuned  test/corpora-real-tuned: labelled real sets whose defects guided the analyst
//               (regression cases for real wording; not held to a recall floor).
// Tune on a holdout and it moves to test/corpora, on a real set and it moves to
// test/corpora-real-tuned (and a new one is written or labelled).
// Per corpus: recall (and high-severity recall where the key has severities), findings matching
// no defect, precision where CLASSIFIED.json (or test/classified/<corpus>.json for a folder outside
// this repository) holds a reviewer's verdicts on those, per primitive,
// time and model calls; then one summary line per group. Folders given as arguments are scored
// as one group "given". With EVAL_UNMATCHED_DIR set, each corpus's unmatched findings (title,
// description, evidence) are written there as <corpus>.json for a reviewer to classify into the
// corpus's CLASSIFIED.json. The exit code is 1 when a regression corpus falls below 90% recall (or
// the floor its REGRESSION.json records, for a holdout moved there when tuned on) or over 1.5x
// unmatched.
// `--provider openai` or `--provider anthropic` runs the same evaluation through that remote model,
// configured from the environment as the service is (./eval-provider.ts), each corpus under its own
// spend cap (EVAL_BUDGET_CENTS, default 500); when no such model is reachable the eval says so in
// one line and exits 2.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Primitive } from '@auditsvc/core';
import { DEFAULT_RUN_OPTIONS, runAudit } from '@auditsvc/engine';
import { createCapLedger, createModelGateway, createPriceTable } from '../packages/engine/src/gateway';
import { loadCorpusFolder } from '../packages/engine/src/corpus-loader';
import {
  PRIMITIVE_SHORT,
  asOfOf,
  precisionOf,
  requiredRecall,
  score,
  type ClassifiedFinding,
  type ExpectedCorpus,
  type RegressionFloor,
  type Scorecard,
} from '../packages/engine/src/expected';
import { ProviderUnavailable, evalProvider, parseEvalArgs, type EvalProvider } from './eval-provider';

type Group = 'regression' | 'holdout' | 'real' | 'real-tuned' | 'given';

const repository = join(__dirname, '..');
const GROUP_ROOTS: Array<[Group, string]> = [
  ['regression', join(repository, '..', 'shared', 'corpora')],
  ['regression', join(repository, 'test', 'corpora')],
  ['holdout', join(repository, 'test', 'corpora-holdout')],
  ['real', join(repository, 'test', 'corpora-real')],
  ['real-tuned', join(repository, 'test', 'corpora-real-tuned')],
];

function corporaUnder(root: string): string[] {
  if (!existsSync(join(root, 'EXPECTED.json')))
    return existsSync(root)
      ? readdirSync(root)
          .map((name) => join(root, name))
          .filter((dir) => existsSync(join(dir, 'EXPECTED.json')))
      : [];
  return [root];
}

function readJson<T>(file: string, fallback: T): T {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : fallback;
}

const percent = (n: number, d: number) => (d === 0 ? '-' : `${Math.round((n / d) * 100)}%`);

interface Totals {
  corpora: number;
  planted: number;
  found: number;
  high: number;
  highFound: number;
  unmatched: number;
  canonical: number;
  judgedMatched: number;
  real: number;
  partial: number;
  false: number;
  unclassified: number;
}

const emptyTotals = (): Totals => ({
  corpora: 0,
  planted: 0,
  found: 0,
  high: 0,
  highFound: 0,
  unmatched: 0,
  canonical: 0,
  judgedMatched: 0,
  real: 0,
  partial: 0,
  false: 0,
  unclassified: 0,
});

/** Per corpus: the remote model's spend stops there (a run that reaches it ends aborted). */
const BUDGET_CENTS = Number(process.env.EVAL_BUDGET_CENTS ?? 500);

async function evaluate(folder: string, model: EvalProvider) {
  const expected = readJson<ExpectedCorpus | null>(join(folder, 'EXPECTED.json'), null)!;
  // A corpus folder this repository cannot write (../shared) keeps its verdicts in test/classified.
  const verdicts = [
    join(folder, 'CLASSIFIED.json'),
    join(repository, 'test', 'classified', `${expected.corpus}.json`),
  ];
  const classified = verdicts.flatMap(
    (file) => readJson<{ classified: ClassifiedFinding[] }>(file, { classified: [] }).classified,
  );
  const snapshot = await loadCorpusFolder(folder, expected.corpus, asOfOf(expected));
  const gateway = createModelGateway({
    provider: model.provider,
    pricing: createPriceTable(model.pricing),
    ledger: createCapLedger(BUDGET_CENTS),
    audit: null,
    engagementId: null,
  });
  const started = Date.now();
  const failures: string[] = [];
  const result = await runAudit({
    snapshot,
    intake: expected.intake,
    archetype: 'remediation_pipeline',
    options: DEFAULT_RUN_OPTIONS,
    gateway,
    emit: (event) => {
      if (event.type === 'stage_complete' && Array.isArray(event.check_failures))
        failures.push(...(event.check_failures as string[]));
    },
  });
  for (const failure of new Set(failures)) console.error(`check failed on ${expected.corpus}: ${failure}`);
  const seconds = (Date.now() - started) / 1000;
  return {
    expected,
    snapshot,
    result,
    seconds,
    spentCents: gateway.spentCents,
    card: score(result.findings, expected, classified),
  };
}

function printCorpus(group: Group, run: Awaited<ReturnType<typeof evaluate>>): void {
  const { expected, snapshot, result, seconds, card, spentCents } = run;
  const planted = expected.defects.length;
  const precision = precisionOf(card);
  console.log(
    `\n== ${expected.corpus} [${group}] (${snapshot.documents.length} documents, ${snapshot.chunks.length} chunks)`,
  );
  console.log(
    [
      `recall ${card.found.length}/${planted} (${percent(card.found.length, planted)})`,
      card.high ? `high-severity ${card.high.found}/${card.high.total}` : null,
      `unmatched ${card.unmatched.length} of ${card.canonical} canonical (limit ${Math.floor(planted * 1.5)})`,
      precision === null
        ? 'precision -'
        : `precision ${Math.round(precision * 100)}% (${card.classified.unclassified} unclassified)`,
    ]
      .filter(Boolean)
      .join(', '),
  );
  console.log(
    `per primitive: ${[...card.byPrimitive]
      .map(([p, r]) => `${PRIMITIVE_SHORT[p as Primitive] ?? p} ${r.found}/${r.total} (+${r.unmatched})`)
      .join(', ')}`,
  );
  console.log(`found:  ${card.found.join(' ') || '-'}`);
  console.log(`missed: ${card.missed.join(' ') || '-'}`);
  for (const f of card.unmatched) console.log(`  unmatched [${f.primitive}/${f.severity}] ${f.title}`);
  console.log(
    `run time ${seconds.toFixed(2)} s, model calls ${result.modelCalls}, iterations ${result.iterations}, converged ${result.converged}` +
      `, spent ${spentCents.toFixed(2)} cents${result.aborted ? `, aborted (${result.aborted})` : ''}`,
  );
}

/** The unmatched findings as a reviewer reads them: what is claimed and the quotes behind it. */
function writeUnmatched(dir: string, run: Awaited<ReturnType<typeof evaluate>>): void {
  mkdirSync(dir, { recursive: true });
  const findings = run.card.unmatched.map((f) => ({
    fingerprint: f.fingerprint,
    title: f.title,
    primitive: f.primitive,
    severity: f.severity,
    description: f.description,
    evidence: f.evidence.map((e) => ({ document: e.document, quote: e.quote })),
  }));
  writeFileSync(join(dir, `${run.expected.corpus}.json`), `${JSON.stringify({ findings }, null, 2)}\n`);
}

function add(totals: Totals, expected: ExpectedCorpus, card: Scorecard): void {
  totals.corpora += 1;
  totals.planted += expected.defects.length;
  totals.found += card.found.length;
  totals.high += card.high?.total ?? 0;
  totals.highFound += card.high?.found ?? 0;
  totals.unmatched += card.unmatched.length;
  totals.canonical += card.canonical;
  totals.judgedMatched += card.canonical - card.unmatched.length;
  totals.real += card.classified.real;
  totals.partial += card.classified.partial;
  totals.false += card.classified.false;
  totals.unclassified += card.classified.unclassified;
}

function summary(group: Group, t: Totals): string {
  const judged = t.judgedMatched + t.real + t.partial + t.false;
  const precision =
    t.unmatched > 0 && t.unclassified === t.unmatched
      ? '-'
      : `${percent(t.judgedMatched + t.real, judged)} (${t.unclassified} unclassified)`;
  return (
    `${group.padEnd(11)} ${t.corpora} corpora: recall ${t.found}/${t.planted} (${percent(t.found, t.planted)})` +
    (t.high ? `, high-severity ${t.highFound}/${t.high} (${percent(t.highFound, t.high)})` : '') +
    `, unmatched ${t.unmatched} (${(t.unmatched / Math.max(1, t.planted)).toFixed(2)}x planted), precision ${precision}`
  );
}

async function main() {
  const { provider, folders: given } = parseEvalArgs(process.argv.slice(2));
  const model = await evalProvider(provider);
  console.log(`model: ${model.label}`);
  const plan: Array<[Group, string]> =
    given.length > 0
      ? given.flatMap((root) => corporaUnder(resolve(root)).map((f) => ['given', f] as [Group, string]))
      : GROUP_ROOTS.flatMap(([group, root]) => corporaUnder(root).map((f) => [group, f] as [Group, string]));
  if (plan.length === 0) throw new Error('no corpus with EXPECTED.json found');
  const totals = new Map<Group, Totals>();
  let failed = false;
  for (const [group, folder] of plan) {
    const run = await evaluate(folder, model);
    printCorpus(group, run);
    if (process.env.EVAL_UNMATCHED_DIR) writeUnmatched(process.env.EVAL_UNMATCHED_DIR, run);
    const t = totals.get(group) ?? emptyTotals();
    add(t, run.expected, run.card);
    totals.set(group, t);
    const planted = run.expected.defects.length;
    if (
      group === 'regression' &&
      (run.card.found.length <
        requiredRecall(planted, readJson<RegressionFloor | null>(join(folder, 'REGRESSION.json'), null)) ||
        run.card.unmatched.length > planted * 1.5)
    )
      failed = true;
  }
  console.log('\n== summary');
  for (const [group, t] of totals) console.log(summary(group, t));
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  if (error instanceof ProviderUnavailable) {
    console.error(error.message);
    process.exitCode = 2;
    return;
  }
  console.error(error);
  process.exitCode = 1;
});
