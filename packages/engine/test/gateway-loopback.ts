// A loopback HTTP server (127.0.0.1, port 0) for provider tests: each request is recorded and
// answered by the next scripted reply (the last one repeats), or by a handler that reads it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Reply =
  { status: number; json?: unknown; text?: string; headers?: Record<string, string> } | { hang: true };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface LoopbackServer {
  baseUrl: string;
  requests: RecordedRequest[];
  script(...replies: Reply[]): void;
  /** Answers every request with `handler(request)` (a scripted model that reads the prompt). */
  respond(handler: (request: RecordedRequest) => Reply): void;
  close(): Promise<void>;
}

export async function startLoopback(): Promise<LoopbackServer> {
  const requests: RecordedRequest[] = [];
  let replies: Reply[] = [{ status: 500, text: 'not scripted' }];
  let handler: ((request: RecordedRequest) => Reply) | null = null;
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const request = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: raw ? (JSON.parse(raw) as Record<string, unknown>) : {},
      };
      requests.push(request);
      const reply = handler ? handler(request) : replies.length > 1 ? replies.shift()! : replies[0]!;
      if ('hang' in reply) {
        hanging.add(res);
        return;
      }
      res.writeHead(reply.status, {
        'content-type': reply.json === undefined ? 'text/plain' : 'application/json',
        ...reply.headers,
      });
      res.end(reply.json === undefined ? (reply.text ?? '') : JSON.stringify(reply.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    script: (...next) => {
      replies = next;
      handler = null;
    },
    respond: (next) => {
      handler = next;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** An OpenAI chat-completions answer. */
export function openAiAnswer(content: string, promptTokens = 100, completionTokens = 20) {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens },
  };
}

/** An Anthropic Messages answer. */
export function anthropicAnswer(text: string, inputTokens = 100, outputTokens = 20) {
  return {
    id: 'msg_test',
    type: 'message',
    role: 'assistant',
    content: [{ type: 'text', text }],
    stop_reason: 'end_turn',
    usage: { input_tokens: inputTokens, output_tokens: outputTokens },
  };
}

/** An Anthropic Messages answer that calls the answer tool with `input`. */
export function anthropicToolAnswer(input: unknown, inputTokens = 100, outputTokens = 20) {
  return {
    id: 'msg_test',
    type: 'message',
    role: 'assistant',
    content: [{ type: 'tool_use', id: 'toolu_test', name: 'answer', input }],
    stop_reason: 'tool_use',
    usage: { input_tokens: inputTokens, output_tokens: outputTokens },
  };
}
