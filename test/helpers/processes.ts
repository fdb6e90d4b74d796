// Real API and worker processes for tests that need more than the in-process app: a worker to run
// jobs, several API processes, a worker killed with SIGKILL. Each shares the test's database,
// DATA_DIR and QUEUE_PREFIX.
import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { TestContext } from './context';

const root = path.resolve(__dirname, '../..');

export interface TestProcess {
  child: ChildProcess;
  output(): string;
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<void>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves with the exit code (null if killed). */
  stop(graceMs?: number): Promise<number | null>;
  kill(): Promise<void>;
}

/** The environment that points a process at the test context's database, data and queues. */
export function envFor(ctx: TestContext, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: ctx.services.config.databaseUrl,
    DATA_DIR: ctx.dataDir,
    QUEUE_PREFIX: ctx.services.config.queuePrefix,
    REDIS_URL: ctx.services.config.redisUrl,
    ADMIN_TOKEN: ctx.adminToken,
    LOG_LEVEL: 'info',
    ...extra,
  };
}

function start(entry: string, env: Record<string, string>): TestProcess {
  // As `npm run start:*` runs them: one Node process (the tsx CLI would put a relay in between).
  const child = spawn(process.execPath, ['--require', 'tsx/cjs', path.join(root, entry)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    async waitFor(text, timeoutMs = 60_000) {
      const started = Date.now();
      const seen = () => (typeof text === 'string' ? output.includes(text) : text.test(output));
      while (!seen()) {
        if (child.exitCode !== null)
          throw new Error(`process exited waiting for ${String(text)}:\n${output}`);
        if (Date.now() - started > timeoutMs)
          throw new Error(`timed out waiting for ${String(text)}:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop(graceMs = 20_000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** How long a process may take to start; a loaded machine can need more (`startTimeoutMs`). */
const START_TIMEOUT_MS = 60_000;

export async function startWorkerProcess(
  ctx: TestContext,
  extra: Record<string, string> = {},
  { startTimeoutMs = START_TIMEOUT_MS } = {},
) {
  const worker = start('apps/worker/src/main.ts', envFor(ctx, extra));
  await worker.waitFor('worker_ready', startTimeoutMs);
  return worker;
}

/** A loopback port nothing listens on right now. */
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

export async function startApiProcess(
  ctx: TestContext,
  extra: Record<string, string> = {},
  { startTimeoutMs = START_TIMEOUT_MS } = {},
) {
  // PORT=0: the process binds a port of the system's choosing and logs it. A port chosen here and
  // passed in could be taken by another test's connection before the process binds it.
  const api = start('apps/api/src/main.ts', envFor(ctx, { PORT: '0', ...extra }));
  const listening = /"message":"api_listening"[^\n]*"port":(\d+)|"port":(\d+)[^\n]*"message":"api_listening"/;
  await api.waitFor(listening, startTimeoutMs);
  const [, before, after] = listening.exec(api.output())!;
  return { ...api, baseUrl: `http://127.0.0.1:${before ?? after}` };
}

/**
 * A process's state letter from /proc (Linux: R, S, Z for a zombie...), parent and process group;
 * null once it is gone.
 */
function processState(pid: number): { state: string; parent: number; group: number } | null {
  try {
    // "pid (command) state ppid pgrp ...": the command may hold spaces and parentheses.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, parent, group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: state!, parent: Number(parent), group: Number(group) };
  } catch {
    return null;
  }
}

const processIds = () =>
  fs
    .readdirSync('/proc')
    .filter((entry) => /^[0-9]+$/.test(entry))
    .map(Number);

/** The running processes of a process group. */
export function groupMembers(group: number): number[] {
  return processIds().filter((pid) => processState(pid)?.group === group && isRunning(pid));
}

/** Whether the process still runs (a zombie waiting to be reaped does not). */
export function isRunning(pid: number): boolean {
  const found = processState(pid);
  return found !== null && found.state !== 'Z';
}

/** The running children of a process whose command line contains `command`, with their environment. */
export function childProcesses(pid: number, command: string): { pid: number; env: Record<string, string> }[] {
  const found: { pid: number; env: Record<string, string> }[] = [];
  for (const entry of processIds()) {
    if (processState(entry)?.parent !== pid) continue;
    try {
      if (!fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(command)) continue;
      const env = Object.fromEntries(
        fs
          .readFileSync(`/proc/${entry}/environ`, 'utf8')
          .split('\0')
          .filter(Boolean)
          .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
      );
      found.push({ pid: entry, env });
    } catch {
      // It ended while being read.
    }
  }
  return found;
}
