// A multer storage engine that streams an upload straight into the object store (the filesystem
// under DATA_DIR, or S3), never into memory or a local temporary file, and takes what the upload's
// checks need on the way: its SHA-256 and its first bytes. An upload that fails part way (a client
// that goes away, a form cut off mid-file) stores nothing; multer then answers with the error.
import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import type { Request } from 'express';
import type { StorageEngine } from 'multer';
import type { ObjectStore } from '@auditsvc/storage';

/** How many leading bytes are kept for the magic-byte check (sniffFileType reads no further). */
export const STAGED_HEAD_BYTES = 8192;

/** What the engine adds to multer's file. */
export interface StagedFileInfo {
  /** The object's key in the store. */
  key: string;
  size: number;
  sha256: string;
  head: Buffer;
}

export function stagedUploadStorage(storage: ObjectStore, newKey: () => string): StorageEngine {
  return {
    _handleFile(
      _req: Request,
      file: Express.Multer.File,
      done: (error?: unknown, info?: Partial<StagedFileInfo>) => void,
    ) {
      const key = newKey();
      const hash = createHash('sha256');
      const head: Buffer[] = [];
      let headBytes = 0;
      const tap = new Transform({
        transform(chunk: Buffer, _encoding, next) {
          hash.update(chunk);
          if (headBytes < STAGED_HEAD_BYTES) {
            head.push(chunk.subarray(0, STAGED_HEAD_BYTES - headBytes));
            headBytes += Math.min(chunk.length, STAGED_HEAD_BYTES - headBytes);
          }
          next(null, chunk);
        },
      });
      // The form stream's failure (the body ended mid-file) reaches the store through the tap, so
      // the put stops and keeps nothing; multer hears of it from its own listener.
      file.stream.on('error', (error) => tap.destroy(error));
      // Closed without an end or an error (its form torn down quietly): as much a failure.
      file.stream.on('close', () => {
        if (!file.stream.readableEnded) tap.destroy(new Error('the upload ended before its file did'));
      });
      file.stream.pipe(tap);
      storage.put(key, tap).then(
        ({ size }) => done(null, { key, size, sha256: hash.digest('hex'), head: Buffer.concat(head) }),
        (error: unknown) => done(error),
      );
    },

    _removeFile(
      _req: Request,
      file: Express.Multer.File & Partial<StagedFileInfo>,
      done: (error: Error | null) => void,
    ) {
      if (!file.key) return done(null);
      storage.delete(file.key).then(
        () => done(null),
        (error: Error) => done(error),
      );
    },
  };
}
