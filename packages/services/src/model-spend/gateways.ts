// The gateways a run spends through: the engine's gateway wired to the configured provider and
// prices, the engagement's ledger in the database and its audit log in the object store. A run spends
// the engagement's budget; an investigate-further mini-run additionally stops at its own ceiling, so
// it can never use more than it was given even when the engagement has more left.
import type { Repositories } from '@auditsvc/db';
import {
  ModelGateway,
  ModelProvider,
  ProviderConfigExtras,
  createModelGateway,
  createPriceTable,
  createProviderFromConfig,
} from '@auditsvc/engine/src/lean';
import type { Config, Logger, ModelCallObserver } from '@auditsvc/runtime';
import type { ObjectStore } from '@auditsvc/storage';
import { createAuditLogWriter } from './audit-log-writer';
import { createEngagementLedger } from './engagement-ledger';

/** `ceilingMicrocents`: the engagement spend the run may reach (null: its budget alone). */
export type RunGatewayFactory = (engagementId: string, ceilingMicrocents: bigint | null) => ModelGateway;

/** A gateway spending one engagement's budget, writing its audit log. */
export function createEngagementGateway(deps: {
  config: Config & ProviderConfigExtras;
  repos: Pick<Repositories, 'spend' | 'auditLog' | 'transaction'>;
  /** Where the audit log is appended. */
  storage: ObjectStore;
  engagementId: string;
  logger?: Logger;
  /** Defaults to the provider of the configuration. */
  provider?: ModelProvider;
  /**
   * A ceiling on the engagement's spend below its budget (investigate-further): kept in the
   * engagement row's conditional reservation, not in this process, so an attempt that takes over
   * from a killed one sees what the killed one spent.
   */
  ceilingMicrocents?: bigint | null;
  /** The process's model call metrics. */
  observe?: ModelCallObserver;
}): ModelGateway {
  const { config, repos, storage, engagementId, logger, observe } = deps;
  const ledger = createEngagementLedger(repos, engagementId, {
    ceilingMicrocents: deps.ceilingMicrocents ?? undefined,
  });
  return createModelGateway({
    provider: deps.provider ?? createProviderFromConfig(config, { logger }),
    pricing: createPriceTable(config.modelPricing),
    ledger,
    audit: createAuditLogWriter({ repos, storage, engagementId }),
    engagementId,
    logger,
    observe,
  });
}

export function createRunGatewayFactory(deps: {
  config: Config;
  repos: Pick<Repositories, 'spend' | 'auditLog' | 'transaction'>;
  storage: ObjectStore;
  logger: Logger;
  observe?: ModelCallObserver;
}): RunGatewayFactory {
  const { config, repos, storage, logger, observe } = deps;
  return (engagementId, ceilingMicrocents) =>
    createEngagementGateway({ config, repos, storage, engagementId, logger, ceilingMicrocents, observe });
}
