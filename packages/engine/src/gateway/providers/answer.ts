// Shared by the remote providers: the prompt as sent, the reservation estimate, and turning the
// model's text into the task's output.
import { checkAnswer } from '../answer-schema';
import { parseJsonLenient } from '../json';
import { ModelCallError, ModelTask, TokenUsage } from '../types';

/** Appended to every system prompt: the gateway only accepts one JSON value. */
export const JSON_ONLY =
  'Answer with exactly one JSON object and nothing else: no prose, no code fences. Respond in JSON.';

export function buildPrompt<I, O>(task: ModelTask<I, O>, input: I): { system: string; user: string } {
  const prompt = task.prompt(input);
  return { system: `${prompt.system}\n\n${JSON_ONLY}`, user: prompt.user };
}

/**
 * An upper estimate of the prompt's tokens: UTF-8 bytes / 3 (English runs near 4 characters per
 * token; bytes make non-Latin text, often one token per character, count high too), plus the
 * protocol's per-message overhead.
 */
export function estimatePromptTokens(prompt: { system: string; user: string }): number {
  return Math.ceil((Buffer.byteLength(prompt.system) + Buffer.byteLength(prompt.user)) / 3) + 32;
}

/** The task's output from the model's text; ModelCallError (unusable, billed) when it cannot be used. */
export function parseAnswer<I, O>(
  provider: string,
  task: ModelTask<I, O>,
  input: I,
  text: string,
  usage: TokenUsage,
): O {
  let json: unknown;
  try {
    json = parseJsonLenient(text);
  } catch (error) {
    throw new ModelCallError(`${provider} answer to ${task.name} is not JSON`, {
      cause: error,
      usage,
      unusableAnswer: true,
    });
  }
  return readAnswer(provider, task, input, json, usage);
}

/**
 * The task's output from the model's JSON (a structured answer, or what the tolerant parser read):
 * checked against the task's answer schema, then read by the task's parser.
 */
export function readAnswer<I, O>(
  provider: string,
  task: ModelTask<I, O>,
  input: I,
  json: unknown,
  usage: TokenUsage,
): O {
  try {
    checkAnswer(task.answerSchema, json);
    return task.parse(json, input);
  } catch (error) {
    throw new ModelCallError(`${provider} answer to ${task.name} does not fit the task`, {
      cause: error,
      usage,
      unusableAnswer: true,
    });
  }
}

/** A non-negative integer from a usage field, else the fallback. */
export function tokenCount(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : fallback;
}
