// Which model serves each tier, per provider. Defaults are current mid-2020s models; operators
// override them (proposed MODEL_TIER_SMALL / MODEL_TIER_MID / MODEL_TIER_STRONG).
import type { ModelTier, ProviderName } from '../types';

export type TierModels = Record<ModelTier, string>;

export const DEFAULT_TIERS: Record<ProviderName, TierModels> = {
  local: { small: 'local-analyst-small', mid: 'local-analyst-mid', strong: 'local-analyst-strong' },
  openai: { small: 'gpt-4o-mini', mid: 'gpt-4.1-mini', strong: 'gpt-4.1' },
  anthropic: { small: 'claude-3-5-haiku-latest', mid: 'claude-sonnet-4-5', strong: 'claude-opus-4-1' },
};

/** Cheapest first; the gateway downshifts along this order. */
export const TIER_ORDER: readonly ModelTier[] = ['small', 'mid', 'strong'];

export function tierModels(provider: ProviderName, overrides: Partial<TierModels> = {}): TierModels {
  const defaults = DEFAULT_TIERS[provider];
  return {
    small: overrides.small ?? defaults.small,
    mid: overrides.mid ?? defaults.mid,
    strong: overrides.strong ?? defaults.strong,
  };
}
