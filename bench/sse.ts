// `npm run bench:sse`: run streams at 1,000 and 5,000 clients, the service against a bare relay.
//
// Starts the API alone (migrations applied first; no worker, so nothing but this script publishes
// into the engagement's channel) on a fresh SQLite database (PostgreSQL with BENCH_PG=1), seeds a
// firm, a partner and an engagement marked running, and a bare Node relay (bench/sse-bare.ts)
// subscribed to the same Redis channel. For each client count it opens that many streams (each
// authorised by the partner's bearer token), publishes BENCH_SSE_EVENTS events into the channel
// the worker publishes to, then the final run_complete, and prints per server: the time to open
// every stream (first request to last snapshot), frames delivered of frames due, publish-to-client
// latency p50/p99, the server's RSS with every stream open, and the server's CPU time (user +
// system, from /proc) while the events were relayed, per frame delivered: the cost of the fan-out,
// which moves far less with a shared machine's load than the latencies do.
//
//   BENCH_SSE_CLIENTS (default "1000,5000")   BENCH_SSE_EVENTS (default 50)   BENCH_PG=1
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import { createRepositories, applyMigrations, openDatabase } from '@auditsvc/db';
import { streamChannel } from '@auditsvc/jobs';
import {
  adminToken,
  call,
  databaseUrl,
  freePort,
  launch,
  loadAverage,
  root,
  seedPartner,
  stopProcess,
  waitForHttp,
} from './service';

const CLIENT_COUNTS = (process.env.BENCH_SSE_CLIENTS ?? '1000,5000').split(',').map(Number);
const EVENTS = Number(process.env.BENCH_SSE_EVENTS ?? 50);
/** Between two published events: a run's stage events come tens of milliseconds apart at most. */
const EVENT_GAP_MS = 20;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

interface StreamsResult {
  openMs: number;
  delivered: number;
  due: number;
  p50: number;
  p99: number;
  rssMb: number;
  /** The server's CPU time (user + system) while the events were relayed, per frame delivered. */
  cpuUsPerFrame: number;
}

/** One SSE client: resolves `opened` on the snapshot frame; records each bench event's latency. */
function openClient(url: string, headers: Record<string, string>, latencies: number[]) {
  let onOpen: () => void;
  let onFail: (error: Error) => void;
  const opened = new Promise<void>((resolve, reject) => ((onOpen = resolve), (onFail = reject)));
  let onEnd: () => void;
  const ended = new Promise<void>((resolve) => (onEnd = resolve));
  let buffer = '';
  let received = 0;
  const req = http.get(url, { headers, agent: false }, (res) => {
    if (res.statusCode !== 200) return onFail(new Error(`stream answered ${res.statusCode}`));
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      buffer += chunk;
      let at: number;
      while ((at = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        if (!frame.startsWith('data: ')) continue;
        const event = JSON.parse(frame.slice(6)) as { type: string; bench_sent_at?: number };
        if (event.type === 'snapshot') onOpen();
        else if (event.bench_sent_at !== undefined) {
          latencies.push(Date.now() - event.bench_sent_at);
          received += 1;
        }
      }
    });
    res.on('end', () => onEnd());
    res.on('error', () => onEnd());
  });
  req.on('error', (error) => onFail(error));
  return { opened, ended, received: () => received, close: () => req.destroy() };
}

const CLOCK_TICKS_PER_SECOND = 100;

/** User plus system CPU seconds a process has used so far (/proc/<pid>/stat, fields 14 and 15). */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;

async function measureStreams(options: {
  url: string;
  headers: Record<string, string>;
  clients: number;
  channel: string;
  publisher: Redis;
  pid: number;
}): Promise<StreamsResult> {
  const latencies: number[] = [];
  const started = Date.now();
  const clients = Array.from({ length: options.clients }, () =>
    openClient(options.url, options.headers, latencies),
  );
  await Promise.all(clients.map((c) => c.opened));
  const openMs = Date.now() - started;
  const rss = rssMb(options.pid);
  const cpuBefore = cpuSeconds(options.pid);
  for (let i = 0; i < EVENTS; i++) {
    await options.publisher.publish(
      options.channel,
      JSON.stringify({ type: 'stage_start', stage: 'catalog', iteration: i + 1, bench_sent_at: Date.now() }),
    );
    await new Promise((resolve) => setTimeout(resolve, EVENT_GAP_MS));
  }
  await options.publisher.publish(
    options.channel,
    JSON.stringify({ type: 'run_complete', status: 'findings_review' }),
  );
  await Promise.race([
    Promise.all(clients.map((c) => c.ended)),
    new Promise((resolve) => setTimeout(resolve, 30_000)),
  ]);
  const cpu = cpuSeconds(options.pid) - cpuBefore;
  for (const c of clients) c.close();
  const sorted = latencies.sort((a, b) => a - b);
  const delivered = clients.reduce((sum, c) => sum + c.received(), 0);
  return {
    openMs,
    delivered,
    due: options.clients * EVENTS,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    rssMb: rss,
    cpuUsPerFrame: (cpu * 1e6) / Math.max(1, delivered),
  };
}

function row(label: string, clients: number, r: StreamsResult): string {
  return (
    `| ${label.padEnd(22)} | ${String(clients).padStart(7)} | ${String(r.openMs).padStart(9)} | ` +
    `${`${r.delivered}/${r.due}`.padStart(15)} | ${`${r.p50} / ${r.p99}`.padStart(13)} | ${r.rssMb.toFixed(0).padStart(6)} | ` +
    `${r.cpuUsPerFrame.toFixed(1).padStart(12)} |`
  );
}

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'auditsvc-bench-sse-'));
  const dataDir = path.join(work, 'data');
  fs.mkdirSync(dataDir);
  const database = await databaseUrl(dataDir, 'sse');
  await applyMigrations(database.url);
  const queuePrefix = `bench-sse-${randomBytes(4).toString('hex')}`;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const apiLog = path.join(work, 'api.log');
  const api = launch(
    ['--require', 'tsx/cjs', path.join(root, 'apps', 'api', 'src', 'main.ts')],
    {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      QUEUE_PREFIX: queuePrefix,
      ADMIN_TOKEN: adminToken,
      PORT: String(port),
      LOG_LEVEL: 'warn',
    },
    apiLog,
  );
  const children = [api];
  const publisher = new Redis(REDIS_URL);
  let succeeded = false;
  try {
    await waitForHttp(`${baseUrl}/healthz`, api, apiLog);
    const { firmId, partner } = await seedPartner(baseUrl);
    const engagement = await call(baseUrl, 'POST', '/auditsvc/engagement', {
      firm_id: firmId,
      client_name: 'Bench Client Ltd',
    });
    const engagementId = String(engagement.id);
    // A run in progress: its stream stays open after the snapshot. No worker runs, so only this
    // script publishes into the channel.
    const db = await openDatabase(database.url);
    await createRepositories(db).engagements.update(engagementId, { status: 'running' });
    await db.close();
    const channel = streamChannel(queuePrefix, engagementId, 'run');

    const barePort = await freePort();
    const bareLog = path.join(work, 'bare.log');
    const bare = launch(
      ['--require', 'tsx/cjs', path.join(root, 'bench', 'sse-bare.ts')],
      { BARE_PORT: String(barePort), BARE_CHANNEL: channel, REDIS_URL },
      bareLog,
    );
    children.push(bare);
    await waitForHttp(`http://127.0.0.1:${barePort}/healthz`, bare, bareLog);

    const provider = database.url.startsWith('file:') ? 'SQLite' : 'PostgreSQL';
    console.log(
      `bench:sse on ${provider}: ${EVENTS} events ${EVENT_GAP_MS} ms apart per measurement; load average before: ${loadAverage()}`,
    );
    console.log(
      `\n| ${'server'.padEnd(22)} | clients | open (ms) | frames received | p50 / p99 ms | RSS MB | CPU us/frame |`,
    );
    console.log(
      `| ${'-'.repeat(22)} | ------- | --------- | --------------- | ------------- | ------ | ------------ |`,
    );
    for (const clients of CLIENT_COUNTS) {
      const service = await measureStreams({
        url: `${baseUrl}/auditsvc/engagement/${engagementId}/stream`,
        headers: partner,
        clients,
        channel,
        publisher,
        pid: api.pid!,
      });
      console.log(row('auditsvc API', clients, service));
      const relay = await measureStreams({
        url: `http://127.0.0.1:${barePort}/stream`,
        headers: {},
        clients,
        channel,
        publisher,
        pid: bare.pid!,
      });
      console.log(row('bare relay', clients, relay));
      console.log(
        `  ratio at ${clients}: open time ${(service.openMs / relay.openMs).toFixed(1)}x the bare relay's, p99 ${(service.p99 / Math.max(1, relay.p99)).toFixed(1)}x`,
      );
    }
    console.log(
      `\ntargets (issue 13): 1,000 streams open in <= 1 s; p99 <= 50 ms at 1,000 and <= 100 ms at 5,000; RSS <= 300 MB at 5,000. load average after: ${loadAverage()}`,
    );
    succeeded = true;
  } finally {
    publisher.disconnect();
    for (const child of children.reverse()) await stopProcess(child);
    await database.drop();
    if (succeeded) fs.rmSync(work, { recursive: true, force: true });
    else console.error(`logs: ${work}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
