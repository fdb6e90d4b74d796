// Any OpenAI-compatible chat-completions server (OpenAI, Azure, vLLM, llama.cpp, Ollama): JSON mode,
// bearer key, usage from prompt_tokens / completion_tokens.
import { ModelCallError, ModelProvider, ModelTask, ProviderResult } from '../types';
import { buildPrompt, estimatePromptTokens, parseAnswer, tokenCount } from './answer';
import { DEFAULT_TRANSPORT, TransportOptions, postJsonWithRetry } from './http';
import { TierModels, tierModels } from './tiers';

export interface OpenAiProviderOptions {
  baseUrl: string;
  apiKey: string | null;
  tiers?: Partial<TierModels>;
  transport?: Partial<TransportOptions>;
}

interface ChatCompletion {
  choices?: { message?: { content?: unknown }; finish_reason?: string }[];
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
}

export function createOpenAiProvider(options: OpenAiProviderOptions): ModelProvider {
  const models = tierModels('openai', options.tiers);
  const transport = { ...DEFAULT_TRANSPORT, ...options.transport };
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const headers: Record<string, string> = options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {};
  return {
    name: 'openai',
    modelFor: (tier) => models[tier],
    estimateInputTokens: (task, input) => estimatePromptTokens(buildPrompt(task, input)),
    async complete<I, O>(task: ModelTask<I, O>, input: I, model: string): Promise<ProviderResult<O>> {
      const prompt = buildPrompt(task, input);
      const answer = (await postJsonWithRetry(
        'openai',
        url,
        headers,
        {
          model,
          messages: [
            { role: 'system', content: prompt.system },
            { role: 'user', content: prompt.user },
          ],
          max_tokens: task.maxOutputTokens,
          response_format: { type: 'json_object' },
        },
        transport,
      )) as ChatCompletion;
      const estimatedInput = estimatePromptTokens(prompt);
      const content = answer?.choices?.[0]?.message?.content;
      const usage = {
        inputTokens: tokenCount(answer?.usage?.prompt_tokens, estimatedInput),
        outputTokens: tokenCount(
          answer?.usage?.completion_tokens,
          typeof content === 'string' ? Math.ceil(content.length / 4) : 0,
        ),
      };
      if (typeof content !== 'string') {
        throw new ModelCallError('openai answer has no message content', { usage, unusableAnswer: true });
      }
      return { output: parseAnswer('openai', task, input, content, usage), usage };
    },
  };
}
