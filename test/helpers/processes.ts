// Real API and worker processes for tests that need more than the in-process app: a worker to run
// jobs, several API processes, a worker killed with SIGKILL. Each shares the test's database,
// DATA_DIR and QUEUE_PREFIX.
import { ChildProcess, spawn } from 'node:child_process';
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
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, entry)], {
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

export async function startWorkerProcess(ctx: TestContext, extra: Record<string, string> = {}) {
  const worker = start('apps/worker/src/main.ts', envFor(ctx, extra));
  await worker.waitFor('worker_ready');
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

export async function startApiProcess(ctx: TestContext, extra: Record<string, string> = {}) {
  const port = await freePort();
  const api = start('apps/api/src/main.ts', envFor(ctx, { PORT: String(port), ...extra }));
  await api.waitFor('api_listening');
  return { ...api, baseUrl: `http://127.0.0.1:${port}` };
}
