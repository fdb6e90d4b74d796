// A loopback OpenAI-compatible chat-completions server whose answers a test scripts, request by
// request: an answer the gateway cannot use but the provider bills (usage reported), or a request
// held open without an answer, which parks a worker inside a model call (a reservation taken, the
// call in flight) for as long as the test likes: the place to kill or stop it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor } from './wait';

export type ScriptedAnswer =
  /** 200 with `content` as the model's message, billed at these token counts. */
  | { kind: 'answer'; content: string; promptTokens: number; completionTokens: number }
  /** 200 with content that is not the task's JSON, billed at these token counts. */
  | { kind: 'unusable'; promptTokens: number; completionTokens: number }
  /** Never answered; the connection stays open until the worker goes or the server closes. */
  | { kind: 'hold' };

/** Picks the answer to a request: its number (from 1, since the server started) and its prompt. */
export type Script = (request: number, prompt: string) => ScriptedAnswer;

export interface ScriptedModelServer {
  /** Environment for a worker that sends its model calls here. */
  env(
    pricing: Record<string, { input_cents_per_1k: number; output_cents_per_1k: number }>,
  ): Record<string, string>;
  /** Requests received so far. */
  received(): number;
  /** Requests being held right now. */
  holding(): number;
  /** Resolves once `count` requests are held at the same time. */
  waitUntilHolding(count: number, timeoutMs?: number): Promise<void>;
  /** Scripts the answers from now on. */
  script(answer: Script): void;
  /** Answers the requests held so far by the current script (those it holds again stay held). */
  release(): void;
  close(): Promise<void>;
}

export async function startScriptedModelServer(): Promise<ScriptedModelServer> {
  let answer: Script = () => ({ kind: 'hold' });
  let received = 0;
  /** Each held response with the request's number and prompt, to answer it later. */
  const held = new Map<http.ServerResponse, { request: number; prompt: string }>();
  const respond = (res: http.ServerResponse, request: number, prompt: string) => {
    const scripted = answer(request, prompt);
    if (scripted.kind === 'hold') {
      held.set(res, { request, prompt });
      res.on('close', () => held.delete(res));
      return;
    }
    held.delete(res);
    const content = scripted.kind === 'answer' ? scripted.content : 'not the JSON the task asked for';
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        choices: [{ message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: scripted.promptTokens, completion_tokens: scripted.completionTokens },
      }),
    );
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      received += 1;
      const body = JSON.parse(raw) as { messages: { role: string; content: string }[] };
      respond(res, received, body.messages.find((message) => message.role === 'user')?.content ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    env: (pricing) => ({
      MODEL_PROVIDER: 'openai',
      OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`,
      OPENAI_API_KEY: 'sk-test-loopback',
      MODEL_PRICING: JSON.stringify(pricing),
    }),
    received: () => received,
    holding: () => held.size,
    async waitUntilHolding(count, timeoutMs = 60_000) {
      await waitFor(`${count} model requests held`, async () => held.size >= count, timeoutMs);
    },
    script(next) {
      answer = next;
    },
    release() {
      for (const [res, { request, prompt }] of [...held]) respond(res, request, prompt);
    },
    async close() {
      for (const res of held.keys()) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
