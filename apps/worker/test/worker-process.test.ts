// The worker as a real process: it starts, connects to Redis, reports ready, and stops cleanly on
// SIGTERM; with Redis unreachable, or a bad setting, it fails to start with a clear message instead
// of hanging.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

function startWorker(env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ['--require', 'tsx/cjs', path.join(root, 'apps/worker/src/main.ts')],
    {
      env: { ...process.env, QUEUE_PREFIX: `test-worker-${process.pid}`, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // Generous deadlines: a cold start (tsx compiling the worker, migrations, Redis) takes several
  // seconds on an idle machine and far longer on a loaded CI runner.
  const waitFor = async (text: string, timeoutMs = 90_000) => {
    const started = Date.now();
    while (!output.includes(text)) {
      if (Date.now() - started > timeoutMs)
        throw new Error(`timed out waiting for ${text}; output: ${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return { child, exited, waitFor, output: () => output };
}

it('connects to Redis, reports ready and stops cleanly on SIGTERM', async () => {
  const worker = startWorker({});
  await worker.waitFor('worker_ready');
  worker.child.kill('SIGTERM');
  expect(await worker.exited).toBe(0);
  expect(worker.output()).toContain('worker_stopped');
}, 180_000);

it('exits non-zero with a clear message when Redis is unreachable', async () => {
  const worker = startWorker({ REDIS_URL: 'redis://127.0.0.1:1' });
  // Only a backstop against a hang (the test then fails: no message); not a speed requirement.
  const timer = setTimeout(() => worker.child.kill('SIGKILL'), 90_000);
  const code = await worker.exited;
  clearTimeout(timer);
  expect(code).not.toBe(0);
  expect(worker.output()).toMatch(/worker failed to start/);
}, 180_000);

it('refuses to start on a bad or misspelt WORKER_CONCURRENCY_ variable, naming each', async () => {
  const worker = startWorker({ WORKER_CONCURRENCY_RUN: 'lots', WORKER_CONCURRENCY_RUNS: '2' });
  const timer = setTimeout(() => worker.child.kill('SIGKILL'), 90_000);
  const code = await worker.exited;
  clearTimeout(timer);
  expect(code).not.toBe(0);
  expect(worker.output()).toMatch(/WORKER_CONCURRENCY_RUN must be an integer from 1 to 256 \(got "lots"\)/);
  expect(worker.output()).toMatch(/WORKER_CONCURRENCY_RUNS names no queue/);
  expect(worker.output()).not.toContain('worker_ready');
}, 180_000);
