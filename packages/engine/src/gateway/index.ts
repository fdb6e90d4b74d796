// The model gateway's public surface (see types.ts for the contract).
export * from './types';
export { createModelGateway } from './gateway';
export type { GatewayDeps } from './gateway';
export {
  createProviderFromConfig,
  createLocalProvider,
  createOpenAiProvider,
  createAnthropicProvider,
} from './providers';
export type { ProviderConfigExtras, ProviderOverrides, TransportOptions, TierModels } from './providers';
export { DEFAULT_TIERS, ANTHROPIC_DEFAULT_BASE_URL, OPENAI_DEFAULT_BASE_URL } from './providers';
export { createPriceTable, BUILTIN_PRICES } from './pricing';
export { createCapLedger, chargeOf } from './ledger';
export { parseJsonLenient } from './json';
