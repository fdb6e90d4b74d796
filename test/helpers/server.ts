// The in-process app on a loopback port, for clients that read responses as they stream (SSE).
import type { Express } from 'express';
import type { AddressInfo } from 'node:net';

export async function serve(app: Express): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
