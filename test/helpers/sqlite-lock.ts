// Another process holding an SQLite database file's write lock (BEGIN EXCLUSIVE), for drills of
// a database that cannot be written for a while.
import { spawn } from 'node:child_process';
import { waitFor } from './wait';

/** Another process that opens the database file and holds its write lock until told to let go. */
export function lockHolder(file: string) {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const db = new (require('better-sqlite3'))(process.argv[1]);
       db.exec('BEGIN EXCLUSIVE');
       console.log('locked');
       process.stdin.once('data', () => { db.exec('COMMIT'); db.close(); console.log('released'); process.exit(0); });`,
      file,
    ],
    { stdio: ['pipe', 'pipe', 'inherit'], cwd: __dirname },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    locked: () => waitFor('the lock', async () => output.includes('locked'), 10_000),
    async release() {
      child.stdin!.end('release\n');
      await exited;
    },
  };
}
