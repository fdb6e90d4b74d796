// What the benchmark scripts share: a service started as `npm start` starts it (or one of its
// processes) with its own DATA_DIR, QUEUE_PREFIX and database, calls to it, and the machine's load.
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

export const root = path.resolve(__dirname, '..');
export const adminToken = `bench-${randomBytes(8).toString('hex')}`;
export const PASSWORD = 'bench password for the partner';

export async function freePort(): Promise<number> {
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
export function launch(args: string[], env: Record<string, string>, logFile: string): ChildProcess {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out],
    cwd: root,
  });
  fs.closeSync(out);
  return child;
}

export async function waitForHttp(url: string, child: ChildProcess, logFile: string): Promise<void> {
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

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

export async function databaseUrl(
  dataDir: string,
  label: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  if (process.env.BENCH_PG !== '1')
    return { url: `file:${path.join(dataDir, 'bench.db')}`, drop: async () => {} };
  const admin = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
  const name = `auditsvc_bench_${label}_${randomBytes(4).toString('hex')}`;
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
export async function fetchRetrying(url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    return fetch(url, init);
  }
}

export async function call(
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

export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** A firm and a partner of it, logged in: the bearer header of the partner's session. */
export async function seedPartner(
  baseUrl: string,
): Promise<{ firmId: string; partner: Record<string, string> }> {
  const firm = await call(baseUrl, 'POST', '/auditsvc/firm', { display_name: 'Bench Assurance' });
  const email = `partner-${randomBytes(4).toString('hex')}@bench.test`;
  await call(baseUrl, 'POST', '/auditsvc/user', {
    email,
    role: 'partner',
    password: PASSWORD,
    firm_id: firm.id,
  });
  const login = await call(baseUrl, 'POST', '/auditsvc/auth/login', { email, password: PASSWORD }, {});
  return { firmId: String(firm.id), partner: { authorization: `Bearer ${String(login.token)}` } };
}
