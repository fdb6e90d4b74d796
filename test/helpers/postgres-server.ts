// A PostgreSQL server of the test's own (initdb in a temporary directory, a free loopback port,
// trust authentication), for tests that stop and restart the database; the shared server is never
// touched. Needs the PostgreSQL server binaries (pg_config --bindir, or initdb and pg_ctl on the
// PATH). PostgreSQL refuses to run as root, so under root the server runs as the `postgres` user.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './processes';

export interface OwnPostgres {
  /** The server's maintenance database, as an admin URL for createTestDatabase. */
  adminUrl: string;
  /** pg_ctl start: waits until it accepts connections. */
  start(): void;
  /** pg_ctl stop -m fast: open sessions are ended, new connections refused. */
  stop(): void;
  /** Stops the server and removes its directory. */
  dispose(): void;
}

function serverBinaries(): string | null {
  const fromPgConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const candidates = [
    ...(fromPgConfig.status === 0 ? [fromPgConfig.stdout.trim()] : []),
    ...(process.env.PATH ?? '').split(path.delimiter),
  ];
  return (
    candidates.find(
      (dir) =>
        dir !== '' && fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl')),
    ) ?? null
  );
}

/** Who runs the server: the current user, or `postgres` when the tests run as root. */
function serverUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
  const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** Why an own PostgreSQL cannot run here, or null when it can. */
export function ownPostgresUnavailable(): string | null {
  if (!serverBinaries()) return 'no PostgreSQL server binaries (initdb, pg_ctl) on this machine';
  if (!serverUser()) return 'running as root without a postgres user to run the server as';
  return null;
}

export async function createOwnPostgres(): Promise<OwnPostgres> {
  const bin = serverBinaries()!;
  const user = serverUser()!;
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditsvc-pg-'));
  fs.chownSync(dir, user.uid, user.gid);
  const data = path.join(dir, 'data');
  const run = (tool: string, args: string[]) =>
    execFileSync(path.join(bin, tool), args, { uid: user.uid, gid: user.gid, stdio: 'pipe', cwd: dir });
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const server: OwnPostgres = {
    adminUrl: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    start: () =>
      run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', 'start']),
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    dispose() {
      try {
        server.stop();
      } catch {
        // Already stopped.
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  server.start();
  return server;
}
