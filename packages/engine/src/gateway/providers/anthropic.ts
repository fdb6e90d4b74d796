// The Anthropic Messages API: x-api-key and anthropic-version headers, the answer's text blocks,
// usage from input_tokens / output_tokens. There is no JSON mode; the system prompt asks for JSON
// and the tolerant parser does the rest.
import { ModelCallError, ModelProvider, ModelTask, ProviderResult } from '../types';
import { buildPrompt, estimatePromptTokens, parseAnswer, tokenCount } from './answer';
import { DEFAULT_TRANSPORT, TransportOptions, postJsonWithRetry } from './http';
import { TierModels, tierModels } from './tiers';

export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';
export const ANTHROPIC_VERSION = '2023-06-01';

export interface AnthropicProviderOptions {
  apiKey: string | null;
  /** ANTHROPIC_BASE_URL; tests point it at a loopback server. */
  baseUrl?: string | null;
  tiers?: Partial<TierModels>;
  transport?: Partial<TransportOptions>;
}

interface MessagesAnswer {
  content?: { type?: string; text?: unknown }[];
  usage?: { input_tokens?: unknown; output_tokens?: unknown };
}

export function createAnthropicProvider(options: AnthropicProviderOptions): ModelProvider {
  const models = tierModels('anthropic', options.tiers);
  const transport = { ...DEFAULT_TRANSPORT, ...options.transport };
  const url = `${(options.baseUrl ?? ANTHROPIC_DEFAULT_BASE_URL).replace(/\/+$/, '')}/v1/messages`;
  const headers: Record<string, string> = {
    'anthropic-version': ANTHROPIC_VERSION,
    ...(options.apiKey ? { 'x-api-key': options.apiKey } : {}),
  };
  return {
    name: 'anthropic',
    modelFor: (tier) => models[tier],
    estimateInputTokens: (task, input) => estimatePromptTokens(buildPrompt(task, input)),
    async complete<I, O>(task: ModelTask<I, O>, input: I, model: string): Promise<ProviderResult<O>> {
      const prompt = buildPrompt(task, input);
      const answer = (await postJsonWithRetry(
        'anthropic',
        url,
        headers,
        {
          model,
          max_tokens: task.maxOutputTokens,
          system: prompt.system,
          messages: [{ role: 'user', content: prompt.user }],
        },
        transport,
      )) as MessagesAnswer;
      const blocks = Array.isArray(answer?.content) ? answer.content : [];
      const text = blocks
        .filter((block) => block?.type === 'text' && typeof block.text === 'string')
        .map((block) => block.text as string)
        .join('');
      const usage = {
        inputTokens: tokenCount(answer?.usage?.input_tokens, estimatePromptTokens(prompt)),
        outputTokens: tokenCount(answer?.usage?.output_tokens, Math.ceil(text.length / 4)),
      };
      if (text === '') {
        throw new ModelCallError('anthropic answer has no text', { usage, unusableAnswer: true });
      }
      return { output: parseAnswer('anthropic', task, input, text, usage), usage };
    },
  };
}
