// The gateways a run spends through. A run spends the engagement's budget (DB ledger, audit log);
// an investigate-further mini-run additionally stops at its own cap, so it can never use more
// than it was given even when the engagement has more left. The cap is a ceiling on the
// engagement's spend kept in the engagement row's conditional reservation, not a counter in this
// process: an attempt that takes over from a killed one sees what the killed one spent.
import type { Repositories } from '@auditsvc/db';
import {
  ModelGateway,
  createAuditLogWriter,
  createEngagementGateway,
  createEngagementLedger,
  createModelGateway,
  createPriceTable,
  createProviderFromConfig,
} from '@auditsvc/engine';
import type { Config, Logger } from '@auditsvc/runtime';

/** `ceilingMicrocents`: the engagement spend the run may reach (null: its budget alone). */
export type RunGatewayFactory = (engagementId: string, ceilingMicrocents: bigint | null) => ModelGateway;

export function createRunGatewayFactory(deps: {
  config: Config;
  repos: Pick<Repositories, 'spend' | 'auditLog' | 'transaction'>;
  logger: Logger;
}): RunGatewayFactory {
  const { config, repos, logger } = deps;
  return (engagementId, ceilingMicrocents) => {
    if (ceilingMicrocents === null) return createEngagementGateway({ config, repos, engagementId, logger });
    return createModelGateway({
      provider: createProviderFromConfig(config, { logger }),
      pricing: createPriceTable(config.modelPricing),
      ledger: createEngagementLedger(repos, engagementId, { ceilingMicrocents }),
      audit: createAuditLogWriter({ repos, dataDir: config.dataDir, engagementId }),
      engagementId,
      logger,
    });
  };
}
