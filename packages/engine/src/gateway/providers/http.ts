// One JSON POST to a provider with a timeout per attempt and retries on transient failures:
// network errors, timeouts, 429 and 5xx, with exponential backoff and jitter (429 honours
// Retry-After). Any other status is final. Errors name the provider and status only: never the
// key, the prompt or the answer.
import type { Logger } from '@auditsvc/runtime';
import { ModelCallError } from '../types';

export interface TransportOptions {
  /** Per attempt, including reading the answer. */
  timeoutMs: number;
  /** Retries after the first attempt. */
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  logger?: Logger;
}

export const DEFAULT_TRANSPORT: TransportOptions = {
  timeoutMs: 60_000,
  maxRetries: 3,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
};

class TransientError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function backoffMs(options: TransportOptions, retry: number, retryAfterMs: number | null): number {
  const exponential = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** retry);
  // "Equal jitter": half fixed, half random, so parallel callers spread out but still wait.
  const jittered = exponential / 2 + Math.random() * (exponential / 2);
  return retryAfterMs === null ? jittered : Math.min(options.maxDelayMs, Math.max(jittered, retryAfterMs));
}

function retryAfter(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : null;
}

async function attempt(
  provider: string,
  url: string,
  headers: Record<string, string>,
  body: unknown,
  timeoutMs: number,
): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: controller.signal,
      });
    } catch {
      // A timeout means the request was sent: not retried here, where it would ride on one
      // reservation, but charged and retried by the gateway (see ModelCallError.possiblyBilled).
      if (controller.signal.aborted) {
        throw new ModelCallError(`${provider} timed out after ${timeoutMs} ms`, { possiblyBilled: true });
      }
      throw new TransientError(`${provider} unreachable`);
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      throw new ModelCallError(
        controller.signal.aborted
          ? `${provider} timed out after ${timeoutMs} ms`
          : `${provider} answer cut off`,
        { possiblyBilled: true },
      );
    }
    if (response.status === 429 || response.status >= 500) {
      throw new TransientError(
        `${provider} answered ${response.status}`,
        retryAfter(response.headers.get('retry-after')),
      );
    }
    if (!response.ok) {
      throw new ModelCallError(`${provider} refused the request (${response.status})`, {
        status: response.status,
      });
    }
    try {
      return JSON.parse(text);
    } catch {
      // A 200 whose envelope is not JSON comes from a proxy or a broken server, not the model.
      throw new TransientError(`${provider} sent a malformed response envelope`);
    }
  } finally {
    clearTimeout(timer);
  }
}

/** POSTs `body`, retrying transient failures; throws ModelCallError when it gives up. */
export async function postJsonWithRetry(
  provider: string,
  url: string,
  headers: Record<string, string>,
  body: unknown,
  options: TransportOptions,
): Promise<unknown> {
  for (let retry = 0; ; retry++) {
    try {
      return await attempt(provider, url, headers, body, options.timeoutMs);
    } catch (error) {
      if (!(error instanceof TransientError)) throw error;
      if (retry >= options.maxRetries) {
        throw new ModelCallError(`${error.message}; gave up after ${retry + 1} attempts`);
      }
      const delay = backoffMs(options, retry, error.retryAfterMs);
      options.logger?.warn('model_call_retry', {
        provider,
        reason: error.message,
        retry: retry + 1,
        delay_ms: Math.round(delay),
      });
      await sleep(delay);
    }
  }
}
