// The gateways a run spends through. A run spends the engagement's budget (DB ledger, audit log);
// an investigate-further mini-run additionally stops at its own cap, so it can never use more
// than it was given even when the engagement has more left.
import type { Repositories } from '@auditsvc/db';
import {
  ModelGateway,
  SpendLedger,
  createAuditLogWriter,
  createCapLedger,
  createEngagementGateway,
  createEngagementLedger,
  createModelGateway,
  createPriceTable,
  createProviderFromConfig,
} from '@auditsvc/engine';
import type { Config, Logger } from '@auditsvc/runtime';

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

export function createRunGatewayFactory(deps: {
  config: Config;
  repos: Pick<Repositories, 'spend' | 'auditLog' | 'transaction'>;
  logger: Logger;
}): RunGatewayFactory {
  const { config, repos, logger } = deps;
  return (engagementId, capCents) => {
    if (capCents === null) return createEngagementGateway({ config, repos, engagementId, logger });
    return createModelGateway({
      provider: createProviderFromConfig(config, { logger }),
      pricing: createPriceTable(config.modelPricing),
      ledger: cappedLedger(createEngagementLedger(repos, engagementId), capCents),
      audit: createAuditLogWriter({ repos, dataDir: config.dataDir, engagementId }),
      engagementId,
      logger,
    });
  };
}
