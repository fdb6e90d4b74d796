// The gateways a run spends through: the engine's gateway wired to the configured provider and
// prices, the engagement's ledger in the database and its audit log under DATA_DIR. A run spends
// the engagement's budget; an investigate-further mini-run additionally stops at its own cap, so it
// can never use more than it was given even when the engagement has more left.
import type { Repositories } from '@auditsvc/db';
import {
  ModelGateway,
  ModelProvider,
  ProviderConfigExtras,
  SpendLedger,
  createCapLedger,
  createModelGateway,
  createPriceTable,
  createProviderFromConfig,
} from '@auditsvc/engine';
import type { Config, Logger } from '@auditsvc/runtime';
import { createAuditLogWriter } from './audit-log-writer';
import { createEngagementLedger } from './engagement-ledger';

export type RunGatewayFactory = (engagementId: string, capCents: number | null) => ModelGateway;

/** A ledger that reserves against both `inner` (the engagement budget) and a hard cap. */
export function cappedLedger(inner: SpendLedger, capCents: number): SpendLedger {
  const cap = createCapLedger(capCents);
  return {
    async reserve(microcents) {
      if (!(await cap.reserve(microcents))) return false;
      if (await inner.reserve(microcents)) return true;
      // The engagement refused: give the cap its reservation back.
      await cap.settle({ reservedMicrocents: microcents, actualMicrocents: 0n, stage: '', model: '' });
      return false;
    },
    async settle(settlement) {
      await cap.settle(settlement);
      return inner.settle(settlement);
    },
  };
}

/** A gateway spending one engagement's budget, writing its audit log. */
export function createEngagementGateway(deps: {
  config: Config & ProviderConfigExtras;
  repos: Pick<Repositories, 'spend' | 'auditLog' | 'transaction'>;
  engagementId: string;
  logger?: Logger;
  /** Defaults to the provider of the configuration. */
  provider?: ModelProvider;
  /** A hard cap on top of the engagement's budget (investigate-further). */
  capCents?: number | null;
}): ModelGateway {
  const { config, repos, engagementId, logger } = deps;
  const ledger = createEngagementLedger(repos, engagementId);
  return createModelGateway({
    provider: deps.provider ?? createProviderFromConfig(config, { logger }),
    pricing: createPriceTable(config.modelPricing),
    ledger: deps.capCents == null ? ledger : cappedLedger(ledger, deps.capCents),
    audit: createAuditLogWriter({ repos, dataDir: config.dataDir, engagementId }),
    engagementId,
    logger,
  });
}

export function createRunGatewayFactory(deps: {
  config: Config;
  repos: Pick<Repositories, 'spend' | 'auditLog' | 'transaction'>;
  logger: Logger;
}): RunGatewayFactory {
  const { config, repos, logger } = deps;
  return (engagementId, capCents) =>
    createEngagementGateway({ config, repos, engagementId, logger, capCents });
}
