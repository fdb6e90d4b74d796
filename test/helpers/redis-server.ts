// A Redis of the test's own, on a free loopback port, for tests that stop, pause or restart Redis
// (the shared one on 6379 is never touched). By default it writes an append-only file in a
// temporary directory, like a deployed Redis for BullMQ should (docker-compose.yml): jobs survive a
// restart. `{ persistent: false }` runs it as this machine's own Redis does (no snapshots, no
// append-only file): a restart starts it empty, every job lost.
import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './processes';

export interface OwnRedis {
  url: string;
  port: number;
  /** Starts redis-server (again, on the same port and data) and waits until it accepts clients. */
  start(): Promise<void>;
  /** Stops it (SIGTERM: the append-only file is flushed) and waits for the exit. */
  stop(): Promise<void>;
  /** SIGSTOP: connections stay open but nothing answers. */
  pause(): void;
  /** SIGCONT after pause(). */
  resume(): void;
  /** Stops it and removes its directory. */
  dispose(): Promise<void>;
}

export async function createOwnRedis({ persistent = true } = {}): Promise<OwnRedis> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditsvc-redis-'));
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();

  const redis: OwnRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async start() {
      if (child) return;
      const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', ''];
      if (persistent) args.push('--appendonly', 'yes', '--appendfsync', 'always');
      else args.push('--appendonly', 'no');
      args.push('--daemonize', 'no');
      const started = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
      child = started;
      exited = new Promise((resolve) => started.once('exit', () => resolve()));
      let output = '';
      await new Promise<void>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('Ready to accept connections')) resolve();
        };
        started.stdout!.on('data', onData);
        started.stderr!.on('data', onData);
        started.once('error', reject);
        started.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
      });
    },
    async stop() {
      if (!child) return;
      const stopping = child;
      child = null;
      stopping.kill('SIGCONT');
      stopping.kill('SIGTERM');
      await exited;
    },
    pause() {
      child?.kill('SIGSTOP');
    },
    resume() {
      child?.kill('SIGCONT');
    },
    async dispose() {
      await redis.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await redis.start();
  return redis;
}
