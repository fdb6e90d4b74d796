// The provider the configuration selects (MODEL_PROVIDER).
import type { Config, Logger } from '@auditsvc/runtime';
import type { ModelProvider } from '../types';
import { createAnthropicProvider } from './anthropic';
import type { TransportOptions } from './http';
import { createLocalProvider } from './local';
import { createOpenAiProvider } from './openai';
import type { TierModels } from './tiers';

export * from './anthropic';
export * from './http';
export * from './local';
export * from './openai';
export * from './tiers';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/**
 * Settings the runtime configuration does not carry yet (proposed: ANTHROPIC_BASE_URL,
 * MODEL_TIER_SMALL / _MID / _STRONG, MODEL_TIMEOUT_MS). Read when present, so adding them to
 * Config needs no change here.
 */
export interface ProviderConfigExtras {
  anthropicBaseUrl?: string | null;
  modelTiers?: Partial<TierModels> | null;
  modelTimeoutMs?: number | null;
}

export interface ProviderOverrides {
  transport?: Partial<TransportOptions>;
  logger?: Logger;
}

export function createProviderFromConfig(
  config: Config & ProviderConfigExtras,
  overrides: ProviderOverrides = {},
): ModelProvider {
  const tiers = config.modelTiers ?? {};
  const transport: Partial<TransportOptions> = {
    ...(config.modelTimeoutMs ? { timeoutMs: config.modelTimeoutMs } : {}),
    ...(overrides.logger ? { logger: overrides.logger } : {}),
    ...overrides.transport,
  };
  switch (config.modelProvider) {
    case 'local':
      return createLocalProvider({ tiers });
    case 'openai':
      return createOpenAiProvider({
        baseUrl: config.openaiBaseUrl ?? OPENAI_DEFAULT_BASE_URL,
        apiKey: config.openaiApiKey,
        tiers,
        transport,
      });
    case 'anthropic':
      if (!config.anthropicApiKey) throw new Error('MODEL_PROVIDER=anthropic needs ANTHROPIC_API_KEY');
      return createAnthropicProvider({
        apiKey: config.anthropicApiKey,
        baseUrl: config.anthropicBaseUrl ?? null,
        tiers,
        transport,
      });
  }
}
