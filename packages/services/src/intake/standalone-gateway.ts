// Model calls that belong to no engagement (intake extraction, portfolio clustering) go through a
// gateway of their own: the configured provider and prices, a hard spend cap per call site, and
// no audit log (the audit log is per engagement). The API and the worker build it the same way.
import type { Config, Logger, ModelCallObserver } from '@auditsvc/runtime';
import {
  ModelCallError,
  ModelGateway,
  ModelProvider,
  createCapLedger,
  createModelGateway,
  createPriceTable,
  createProviderFromConfig,
} from '@auditsvc/engine/src/lean';

export interface StandaloneGateway extends ModelGateway {
  /** Cents charged by this gateway's calls so far. */
  readonly spentCents: number;
}

/** A fresh gateway whose calls together may spend at most `capCents`. */
export type StandaloneGatewayFactory = (capCents: number) => StandaloneGateway;

export function createStandaloneGatewayFactory(
  config: Config,
  logger?: Logger,
  observe?: ModelCallObserver,
): StandaloneGatewayFactory {
  const pricing = createPriceTable(config.modelPricing);
  let provider: ModelProvider | null = null;
  const providerOrFailure = (): ModelProvider => {
    // Built on first use: a provider without its key fails the call (502), not the process start.
    try {
      provider ??= createProviderFromConfig(config, logger ? { logger } : {});
      return provider;
    } catch (error) {
      throw new ModelCallError('The model provider is not configured.', { cause: error });
    }
  };
  return (capCents) => {
    let gateway: (ModelGateway & { readonly spentCents: number }) | null = null;
    const open = () =>
      (gateway ??= createModelGateway({
        provider: providerOrFailure(),
        pricing,
        ledger: createCapLedger(capCents),
        audit: null,
        engagementId: null,
        ...(logger ? { logger } : {}),
        ...(observe ? { observe } : {}),
      }));
    return {
      call: async (task, input, meta) => open().call(task, input, meta),
      get spentCents() {
        return gateway?.spentCents ?? 0;
      },
    };
  };
}
