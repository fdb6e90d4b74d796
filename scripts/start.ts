// `npm start`: apply pending migrations once, then run the API and one worker as child processes.
// A signal stops both; if either child dies, the other is stopped and npm start exits non-zero.
import { spawn, ChildProcess } from 'node:child_process';
import path from 'node:path';
import { applyMigrations } from '@auditsvc/db';
import { ConfigError, loadConfig } from '@auditsvc/runtime';

const root = path.resolve(__dirname, '..');

/**
 * `node --require tsx/cjs`, not the tsx CLI: the CLI is a relay process that SIGKILLs its child
 * when the child does not acknowledge a SIGTERM within 30 ms (easily missed on a busy machine),
 * which would cut the worker's graceful stop short. The CommonJS hook alone (our code compiles to
 * CommonJS): `--import tsx` would also run tsx's ES module hooks, in a thread of their own that
 * holds about 30 MB of each process for nothing.
 */
function launch(entry: string): ChildProcess {
  return spawn(process.execPath, ['--require', 'tsx/cjs', path.join(root, entry)], {
    stdio: 'inherit',
    env: process.env,
  });
}

async function main(): Promise<void> {
  const config = loadConfig();
  const applied = await applyMigrations(config.databaseUrl);
  console.log(applied.length ? `migrations applied: ${applied.join(', ')}` : 'database schema is up to date');
  const children = [launch('apps/api/src/main.ts'), launch('apps/worker/src/main.ts')];
  let exitCode = 0;
  let stopping = false;
  const stopAll = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const child of children) if (child.exitCode === null) child.kill(signal);
  };
  for (const child of children) {
    child.on('exit', (code) => {
      if (!stopping) {
        exitCode = code ?? 1;
        stopAll('SIGTERM');
      }
      if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(exitCode);
    });
  }
  process.on('SIGINT', () => stopAll('SIGINT'));
  process.on('SIGTERM', () => stopAll('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : `start failed: ${String(error)}`);
  process.exit(1);
});
