// Ready-wired gateways for the two ways the service spends: a run on an engagement's budget (DB
// ledger, audit log under DATA_DIR) and a capped one-off (intake extraction 20 c, portfolio
// clustering 80 c) that belongs to no engagement budget and writes no audit log.
import type { Repositories } from '@auditsvc/db';
import type { Config, Logger } from '@auditsvc/runtime';
import { createAuditLogWriter } from './audit-log-writer';
import { createModelGateway } from './gateway';
import { createCapLedger, createEngagementLedger } from './ledger';
import { createPriceTable } from './pricing';
import { ProviderConfigExtras, createProviderFromConfig } from './providers';
import type { ModelProvider } from './types';

export function createEngagementGateway(deps: {
  config: Config & ProviderConfigExtras;
  repos: Pick<Repositories, 'spend' | 'auditLog' | 'transaction'>;
  engagementId: string;
  logger?: Logger;
  /** Defaults to the provider of the configuration. */
  provider?: ModelProvider;
}) {
  const { config, repos, engagementId, logger } = deps;
  return createModelGateway({
    provider: deps.provider ?? createProviderFromConfig(config, { logger }),
    pricing: createPriceTable(config.modelPricing),
    ledger: createEngagementLedger(repos, engagementId),
    audit: createAuditLogWriter({ repos, dataDir: config.dataDir, engagementId }),
    engagementId,
    logger,
  });
}

export function createCappedGateway(deps: {
  config: Config & ProviderConfigExtras;
  capCents: number;
  logger?: Logger;
  provider?: ModelProvider;
}) {
  const { config, logger } = deps;
  return createModelGateway({
    provider: deps.provider ?? createProviderFromConfig(config, { logger }),
    pricing: createPriceTable(config.modelPricing),
    ledger: createCapLedger(deps.capCents),
    audit: null,
    engagementId: null,
    logger,
  });
}
