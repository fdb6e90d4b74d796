// Upload staging: multer streams each upload into a directory of this process's own,
// DATA_DIR/uploads/<host>~<pid>~<random>, and the file stays there (renamed to its corpus file id)
// until its record is committed. Several API processes may share DATA_DIR, so a directory is only
// swept at start-up when its owner is known to be gone: a process of this host that no longer runs
// (or whose pid is now this process's: a restarted container), or, for a directory of another host,
// one idle for longer than any upload lasts.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';

const SEPARATOR = '~';
const HOST = os.hostname().replace(/[^A-Za-z0-9.-]/g, '_') || 'host';
const INSTANCE = [HOST, process.pid, randomBytes(4).toString('hex')].join(SEPARATOR);

/** The parent of every process's staging directory. */
export function stagingRoot(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/** Where this process stages uploads before they are checked and moved into the corpus. */
export function uploadStagingDirectory(dataDir: string): string {
  return path.join(stagingRoot(dataDir), INSTANCE);
}

/**
 * Who owns a staging directory: this process, another process of this host that still runs, one
 * that is gone, or a process this host cannot check (another host, or a name it did not make).
 */
export type StagingOwner = 'self' | 'running' | 'gone' | 'unknown';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function stagingOwner(directoryName: string): StagingOwner {
  if (directoryName === INSTANCE) return 'self';
  const [host, pidText, tag, ...rest] = directoryName.split(SEPARATOR);
  if (host !== HOST || tag === undefined || rest.length > 0 || !/^[1-9][0-9]*$/.test(pidText ?? '')) {
    return 'unknown';
  }
  const pid = Number(pidText);
  // This process's pid in another directory's name: an earlier process that had the same pid.
  if (pid === process.pid) return 'gone';
  return isRunning(pid) ? 'running' : 'gone';
}
