// The S3 backend: any store that speaks the S3 protocol (AWS, MinIO, Ceph...), chosen by
// STORAGE_URL (url.ts). Puts stream through a multipart upload (8 MiB parts, two in flight: at most
// that much of a body is in memory), reads stream the object's body, and appends, which S3 cannot
// do, each become an object of their own under <key>/, named so that key order is append order.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { countedBody } from './byte-limit';
import {
  ObjectNotFoundError,
  ObjectStore,
  StorageKeyError,
  StorageUnavailableError,
  StoredObject,
  checkedFolder,
  checkedKey,
  checkedPrefix,
  readAll,
} from './store';
import type { S3Location } from './url';

const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;
/** Appends fetched at once when a shard is read. */
const PARTS_READ_AHEAD = 8;
/** DeleteObjects takes at most this many keys. */
const DELETE_BATCH = 1000;

/** A missing object. Not a missing bucket (also a 404): that is the store misconfigured. */
function isNotFound(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  if (failure?.name === 'NoSuchBucket') return false;
  return (
    failure?.name === 'NoSuchKey' ||
    failure?.name === 'NotFound' ||
    failure?.$metadata?.httpStatusCode === 404
  );
}

/**
 * What a failed S3 call means to a caller: a missing object stays ObjectNotFoundError (mapped by the
 * caller); anything else the store or the network said (refused, timed out, throttled, a 5xx,
 * access denied) is the store being unavailable, named by the SDK's error name only.
 */
function unavailable(error: unknown): StorageUnavailableError {
  const failure = error as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } } | null;
  const status = failure?.$metadata?.httpStatusCode;
  const name = failure?.code ?? failure?.name ?? 'Error';
  return new StorageUnavailableError(status ? `${name} (HTTP ${status})` : name, { cause: error });
}

/** This process's tag in the names of its appends; with a counter, no two appends share a name. */
const APPENDER = randomBytes(4).toString('hex');
let appendCount = 0;

/** Sorts by time first: appends of one shard come back in the order they were made. */
function appendName(): string {
  appendCount = (appendCount + 1) % 1e9;
  return `${String(Date.now()).padStart(15, '0')}-${String(appendCount).padStart(9, '0')}-${APPENDER}`;
}

export function createS3Store(location: S3Location): ObjectStore {
  const client = new S3Client({
    ...(location.region ? { region: location.region } : {}),
    ...(location.endpoint ? { endpoint: location.endpoint } : {}),
    forcePathStyle: location.forcePathStyle,
    // Checksums only where S3 requires them: several S3-compatible stores refuse the trailing
    // checksums the SDK would otherwise add to every upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that does not answer fails the call instead of holding it forever: no connection in
    // 5 s, or a connection silent for a minute (one part of an upload takes far less).
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
  const Bucket = location.bucket;

  /** Makes S3 calls; any failure but a missing object becomes StorageUnavailableError. */
  async function call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw isNotFound(error) || error instanceof StorageKeyError ? error : unavailable(error);
    }
  }
  const root = location.prefix === '' ? '' : `${location.prefix}/`;
  const full = (key: string) => `${root}${checkedKey(key)}`;
  const local = (fullKey: string) => fullKey.slice(root.length);

  async function* listFull(prefix: string, delimiter?: string) {
    let ContinuationToken: string | undefined;
    do {
      const page = await call(() =>
        client.send(
          new ListObjectsV2Command({
            Bucket,
            Prefix: `${root}${prefix}`,
            Delimiter: delimiter,
            ContinuationToken,
          }),
        ),
      );
      yield page;
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async function* objectsUnder(prefix: string): AsyncGenerator<StoredObject> {
    for await (const page of listFull(prefix)) {
      for (const object of page.Contents ?? []) {
        yield {
          key: local(object.Key!),
          size: object.Size ?? 0,
          modifiedAt: object.LastModified ?? new Date(0),
        };
      }
    }
  }

  /** Checked when called, not when first iterated. */
  function list(prefix: string): AsyncIterable<StoredObject> {
    return objectsUnder(checkedPrefix(prefix));
  }

  async function get(key: string): Promise<Readable> {
    try {
      const answer = await call(() => client.send(new GetObjectCommand({ Bucket, Key: full(key) })));
      return answer.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) throw new ObjectNotFoundError(key);
      throw error;
    }
  }

  async function deleteKeys(keys: string[]): Promise<void> {
    for (let start = 0; start < keys.length; start += DELETE_BATCH) {
      const batch = keys.slice(start, start + DELETE_BATCH);
      const answer = await call(() =>
        client.send(
          new DeleteObjectsCommand({
            Bucket,
            Delete: { Objects: batch.map((key) => ({ Key: full(key) })), Quiet: true },
          }),
        ),
      );
      const failed = answer.Errors ?? [];
      if (failed.length > 0) {
        throw new Error(`could not delete ${failed.length} objects: ${failed[0]!.Code ?? 'unknown error'}`);
      }
    }
  }

  return {
    kind: 's3',

    async put(key, body, options = {}) {
      const counted = countedBody(body, options.maxBytes);
      let bodyError: unknown = null;
      counted.stream.on('error', (error) => (bodyError ??= error));
      const upload = new Upload({
        client,
        params: { Bucket, Key: full(key), Body: counted.stream },
        partSize: PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
        // A failed body aborts the multipart upload: no object and no parts are left.
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        // The body's failure is the story (the client went away, the limit was passed), not a
        // failure to abort the upload after it (some stores cannot; a lifecycle rule tidies up).
        throw bodyError ?? unavailable(error);
      }
      return { size: counted.bytes() };
    },

    get,

    async stat(key) {
      try {
        const head = await call(() => client.send(new HeadObjectCommand({ Bucket, Key: full(key) })));
        return { key, size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      await call(() => client.send(new DeleteObjectCommand({ Bucket, Key: full(key) })));
    },

    list,

    async listFolders(folder) {
      checkedFolder(folder);
      const names: string[] = [];
      for await (const page of listFull(folder, '/')) {
        for (const common of page.CommonPrefixes ?? []) {
          names.push(local(common.Prefix!).slice(folder.length).replace(/\/$/, ''));
        }
      }
      return names.sort();
    },

    async deleteFolder(folder) {
      if (checkedFolder(folder) === '') throw new Error('refusing to delete the whole store');
      const keys: string[] = [];
      for await (const object of list(folder)) keys.push(object.key);
      await deleteKeys(keys);
    },

    async move(from, to) {
      try {
        await call(() =>
          client.send(
            new CopyObjectCommand({
              Bucket,
              Key: full(to),
              CopySource: `${Bucket}/${full(from).split('/').map(encodeURIComponent).join('/')}`,
            }),
          ),
        );
      } catch (error) {
        if (isNotFound(error)) throw new ObjectNotFoundError(from);
        throw error;
      }
      await call(() => client.send(new DeleteObjectCommand({ Bucket, Key: full(from) })));
    },

    async append(key, bytes) {
      checkedKey(key);
      await call(() =>
        client.send(new PutObjectCommand({ Bucket, Key: full(`${key}/${appendName()}`), Body: bytes })),
      );
    },

    async readAppended(key) {
      checkedKey(key);
      const parts: string[] = [];
      for await (const object of list(`${key}/`)) parts.push(object.key);
      /** One append's bytes (one audit event: small); null when removed since the listing. */
      const fetchPart = async (part: string): Promise<Buffer | null> => {
        try {
          return await readAll(await get(part));
        } catch (error) {
          if (error instanceof ObjectNotFoundError) return null;
          throw error;
        }
      };
      // In order, with the next few parts already on their way: a shard of a thousand appends is
      // a thousand requests, which one after another would take a round trip each.
      return Readable.from(
        (async function* () {
          const ahead: Promise<Buffer | null>[] = [];
          let next = 0;
          const fetchNext = () => {
            const fetched = fetchPart(parts[next++]!);
            // Awaited in turn below; marked handled so one failing while another is awaited (or
            // after the reader stopped) is no unhandled rejection.
            fetched.catch(() => undefined);
            ahead.push(fetched);
          };
          while (next < parts.length && ahead.length < PARTS_READ_AHEAD) fetchNext();
          while (ahead.length > 0) {
            const bytes = await ahead.shift()!;
            if (next < parts.length) fetchNext();
            if (bytes) yield bytes;
          }
        })(),
      );
    },
  };
}
