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
export { createPriceTable, BUILTIN_PRICES, MICROCENTS_PER_CENT } from './pricing';
export { createEngagementLedger, createCapLedger } from './ledger';
export { createAuditLogWriter, shardRelativePath, EVENTS_PER_SHARD, AUDIT_LOG_DIR } from './audit-log-writer';
export { parseJsonLenient } from './json';
export { createEngagementGateway, createCappedGateway } from './factory';
