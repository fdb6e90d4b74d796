// Stopping the HTTP server without cutting requests short (SIGTERM). The listening socket closes
// at once; requests in flight get the grace period (SHUTDOWN_GRACE_MS) to finish, and their
// connections, and those of requests still arriving on them, close after their response instead
// of being kept alive. Open event streams end at once (a client reconnects to another process).
// Whatever is still running when the grace period is over is cut.
import type { Server, ServerResponse } from 'node:http';
import type { Logger } from '@auditsvc/runtime';
import { endOpenStreams } from './sse';

export interface StopOutcome {
  /** Requests that were still running when the grace period ended (0: everything finished). */
  cut: number;
}

export interface GracefulServer {
  /** Stops accepting connections and waits for the requests in flight, at most `graceMs`. */
  stop(): Promise<StopOutcome>;
}

export function gracefulServer(server: Server, options: { graceMs: number; logger: Logger }): GracefulServer {
  const inFlight = new Set<ServerResponse>();
  let stopping = false;
  // Ahead of Express, so the header is set before any handler runs.
  server.prependListener('request', (_req, res: ServerResponse) => {
    inFlight.add(res);
    if (stopping) res.setHeader('Connection', 'close');
    res.on('close', () => {
      inFlight.delete(res);
      // A response that was already under way kept its connection alive: close it now it is idle.
      if (stopping) server.closeIdleConnections();
    });
  });

  return {
    async stop() {
      stopping = true;
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      const streams = endOpenStreams();
      options.logger.info('api_draining', {
        requests: inFlight.size - streams,
        streams_ended: streams,
        grace_ms: options.graceMs,
      });
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<'grace_over'>((resolve) => {
        timer = setTimeout(() => resolve('grace_over'), options.graceMs);
      });
      const first = await Promise.race([closed.then(() => 'closed' as const), graceOver]);
      clearTimeout(timer);
      if (first === 'closed') return { cut: 0 };
      const cut = inFlight.size;
      options.logger.warn('api_requests_cut', { requests: cut });
      server.closeAllConnections();
      await closed;
      return { cut };
    },
  };
}
