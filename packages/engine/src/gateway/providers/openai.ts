// Any OpenAI-compatible chat-completions server (OpenAI, Azure, vLLM, llama.cpp, Ollama): structured
// outputs (`response_format: {type: "json_schema"}` with the task's answer schema), bearer key, usage
// from prompt_tokens / completion_tokens. A server that refuses structured outputs (a 400 or 422 to
// the request, accepted once `response_format` is left out) is asked without it from then on; its
// answers are read by the tolerant parser and checked against the same schema.
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

/** Statuses with which servers refuse a `response_format` they do not support. */
const REFUSED_FORMAT = new Set([400, 422]);

interface ChatCompletion {
  choices?: { message?: { content?: unknown }; finish_reason?: string }[];
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
}

export function createOpenAiProvider(options: OpenAiProviderOptions): ModelProvider {
  const models = tierModels('openai', options.tiers);
  const transport = { ...DEFAULT_TRANSPORT, ...options.transport };
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const headers: Record<string, string> = options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {};
  let structuredOutputs = true;
  return {
    name: 'openai',
    modelFor: (tier) => models[tier],
    estimateInputTokens: (task, input) => estimatePromptTokens(buildPrompt(task, input)),
    async complete<I, O>(task: ModelTask<I, O>, input: I, model: string): Promise<ProviderResult<O>> {
      const prompt = buildPrompt(task, input);
      const body = {
        model,
        messages: [
          { role: 'system', content: prompt.system },
          { role: 'user', content: prompt.user },
        ],
        max_tokens: task.maxOutputTokens,
      };
      const structured = {
        ...body,
        response_format: {
          type: 'json_schema',
          // Not strict: OpenAI's strict mode needs every property required, which the schemas'
          // optional members are not; the answer is checked against the schema here anyway.
          json_schema: { name: task.name, schema: task.answerSchema, strict: false },
        },
      };
      let answer: ChatCompletion;
      if (structuredOutputs) {
        try {
          answer = (await postJsonWithRetry('openai', url, headers, structured, transport)) as ChatCompletion;
        } catch (error) {
          if (!(error instanceof ModelCallError) || !REFUSED_FORMAT.has(error.status ?? 0)) throw error;
          answer = (await postJsonWithRetry('openai', url, headers, body, transport)) as ChatCompletion;
          // The plain request went through: this server does not do structured outputs.
          structuredOutputs = false;
          transport.logger?.warn('model_structured_outputs_unsupported', { provider: 'openai', model });
        }
      } else {
        answer = (await postJsonWithRetry('openai', url, headers, body, transport)) as ChatCompletion;
      }
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
