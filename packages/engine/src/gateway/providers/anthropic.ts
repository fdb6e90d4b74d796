// The Anthropic Messages API: x-api-key and anthropic-version headers, the answer's text blocks,
// usage from input_tokens / output_tokens. The answer's schema is the input_schema of one tool the
// model is made to call (tool_choice), so the answer arrives as the tool call's input; an answer in
// text instead (a proxy or an older model ignoring tools) goes through the tolerant parser. Both are
// checked against the same schema.
import { ModelCallError, ModelProvider, ModelTask, ProviderResult } from '../types';
import { buildPrompt, estimatePromptTokens, parseAnswer, readAnswer, tokenCount } from './answer';
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

/** The one tool of every request: its input is the task's answer. */
const ANSWER_TOOL = 'answer';

interface MessagesAnswer {
  content?: { type?: string; text?: unknown; name?: unknown; input?: unknown }[];
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
          tools: [
            {
              name: ANSWER_TOOL,
              description: `Record the answer to the ${task.name} task.`,
              input_schema: task.answerSchema,
            },
          ],
          tool_choice: { type: 'tool', name: ANSWER_TOOL },
        },
        transport,
      )) as MessagesAnswer;
      const blocks = Array.isArray(answer?.content) ? answer.content : [];
      const toolCall = blocks.find((block) => block?.type === 'tool_use' && block.name === ANSWER_TOOL);
      const text = blocks
        .filter((block) => block?.type === 'text' && typeof block.text === 'string')
        .map((block) => block.text as string)
        .join('');
      const outputChars = toolCall ? JSON.stringify(toolCall.input ?? null).length : text.length;
      const usage = {
        inputTokens: tokenCount(answer?.usage?.input_tokens, estimatePromptTokens(prompt)),
        outputTokens: tokenCount(answer?.usage?.output_tokens, Math.ceil(outputChars / 4)),
      };
      if (toolCall) return { output: readAnswer('anthropic', task, input, toolCall.input, usage), usage };
      if (text === '') {
        throw new ModelCallError('anthropic answer has no text', { usage, unusableAnswer: true });
      }
      return { output: parseAnswer('anthropic', task, input, text, usage), usage };
    },
  };
}
