// Reads a Server-Sent Events response frame by frame, as a client with a streaming fetch would.
import http from 'node:http';

export interface SseReader {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The raw text received so far. */
  raw(): string;
  /** The parsed `data:` frames received so far. */
  events(): Array<Record<string, unknown>>;
  waitForEvent(type: string, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** Resolves when the server ends the stream. */
  closed: Promise<void>;
  /** Resolves when the server ends the stream; fails (with what was received) after `timeoutMs`. */
  waitForClose(timeoutMs?: number): Promise<void>;
  close(): void;
}

export function parseFrames(raw: string): Array<Record<string, unknown>> {
  return raw
    .split('\n\n')
    .filter((frame) => frame.startsWith('data: '))
    .map((frame) => JSON.parse(frame.slice('data: '.length)) as Record<string, unknown>);
}

export function openSse(url: string, headers: Record<string, string>): Promise<SseReader> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      let raw = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (raw += chunk));
      const closed = new Promise<void>((done) => {
        response.on('end', done);
        response.on('close', done);
      });
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        raw: () => raw,
        events: () => parseFrames(raw),
        async waitForEvent(type, timeoutMs = 60_000) {
          const started = Date.now();
          for (;;) {
            const found = parseFrames(raw).find((event) => event.type === type);
            if (found) return found;
            if (Date.now() - started > timeoutMs)
              throw new Error(`no ${type} event within ${timeoutMs} ms: ${raw}`);
            await new Promise((r) => setTimeout(r, 25));
          }
        },
        closed,
        waitForClose(timeoutMs = 30_000) {
          let timer: NodeJS.Timeout | undefined;
          const late = new Promise<never>((_, reject) => {
            timer = setTimeout(
              () => reject(new Error(`the stream did not end within ${timeoutMs} ms: ${raw}`)),
              timeoutMs,
            );
          });
          return Promise.race([closed, late]).finally(() => clearTimeout(timer));
        },
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}
