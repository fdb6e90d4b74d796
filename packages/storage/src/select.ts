// Which backend a process uses: S3 when STORAGE_URL is set, else the filesystem under DATA_DIR.
import { createFilesystemStore } from './filesystem';
import { createS3Store } from './s3';
import type { ObjectStore } from './store';
import { parseStorageUrl } from './url';

export function createObjectStore(options: { storageUrl: string | null; dataDir: string }): ObjectStore {
  return options.storageUrl === null
    ? createFilesystemStore(options.dataDir)
    : createS3Store(parseStorageUrl(options.storageUrl));
}
