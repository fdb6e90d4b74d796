// What a remote run costs with the built-in price table, for the README: full runs of the synthetic
// bench corpus (20 and 500 documents) through the real pipeline and the OpenAI provider, against an
// in-process loopback model server (no network, no key). A metering wrapper records, per call, the
// tier the task asked for, the provider's own estimate of the prompt's input tokens (the prompt is
// really rendered, document text and all) and the task's output cap. Each call is then priced at
// the default model of its tier for OpenAI and for Anthropic: the floor counts the input alone, the
// ceiling adds every answer at its output cap (what the budget reserves). Two scripted models bound
// the number of calls: one that finds nothing (the run converges after one iteration) and one that
// reports an issue on every question (the run goes on to max_iterations).
//
//   npx tsx bench/model-cost.ts            (BENCH_COST_DOCUMENTS=20,500 by default)
import { chunkDocument, parseFile } from '@auditsvc/ingest';
import {
  DEFAULT_RUN_OPTIONS,
  DEFAULT_TIERS,
  createCapLedger,
  createModelGateway,
  createOpenAiProvider,
  createPriceTable,
  runAudit,
  type ModelProvider,
  type ModelTier,
} from '@auditsvc/engine';
import { buildSnapshot } from '../packages/engine/src/snapshot';
import { startLoopback } from '../packages/engine/test/gateway-loopback';
import { scriptedModel, type Script } from '../packages/engine/test/helpers/scripted-model';
import { SYNTHETIC_INTAKE, syntheticCorpus } from './run-corpus';

const SIZES = (process.env.BENCH_COST_DOCUMENTS ?? '20,500').split(',').map(Number);

interface MeteredCall {
  tier: ModelTier;
  inputTokens: number;
  maxOutputTokens: number;
}

/** The provider, recording what each call sends and may receive. */
function metered(provider: ModelProvider, calls: MeteredCall[]): ModelProvider {
  const tierOf = new Map(Object.entries(DEFAULT_TIERS.openai).map(([tier, model]) => [model, tier]));
  return {
    name: provider.name,
    modelFor: (tier) => provider.modelFor(tier),
    estimateInputTokens: (task, input) => provider.estimateInputTokens(task, input),
    complete: (task, input, model) => {
      calls.push({
        tier: tierOf.get(model) as ModelTier,
        inputTokens: provider.estimateInputTokens(task, input),
        maxOutputTokens: task.maxOutputTokens,
      });
      return provider.complete(task, input, model);
    },
  };
}

/** Reports an issue on every question, quoting the first line of the first excerpt it was shown. */
const EVERY_QUESTION_AN_ISSUE: Script = {
  question_verdict: ({ user }) => {
    const block = /<client_document name="([^"]+)" chunk="([^"]+)"[^>]*>\n([^\n]+)/.exec(user);
    if (!block) return undefined;
    return {
      verdict: 'issue',
      findings: [
        {
          title: `Issue in ${block[1]} (${block[2]})`,
          description: 'Scripted.',
          root_cause: 'Scripted.',
          severity: 'medium',
          confidence: 0.8,
          evidence: [{ document: block[1], chunk_id: block[2], quote: block[3]!.trim() }],
        },
      ],
    };
  },
};

const cents = (tokens: number, centsPer1k: number) => (tokens / 1000) * centsPer1k;

function price(calls: MeteredCall[], provider: 'openai' | 'anthropic') {
  const table = createPriceTable(null);
  let floor = 0;
  let ceiling = 0;
  for (const call of calls) {
    const p = table.priceOf(DEFAULT_TIERS[provider][call.tier]);
    const input = cents(call.inputTokens, p.input_cents_per_1k);
    floor += input;
    ceiling += input + cents(call.maxOutputTokens, p.output_cents_per_1k);
  }
  return `${(floor / 100).toFixed(2)}-${(ceiling / 100).toFixed(2)} USD`;
}

async function main() {
  const server = await startLoopback();
  try {
    console.log('| documents | model | calls | input tokens | OpenAI defaults | Anthropic defaults |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const size of SIZES) {
      const parsed = [];
      for (const file of syntheticCorpus(size)) {
        const doc = await parseFile({ bytes: Buffer.from(file.text, 'utf8'), filename: file.name });
        parsed.push({ doc, chunks: chunkDocument(doc) });
      }
      const snapshot = buildSnapshot('bench', parsed);
      for (const [label, script] of [
        ['finds nothing', {}],
        ['an issue on every question', EVERY_QUESTION_AN_ISSUE],
      ] as const) {
        server.respond(scriptedModel('openai', script));
        const calls: MeteredCall[] = [];
        const provider = createOpenAiProvider({ baseUrl: `${server.baseUrl}/v1`, apiKey: null });
        const result = await runAudit({
          snapshot,
          intake: SYNTHETIC_INTAKE,
          archetype: 'remediation_pipeline',
          options: DEFAULT_RUN_OPTIONS,
          gateway: createModelGateway({
            provider: metered(provider, calls),
            pricing: createPriceTable(null),
            ledger: createCapLedger(1_000_000),
            audit: null,
            engagementId: null,
          }),
          emit: () => undefined,
        });
        const input = calls.reduce((sum, c) => sum + c.inputTokens, 0);
        console.log(
          `| ${size} | ${label} (${result.iterations} iteration${result.iterations > 1 ? 's' : ''}) | ${calls.length} | ${input.toLocaleString('en')} | ${price(calls, 'openai')} | ${price(calls, 'anthropic')} |`,
        );
      }
    }
  } finally {
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
