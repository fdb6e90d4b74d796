// Sends a fuzz request byte for byte with node:http (supertest and fetch would encode or refuse
// the malformed paths and headers the fuzzer means to send) over keep-alive connections.
import http from 'node:http';
import type { FuzzRequest } from './requests';

export interface FuzzResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** Set when no answer came: a timeout, a reset connection. */
  error?: string;
}

/** Event streams stay open while work runs: the first frame is read, then the client leaves. */
const STREAM_READ_MS = 1_500;
const MAX_BODY_BYTES = 4 * 1024 * 1024;

export function createFuzzClient(baseUrl: string, timeoutMs: number) {
  const base = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

  function once(request: FuzzRequest): Promise<FuzzResponse & { reusedSocket: boolean }> {
    return new Promise((resolve) => {
      let settled = false;
      const chunks: Buffer[] = [];
      let size = 0;
      const finish = (response: FuzzResponse, reusedSocket: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...response, reusedSocket });
      };
      let req: http.ClientRequest;
      try {
        req = http.request({
          host: base.hostname,
          port: base.port,
          method: request.method,
          path: request.url,
          headers: {
            ...request.headers,
            ...(request.body ? { 'content-length': String(request.body.length) } : {}),
          },
          agent,
        });
      } catch (error) {
        // Node refused to send it (a character it will not put in a request line or header).
        resolve({
          status: 0,
          headers: {},
          body: Buffer.alloc(0),
          error: `unsendable: ${(error as Error).message}`,
          reusedSocket: false,
        });
        return;
      }
      const timer = setTimeout(() => {
        finish(
          { status: 0, headers: {}, body: Buffer.concat(chunks), error: `no answer within ${timeoutMs} ms` },
          false,
        );
        req.destroy();
      }, timeoutMs);
      req.on('response', (res) => {
        const streaming = String(res.headers['content-type'] ?? '').startsWith('text/event-stream');
        const done = () =>
          finish(
            { status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) },
            req.reusedSocket,
          );
        if (streaming) {
          setTimeout(() => {
            done();
            res.destroy();
          }, STREAM_READ_MS);
        }
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_BODY_BYTES) chunks.push(chunk);
          if (streaming && Buffer.concat(chunks).includes('\n\n')) {
            done();
            res.destroy();
          }
        });
        res.on('end', done);
        res.on('error', () => done());
        res.on('close', done);
      });
      req.on('error', (error: NodeJS.ErrnoException) => {
        finish(
          {
            status: 0,
            headers: {},
            body: Buffer.alloc(0),
            error: `connection failed: ${error.code ?? error.message}`,
          },
          req.reusedSocket,
        );
      });
      req.end(request.body);
    });
  }

  return {
    async send(request: FuzzRequest): Promise<FuzzResponse> {
      const first = await once(request);
      // A kept-alive socket the server closed while idle fails at once: send again on a new one.
      if (first.error?.startsWith('connection failed') && first.reusedSocket) return once(request);
      return first;
    },
    close(): void {
      agent.destroy();
    },
  };
}
