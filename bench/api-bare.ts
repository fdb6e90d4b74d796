// The yardstick of `npm run bench:api`: a bare Express process that serves the bytes of one API
// response from memory, with the same content type, so the ratio isolates the service's own work.
import fs from 'node:fs';
import express from 'express';

const bytes = fs.readFileSync(process.env.BARE_FILE!);
const app = express();
app.get('/findings', (_req, res) => {
  res.type('application/json').send(bytes);
});
app.get('/healthz', (_req, res) => {
  res.json({ ok: true });
});
app.listen(Number(process.env.BARE_PORT), '127.0.0.1');
