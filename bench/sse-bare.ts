// The yardstick of `npm run bench:sse`: a bare Node HTTP server doing a stream relay's work and
// nothing else - one Redis subscription for the channel, a snapshot frame on connect, every
// message written to every open client as a `data:` frame - so the ratio isolates the service's
// own work (authorisation, state read, per-stream bookkeeping).
import http from 'node:http';
import Redis from 'ioredis';

const clients = new Set<http.ServerResponse>();
const subscriber = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
void subscriber.subscribe(process.env.BARE_CHANNEL!);
subscriber.on('message', (_channel: string, message: string) => {
  const frame = `data: ${message}\n\n`;
  for (const res of clients) res.write(frame);
  if (/"type":"run_complete"/.test(message)) for (const res of clients) res.end();
});

http
  .createServer((req, res) => {
    if (req.url === '/healthz') return res.end('{"ok":true}');
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store' });
    res.write(`data: ${JSON.stringify({ type: 'snapshot', status: 'running' })}\n\n`);
    clients.add(res);
    res.on('close', () => clients.delete(res));
  })
  .listen(Number(process.env.BARE_PORT), '127.0.0.1');
