// Model prices in cents per 1,000 tokens. MODEL_PRICING overrides the built-in table; its "*" key
// prices every model it does not name (local models included, so budgets can be exercised
// offline). A model found nowhere is priced like the most expensive built-in model: an unknown
// price must not make the budget unenforceable.
import { centsToMicrocents } from '@auditsvc/core';
import type { ModelPrice, PriceTable, TokenUsage } from './types';

/** List prices (USD per million tokens / 10,000 = cents per 1K), checked 2026. */
export const BUILTIN_PRICES: Readonly<Record<string, ModelPrice>> = {
  // The built-in offline analyst is free.
  'local-analyst-small': { input_cents_per_1k: 0, output_cents_per_1k: 0 },
  'local-analyst-mid': { input_cents_per_1k: 0, output_cents_per_1k: 0 },
  'local-analyst-strong': { input_cents_per_1k: 0, output_cents_per_1k: 0 },
  // OpenAI
  'gpt-4o-mini': { input_cents_per_1k: 0.015, output_cents_per_1k: 0.06 },
  'gpt-4o': { input_cents_per_1k: 0.25, output_cents_per_1k: 1.0 },
  'gpt-4.1-nano': { input_cents_per_1k: 0.01, output_cents_per_1k: 0.04 },
  'gpt-4.1-mini': { input_cents_per_1k: 0.04, output_cents_per_1k: 0.16 },
  'gpt-4.1': { input_cents_per_1k: 0.2, output_cents_per_1k: 0.8 },
  'o4-mini': { input_cents_per_1k: 0.11, output_cents_per_1k: 0.44 },
  o3: { input_cents_per_1k: 0.2, output_cents_per_1k: 0.8 },
  'gpt-5-nano': { input_cents_per_1k: 0.005, output_cents_per_1k: 0.04 },
  'gpt-5-mini': { input_cents_per_1k: 0.025, output_cents_per_1k: 0.2 },
  'gpt-5': { input_cents_per_1k: 0.125, output_cents_per_1k: 1.0 },
  // Anthropic
  'claude-3-5-haiku': { input_cents_per_1k: 0.08, output_cents_per_1k: 0.4 },
  'claude-haiku-4-5': { input_cents_per_1k: 0.1, output_cents_per_1k: 0.5 },
  'claude-3-7-sonnet': { input_cents_per_1k: 0.3, output_cents_per_1k: 1.5 },
  'claude-sonnet-4': { input_cents_per_1k: 0.3, output_cents_per_1k: 1.5 },
  'claude-sonnet-4-5': { input_cents_per_1k: 0.3, output_cents_per_1k: 1.5 },
  'claude-opus-4': { input_cents_per_1k: 1.5, output_cents_per_1k: 7.5 },
  'claude-opus-4-1': { input_cents_per_1k: 1.5, output_cents_per_1k: 7.5 },
};

const FALLBACK_PRICE: ModelPrice = { input_cents_per_1k: 1.5, output_cents_per_1k: 7.5 };

/** The built-in entry of a model, also for dated or "-latest" variants (longest prefix wins). */
function builtinPrice(model: string): ModelPrice | undefined {
  if (BUILTIN_PRICES[model]) return BUILTIN_PRICES[model];
  let best: string | undefined;
  for (const name of Object.keys(BUILTIN_PRICES)) {
    if (model.startsWith(`${name}-`) && (best === undefined || name.length > best.length)) best = name;
  }
  return best === undefined ? undefined : BUILTIN_PRICES[best];
}

function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  return (numerator + denominator - 1n) / denominator;
}

export function createPriceTable(overrides: Record<string, ModelPrice> | null | undefined): PriceTable {
  const table = overrides ?? {};
  function priceOf(model: string) {
    if (table[model]) return { ...table[model], source: 'override' as const };
    if (table['*']) return { ...table['*'], source: 'override_any' as const };
    const builtin = builtinPrice(model);
    if (builtin) return { ...builtin, source: 'builtin' as const };
    return { ...FALLBACK_PRICE, source: 'fallback' as const };
  }
  return {
    priceOf,
    costMicrocents(model: string, usage: TokenUsage): bigint {
      const price = priceOf(model);
      // Micro-cents per 1K tokens times tokens: exact for prices of up to 6 decimals.
      const timesThousand =
        centsToMicrocents(price.input_cents_per_1k) * BigInt(Math.max(0, Math.ceil(usage.inputTokens))) +
        centsToMicrocents(price.output_cents_per_1k) * BigInt(Math.max(0, Math.ceil(usage.outputTokens)));
      return ceilDiv(timesThousand, 1000n);
    },
  };
}
