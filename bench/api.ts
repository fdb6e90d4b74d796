// `npm run bench:api`: the hot read paths of the API against bare Express serving the same bytes.
//
// Starts the service as `npm start` does (migrations, then the API and one worker as child
// processes) with its own DATA_DIR and QUEUE_PREFIX on a fresh SQLite database (PostgreSQL with
// BENCH_PG=1), seeds a firm, a partner and an engagement with 200 findings, then drives each
// request with autocannon in turn and prints, in one table: req/s and p50/p99 latency for the
// findings list, the engagement object, the engagement list, auth/me and /healthz, and for a bare
// Express process serving the findings list's bytes from memory; with the ratios the targets of
// issue 13 are stated in.
//
//   BENCH_PG=1                 PostgreSQL (TEST_POSTGRES_URL, default the local `test` database)
//   BENCH_SECONDS (default 10) duration of each measurement
//   BENCH_CONNECTIONS (default 50)
//   BENCH_FINDINGS (default 200)
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { SEVERITY_RANK, Severity, createRepositories, openDatabase } from '@auditsvc/db';
import { newId } from '@auditsvc/core';

const root = path.resolve(__dirname, '..');
const adminToken = `bench-${randomBytes(8).toString('hex')}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const FINDINGS = Number(process.env.BENCH_FINDINGS ?? 200);
const PASSWORD = 'bench password for the partner';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * A child process whose output goes to a file: the request log of thousands of requests a second
 * would otherwise cost this process (the load generator) its CPU.
 */
function launch(args: string[], env: Record<string, string>, logFile: string): ChildProcess {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out],
    cwd: root,
  });
  fs.closeSync(out);
  return child;
}

async function waitForHttp(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`exited (${child.exitCode}):\n${fs.readFileSync(logFile, 'utf8')}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} not ready after 120 s:\n${fs.readFileSync(logFile, 'utf8')}`);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

async function databaseUrl(dataDir: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (process.env.BENCH_PG !== '1')
    return { url: `file:${path.join(dataDir, 'bench.db')}`, drop: async () => {} };
  const admin = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
  const name = `auditsvc_bench_api_${randomBytes(4).toString('hex')}`;
  const client = new Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * fetch, tried once more when a kept-alive connection was closed by the server meanwhile (its
 * keep-alive timeout passes while the bench seeds the database).
 */
async function fetchRetrying(url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    return fetch(url, init);
  }
}

async function call(
  baseUrl: string,
  method: string,
  route: string,
  body: unknown,
  headers: Record<string, string> = { 'x-admin-token': adminToken },
) {
  const response = await fetchRetrying(`${baseUrl}${route}`, {
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

const SEVERITIES: Severity[] = ['critical', 'high', 'medium', 'low'];

/** Findings shaped as the engine stores them, about 1.5 KB of JSON each once presented. */
async function seedFindings(url: string, engagementId: string, firmId: string, count: number) {
  const db = await openDatabase(url);
  try {
    const repos = createRepositories(db);
    await repos.findings.createMany(
      Array.from({ length: count }, (_, i) => {
        const severity = SEVERITIES[i % SEVERITIES.length]!;
        return {
          id: newId('finding'),
          engagementId,
          firmId,
          status: 'pending',
          severity,
          severityRank: SEVERITY_RANK[severity],
          title: `Password rotation differs between policies (${i + 1})`,
          description:
            'The Access Control Policy requires passwords to be rotated every 90 days, while the ' +
            'Information Security Standard allows 180 days for the same accounts; staff cannot ' +
            'follow both, and an auditor will ask which one is in force.',
          rootCause: 'The two documents were revised separately and never reconciled.',
          remediationScope: 'Align both documents on one rotation period and record the decision.',
          remediationEffortHours: 4,
          auditorNotes: '',
          primitive: 'conflict_check',
          isCanonical: true,
          mergedFindingIds: [],
          corroborationScore: 0.5,
          filterStatus: 'likely',
          confidence: 0.5 + (i % 50) / 100,
          evidence: [
            {
              document: 'Access-Control-Policy.docx',
              chunk_id: null,
              quote: 'Passwords must be rotated every 90 days.',
              quote_verified: true,
              page: 3,
            },
            {
              document: 'Information-Security-Standard.pdf',
              chunk_id: null,
              quote: 'User passwords expire after 180 days.',
              quote_verified: true,
              page: 12,
            },
          ],
          frameworks: ['SOC 2', 'ISO 27001'],
          iteration: 1,
        };
      }),
    );
  } finally {
    await db.close();
  }
}

interface Measured {
  label: string;
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  bytes: number;
}

async function measure(label: string, url: string, headers: Record<string, string>): Promise<Measured> {
  // The bytes once (and a check that the request succeeds at all) before the load.
  const first = await fetchRetrying(url, { headers });
  const body = await first.arrayBuffer();
  if (!first.ok) throw new Error(`${label}: ${first.status} ${Buffer.from(body).toString('utf8')}`);
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  return {
    label,
    requests: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    bytes: body.byteLength,
  };
}

function row(m: Measured): string {
  return (
    `| ${m.label.padEnd(44)} | ${m.requests.toFixed(0).padStart(6)} | ${m.p50.toFixed(0).padStart(4)} / ` +
    `${m.p99.toFixed(0).padStart(5)} | ${String(m.errors).padStart(6)} | ${(m.bytes / 1024).toFixed(1).padStart(7)} |`
  );
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'auditsvc-bench-api-'));
  const dataDir = path.join(work, 'data');
  fs.mkdirSync(dataDir);
  const database = await databaseUrl(dataDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const serviceLog = path.join(work, 'service.log');
  const service = launch(
    ['--import', 'tsx', path.join(root, 'scripts', 'start.ts')],
    {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      QUEUE_PREFIX: `bench-api-${randomBytes(4).toString('hex')}`,
      ADMIN_TOKEN: adminToken,
      PORT: String(port),
    },
    serviceLog,
  );
  const children: ChildProcess[] = [service];
  let succeeded = false;
  try {
    await waitForHttp(`${baseUrl}/healthz`, service, serviceLog);
    const firm = await call(baseUrl, 'POST', '/auditsvc/firm', { display_name: 'Bench Assurance' });
    const email = `partner-${randomBytes(4).toString('hex')}@bench.test`;
    await call(baseUrl, 'POST', '/auditsvc/user', {
      email,
      role: 'partner',
      password: PASSWORD,
      firm_id: firm.id,
    });
    await call(baseUrl, 'POST', '/auditsvc/user', {
      email: `associate-${randomBytes(4).toString('hex')}@bench.test`,
      role: 'associate',
      password: PASSWORD,
      firm_id: firm.id,
    });
    const login = await call(baseUrl, 'POST', '/auditsvc/auth/login', { email, password: PASSWORD }, {});
    const partner = { authorization: `Bearer ${String(login.token)}` };
    const engagement = await call(baseUrl, 'POST', '/auditsvc/engagement', {
      firm_id: firm.id,
      client_name: 'Bench Client Ltd',
    });
    for (let i = 0; i < 19; i++)
      await call(baseUrl, 'POST', '/auditsvc/engagement', {
        firm_id: firm.id,
        client_name: `Other client ${i}`,
      });
    await seedFindings(database.url, String(engagement.id), String(firm.id), FINDINGS);

    const findingsUrl = `${baseUrl}/auditsvc/engagement/${String(engagement.id)}/findings?limit=200`;
    const findingsBytes = Buffer.from(
      await (await fetchRetrying(findingsUrl, { headers: partner })).arrayBuffer(),
    );
    const bytesFile = path.join(work, 'findings.json');
    fs.writeFileSync(bytesFile, findingsBytes);
    const barePort = await freePort();
    const bareLog = path.join(work, 'bare.log');
    const bare = launch(
      ['--import', 'tsx', path.join(root, 'bench', 'api-bare.ts')],
      { BARE_PORT: String(barePort), BARE_FILE: bytesFile },
      bareLog,
    );
    children.push(bare);
    await waitForHttp(`http://127.0.0.1:${barePort}/healthz`, bare, bareLog);

    const provider = database.url.startsWith('file:') ? 'SQLite' : 'PostgreSQL';
    console.log(
      `bench:api on ${provider}: ${FINDINGS} findings (${(findingsBytes.length / 1024).toFixed(0)} KB list), ` +
        `${CONNECTIONS} connections, ${SECONDS} s each; load average before: ${loadAverage()}`,
    );
    const results = {
      findings: await measure('GET engagement/{id}/findings?limit=200', findingsUrl, partner),
      bare: await measure(
        'bare Express, the same bytes from memory',
        `http://127.0.0.1:${barePort}/findings`,
        {},
      ),
      engagement: await measure(
        'GET engagement/{id}',
        `${baseUrl}/auditsvc/engagement/${String(engagement.id)}`,
        partner,
      ),
      list: await measure('GET engagement (list of 20)', `${baseUrl}/auditsvc/engagement`, partner),
      me: await measure('GET auth/me (bearer)', `${baseUrl}/auditsvc/auth/me`, partner),
      health: await measure('GET /healthz', `${baseUrl}/healthz`, {}),
    };
    console.log(`\n| ${'request'.padEnd(44)} |  req/s | p50 / p99 ms | errors | body KB |`);
    console.log(`| ${'-'.repeat(44)} | ------ | ------------ | ------ | ------- |`);
    for (const m of Object.values(results)) console.log(row(m));
    const ratio = (a: Measured, b: Measured) => `${(a.requests / b.requests).toFixed(2)}x`;
    console.log(
      `\nfindings list / bare Express: ${ratio(results.findings, results.bare)} (target >= 0.5x); ` +
        `engagement / healthz: ${ratio(results.engagement, results.health)} (target >= 0.7x); ` +
        `auth/me / healthz: ${ratio(results.me, results.health)} (target >= 0.7x); p99 target <= 50 ms`,
    );
    console.log(`load average after: ${loadAverage()}`);
    succeeded = true;
  } finally {
    for (const child of children.reverse()) await stopProcess(child);
    await database.drop();
    // The service's log stays for a failed run.
    if (succeeded) fs.rmSync(work, { recursive: true, force: true });
    else console.error(`service log: ${serviceLog}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
