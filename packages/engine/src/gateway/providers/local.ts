// The built-in offline analyst: each task answers itself (task.local). Tokens are estimated from
// the JSON sizes of input and output (4 characters per token), the output capped at the task's
// maxOutputTokens like a remote model's max_tokens, so MODEL_PRICING can exercise budgets offline.
import { ModelCallError, ModelProvider, ModelTask, ProviderResult } from '../types';
import { TierModels, tierModels } from './tiers';

function jsonTokens(value: unknown): number {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    text = undefined;
  }
  return Math.ceil((text?.length ?? 0) / 4);
}

export function createLocalProvider(options: { tiers?: Partial<TierModels> } = {}): ModelProvider {
  const models = tierModels('local', options.tiers);
  return {
    name: 'local',
    modelFor: (tier) => models[tier],
    estimateInputTokens: (_task, input) => jsonTokens(input),
    async complete<I, O>(task: ModelTask<I, O>, input: I): Promise<ProviderResult<O>> {
      let output: O;
      try {
        output = await task.local(input);
      } catch (error) {
        throw new ModelCallError(`local analyst failed on ${task.name}`, { cause: error });
      }
      return {
        output,
        usage: {
          inputTokens: jsonTokens(input),
          outputTokens: Math.min(jsonTokens(output), task.maxOutputTokens),
        },
      };
    },
  };
}
