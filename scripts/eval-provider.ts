// The model provider `npm run eval -- --provider <local|openai|anthropic>` evaluates with. A remote
// provider is configured from the environment as the service configures it (OPENAI_BASE_URL,
// OPENAI_API_KEY, ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL, MODEL_TIER_*, MODEL_PRICING,
// MODEL_TIMEOUT_MS) and asked one small question before the evaluation starts, so that a server
// that is missing, down or refusing the key is said in one line instead of failing every corpus.
import { loadConfig, type Config } from '@auditsvc/runtime';
import {
  ModelCallError,
  clusterLabelsTask,
  createLocalProvider,
  createProviderFromConfig,
  type ModelProvider,
} from '@auditsvc/engine';

export type EvalProviderName = 'local' | 'openai' | 'anthropic';
const NAMES: readonly EvalProviderName[] = ['local', 'openai', 'anthropic'];

/** The provider was asked for but cannot serve: the eval says so in one line and exits 2. */
export class ProviderUnavailable extends Error {}

/** `--provider NAME` or `--provider=NAME` (default local); the other arguments are corpus folders. */
export function parseEvalArgs(argv: string[]): { provider: EvalProviderName; folders: string[] } {
  const folders: string[] = [];
  let provider = 'local';
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--provider') provider = argv[(i += 1)] ?? '';
    else if (arg.startsWith('--provider=')) provider = arg.slice('--provider='.length);
    else folders.push(arg);
  }
  if (!(NAMES as readonly string[]).includes(provider))
    throw new ProviderUnavailable(`eval: --provider must be one of ${NAMES.join(', ')} (got "${provider}")`);
  return { provider: provider as EvalProviderName, folders };
}

/** Where requests would go, without any credentials a URL might carry. */
function endpointOf(config: Config, name: 'openai' | 'anthropic'): string {
  const raw =
    name === 'openai'
      ? (config.openaiBaseUrl ?? 'https://api.openai.com/v1')
      : (config.anthropicBaseUrl ?? 'https://api.anthropic.com');
  try {
    const url = new URL(raw);
    return `${url.origin}${url.pathname.replace(/\/$/, '')}`;
  } catch {
    return 'an invalid base URL';
  }
}

/** What is missing for `name`, or null when it is configured. */
function missingSetting(config: Config, name: 'openai' | 'anthropic'): string | null {
  if (name === 'openai' && !config.openaiBaseUrl && !config.openaiApiKey)
    return 'set OPENAI_BASE_URL to an OpenAI-compatible server (Ollama, vLLM, llama.cpp) or OPENAI_API_KEY for api.openai.com';
  if (name === 'anthropic' && !config.anthropicApiKey) return 'set ANTHROPIC_API_KEY';
  return null;
}

export interface EvalProvider {
  provider: ModelProvider;
  /** MODEL_PRICING, or null for the built-in table. */
  pricing: Config['modelPricing'];
  /** One line for the report: which provider and models answer. */
  label: string;
}

export async function evalProvider(
  name: EvalProviderName,
  env: NodeJS.ProcessEnv = process.env,
): Promise<EvalProvider> {
  if (name === 'local') return { provider: createLocalProvider(), pricing: null, label: 'local analyst' };
  let config: Config;
  try {
    config = loadConfig({ ...env, MODEL_PROVIDER: name });
  } catch (error) {
    throw new ProviderUnavailable(`eval: ${(error as Error).message.replace(/\s*\n\s*/g, '; ')}`);
  }
  const unavailable = (reason: string) =>
    new ProviderUnavailable(`eval: no ${name} model is reachable at ${endpointOf(config, name)}: ${reason}`);
  const missing = missingSetting(config, name);
  if (missing) throw unavailable(missing);
  const provider = createProviderFromConfig(config);
  // One attempt, no retries: the question is whether anyone answers at all.
  const probe = createProviderFromConfig(config, { transport: { maxRetries: 0, timeoutMs: 20_000 } });
  try {
    await probe.complete(
      clusterLabelsTask,
      { terms: ['retention'], documents: ['Probe.md'], sample: 'Records are kept for seven years.' },
      probe.modelFor('small'),
    );
  } catch (error) {
    if (error instanceof ModelCallError) throw unavailable(error.message);
    throw error;
  }
  const models = (['small', 'mid', 'strong'] as const).map((tier) => provider.modelFor(tier)).join(' / ');
  return {
    provider,
    pricing: config.modelPricing,
    label: `${name} at ${endpointOf(config, name)} (${models})`,
  };
}
