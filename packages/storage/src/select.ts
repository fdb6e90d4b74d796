// Which backend a process uses: S3 when STORAGE_URL is set, else the filesystem under DATA_DIR.
import { createFilesystemStore } from './filesystem';
import type { ObjectStore } from './store';
import { type S3Location, parseStorageUrl } from './url';

/**
 * The S3 backend. s3.ts is loaded when a process first opens one, not with the package: it brings
 * the AWS SDK (about 6 MB of a process once loaded), which a process on the filesystem backend
 * never uses (issue 13: the API's memory with thousands of open streams).
 */
export function createS3Store(location: S3Location): ObjectStore {
  const s3 = require('./s3') as typeof import('./s3');
  return s3.createS3Store(location);
}

export function createObjectStore(options: { storageUrl: string | null; dataDir: string }): ObjectStore {
  return options.storageUrl === null
    ? createFilesystemStore(options.dataDir)
    : createS3Store(parseStorageUrl(options.storageUrl));
}
