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
//   BENCH_CPU_REQUESTS (default 2000) requests per route for the CPU column (0: no CPU column)
//
// The CPU column is what one request costs the API process, read from /proc/<pid>/stat (user and
// system time) over BENCH_CPU_REQUESTS requests at 4 connections: on a shared machine it moves
// far less with the load than req/s does.
import { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { SEVERITY_RANK, Severity, createRepositories, openDatabase } from '@auditsvc/db';
import { newId } from '@auditsvc/core';
import {
  PASSWORD,
  adminToken,
  call,
  databaseUrl,
  fetchRetrying,
  freePort,
  launch,
  loadAverage,
  root,
  seedPartner,
  stopProcess,
  waitForHttp,
} from './service';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const FINDINGS = Number(process.env.BENCH_FINDINGS ?? 200);
const CPU_REQUESTS = Number(process.env.BENCH_CPU_REQUESTS ?? 2000);
const CLOCK_TICKS_PER_SECOND = 100;

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
  /** CPU milliseconds of the serving process per request, or null when not measured. */
  cpuMs: number | null;
}

/** User plus system CPU seconds a process has used so far (/proc/<pid>/stat, fields 14 and 15). */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** The process `npm start` runs the API in: the child of the service whose command line names it. */
function apiPid(service: ChildProcess): number {
  const children = fs
    .readFileSync(`/proc/${service.pid}/task/${service.pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .map(Number);
  const api = children.find((pid) =>
    fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(path.join('apps', 'api')),
  );
  if (api === undefined) throw new Error('the API process of the service was not found');
  return api;
}

async function measure(
  label: string,
  url: string,
  headers: Record<string, string>,
  pid: number | null,
): Promise<Measured> {
  // The bytes once (and a check that the request succeeds at all) before the load.
  const first = await fetchRetrying(url, { headers });
  const body = await first.arrayBuffer();
  if (!first.ok) throw new Error(`${label}: ${first.status} ${Buffer.from(body).toString('utf8')}`);
  let cpuMs: number | null = null;
  if (pid !== null && CPU_REQUESTS > 0) {
    const before = cpuSeconds(pid);
    await autocannon({ url, headers, connections: 4, amount: CPU_REQUESTS });
    cpuMs = ((cpuSeconds(pid) - before) * 1000) / CPU_REQUESTS;
  }
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  return {
    label,
    requests: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    bytes: body.byteLength,
    cpuMs,
  };
}

function row(m: Measured): string {
  const cpu = m.cpuMs === null ? '-' : m.cpuMs.toFixed(2);
  return (
    `| ${m.label.padEnd(44)} | ${m.requests.toFixed(0).padStart(6)} | ${m.p50.toFixed(0).padStart(4)} / ` +
    `${m.p99.toFixed(0).padStart(5)} | ${cpu.padStart(6)} | ${String(m.errors).padStart(6)} | ` +
    `${(m.bytes / 1024).toFixed(1).padStart(7)} |`
  );
}

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'auditsvc-bench-api-'));
  const dataDir = path.join(work, 'data');
  fs.mkdirSync(dataDir);
  const database = await databaseUrl(dataDir, 'api');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const serviceLog = path.join(work, 'service.log');
  const service = launch(
    ['--require', 'tsx/cjs', path.join(root, 'scripts', 'start.ts')],
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
    const { firmId, partner } = await seedPartner(baseUrl);
    await call(baseUrl, 'POST', '/auditsvc/user', {
      email: `associate-${randomBytes(4).toString('hex')}@bench.test`,
      role: 'associate',
      password: PASSWORD,
      firm_id: firmId,
    });
    const engagement = await call(baseUrl, 'POST', '/auditsvc/engagement', {
      firm_id: firmId,
      client_name: 'Bench Client Ltd',
    });
    for (let i = 0; i < 19; i++)
      await call(baseUrl, 'POST', '/auditsvc/engagement', {
        firm_id: firmId,
        client_name: `Other client ${i}`,
      });
    await seedFindings(database.url, String(engagement.id), firmId, FINDINGS);

    const findingsUrl = `${baseUrl}/auditsvc/engagement/${String(engagement.id)}/findings?limit=200`;
    const findingsBytes = Buffer.from(
      await (await fetchRetrying(findingsUrl, { headers: partner })).arrayBuffer(),
    );
    const bytesFile = path.join(work, 'findings.json');
    fs.writeFileSync(bytesFile, findingsBytes);
    const barePort = await freePort();
    const bareLog = path.join(work, 'bare.log');
    const bare = launch(
      ['--require', 'tsx/cjs', path.join(root, 'bench', 'api-bare.ts')],
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
    const api = apiPid(service);
    const results = {
      findings: await measure('GET engagement/{id}/findings?limit=200', findingsUrl, partner, api),
      bare: await measure(
        'bare Express, the same bytes from memory',
        `http://127.0.0.1:${barePort}/findings`,
        {},
        bare.pid ?? null,
      ),
      engagement: await measure(
        'GET engagement/{id}',
        `${baseUrl}/auditsvc/engagement/${String(engagement.id)}`,
        partner,
        api,
      ),
      list: await measure('GET engagement (list of 20)', `${baseUrl}/auditsvc/engagement`, partner, api),
      me: await measure('GET auth/me (bearer)', `${baseUrl}/auditsvc/auth/me`, partner, api),
      health: await measure('GET /healthz', `${baseUrl}/healthz`, {}, api),
    };
    console.log(`\n| ${'request'.padEnd(44)} |  req/s | p50 / p99 ms | CPU ms | errors | body KB |`);
    console.log(`| ${'-'.repeat(44)} | ------ | ------------ | ------ | ------ | ------- |`);
    for (const m of Object.values(results)) console.log(row(m));
    const ratio = (a: Measured, b: Measured) => `${(a.requests / b.requests).toFixed(2)}x`;
    console.log(
      `\nfindings list / bare Express: ${ratio(results.findings, results.bare)} (target >= 0.5x); ` +
        `engagement / healthz: ${ratio(results.engagement, results.health)} (target >= 0.7x); ` +
        `auth/me / healthz: ${ratio(results.me, results.health)} (target >= 0.7x); p99 target <= 50 ms`,
    );
    if (CPU_REQUESTS > 0)
      console.log(
        `CPU ms: the serving process's user + system time per request over ${CPU_REQUESTS} ` +
          'requests at 4 connections',
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
