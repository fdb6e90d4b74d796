// The worker's own metrics endpoint, on WORKER_METRICS_PORT (HOST) when that is set: GET /metrics
// in the Prometheus text format, for the admin token (x-admin-token) or METRICS_TOKEN as a bearer.
// Nothing else is served.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import type { Config, Logger } from '@auditsvc/runtime';
import { isScrapeCredential } from '@auditsvc/services';

function answer(res: http.ServerResponse, status: number, detail: string): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ detail }));
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Listens when WORKER_METRICS_PORT is set; resolves with the server (null when it is not). */
export async function serveWorkerMetrics(
  registry: Registry,
  config: Config,
  logger: Logger,
): Promise<http.Server | null> {
  const port = config.workerMetricsPort;
  if (port === null) return null;
  const server = http.createServer((req, res) => {
    if (new URL(req.url ?? '/', 'http://worker').pathname !== '/metrics')
      return answer(res, 404, 'Not found.');
    if (req.method !== 'GET') return answer(res, 405, 'Use GET.');
    const credentials = {
      adminToken: header(req.headers['x-admin-token']),
      authorization: header(req.headers.authorization),
    };
    if (!isScrapeCredential(credentials, config)) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      return answer(res, 401, 'Send the admin token (x-admin-token) or METRICS_TOKEN as a bearer.');
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => answer(res, 500, 'The metrics could not be read.'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, config.host, () => resolve());
  });
  // The bound port: with 0 the system chooses one, and whoever started the process reads it here.
  logger.info('worker_metrics_listening', {
    host: config.host,
    port: (server.address() as AddressInfo).port,
  });
  return server;
}
