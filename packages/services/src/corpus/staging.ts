// Upload staging: multer streams each upload into the object store, into a folder of this
// process's own, uploads/<host>~<pid>~<random>/<corpus file id> (DATA_DIR/uploads/... on the
// filesystem), and the object stays there until its record is committed, then moves into the
// corpus. Several API processes share the store, so a folder is only swept at start-up when its
// owner is known to be gone: a process of this host that no longer runs (or whose pid is now this
// process's: a restarted container), or, for a folder of another host, one idle for longer than any
// upload lasts.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { newId } from '@auditsvc/core';

const SEPARATOR = '~';
const HOST = os.hostname().replace(/[^A-Za-z0-9.-]/g, '_') || 'host';
const INSTANCE = [HOST, process.pid, randomBytes(4).toString('hex')].join(SEPARATOR);

/** The parent of every process's staging folder. */
export const STAGING_FOLDER = 'uploads/';

/** Where this process stages uploads before they are checked and moved into the corpus. */
export function uploadStagingFolder(): string {
  return `${STAGING_FOLDER}${INSTANCE}/`;
}

/**
 * The key of a new staged upload, named by the id its corpus file will have: the object moves into
 * the corpus under the same name, and a staged object whose record committed is known by it.
 */
export function newStagedUploadKey(): string {
  return `${uploadStagingFolder()}${newId('corpusFile')}`;
}

/**
 * Who owns a staging folder: this process, another process of this host that still runs, one
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
  // This process's pid in another folder's name: an earlier process that had the same pid.
  if (pid === process.pid) return 'gone';
  return isRunning(pid) ? 'running' : 'gone';
}
