// The API's HTTP server makes requests and responses with the app's Express prototypes, so
// Express's own setPrototypeOf changes nothing (src/http/server.ts), and Express works on them as
// it does on Node's plain objects.
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createApiServer } from '../src/http/server';

it('hands Express requests and responses that already have its prototypes', async () => {
  const app = express();
  app.get('/echo', (req, res) => {
    res.json({ query: req.query, app: req.app === app, hostname: req.hostname });
  });
  const server = createApiServer(app);
  const seen: boolean[] = [];
  // Before Express: the objects as the server made them.
  server.prependListener('request', (req, res) => {
    seen.push(Object.getPrototypeOf(req) === app.request, Object.getPrototypeOf(res) === app.response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/echo?a=1`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ query: { a: '1' }, app: true, hostname: '127.0.0.1' });
    expect(seen).toEqual([true, true]);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
