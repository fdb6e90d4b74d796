// The object store: where the bytes of uploads, corpus files and audit-log shards live. One
// interface with two backends, the filesystem under DATA_DIR (filesystem.ts) and any S3-compatible
// store (s3.ts), so API and worker processes on different hosts share one bucket instead of a disk.
//
// Keys are POSIX-style paths of our own making ("corpus/<engagement>/<name>"); a client's file
// name never becomes a key. Every backend refuses a key that is not one (checkedKey).
import type { Readable } from 'node:stream';

export interface StoredObject {
  key: string;
  size: number;
  modifiedAt: Date;
}

export interface PutOptions {
  /** More bytes than this: the put fails with ObjectTooLargeError and stores nothing. */
  maxBytes?: number;
}

export interface ObjectStore {
  /** 'filesystem' or 's3', for logs and health. */
  readonly kind: 'filesystem' | 's3';
  /**
   * Streams `body` into `key` (replacing what was there). A body that fails or passes `maxBytes`
   * stores nothing; the body is never held whole in memory.
   */
  put(key: string, body: Readable | Buffer, options?: PutOptions): Promise<{ size: number }>;
  /** The object's bytes as a stream; ObjectNotFoundError when there is none. */
  get(key: string): Promise<Readable>;
  /** The object's size and time, or null when there is none. */
  stat(key: string): Promise<StoredObject | null>;
  /** Removes the object; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (at any depth), in key order. */
  list(prefix: string): AsyncIterable<StoredObject>;
  /** The names of the "folders" directly under `folder` (a prefix ending in /), in order. */
  listFolders(folder: string): Promise<string[]>;
  /** Removes every object under `folder` (a prefix ending in /), and the folder itself. */
  deleteFolder(folder: string): Promise<void>;
  /** Moves an object to another key; ObjectNotFoundError when `from` has none. */
  move(from: string, to: string): Promise<void>;
  /**
   * Adds `bytes` to the end of an append-only object (an audit-log shard) from any number of
   * processes at once, each append whole. The filesystem appends to one file; S3, which cannot
   * append, writes each append as its own object under `<key>/`.
   */
  append(key: string, bytes: Buffer): Promise<void>;
  /** Everything appended to `key`, in order; empty when nothing was. */
  readAppended(key: string): Promise<Readable>;
}

export class ObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`No stored object ${key}.`);
    this.name = 'ObjectNotFoundError';
  }
}

/**
 * The store did not do what was asked for a reason of its own (S3 out of reach, throttling, a 5xx,
 * refused credentials): nothing about the request was wrong, and it may work later.
 */
export class StorageUnavailableError extends Error {
  constructor(reason: string, options: { cause?: unknown } = {}) {
    super(`The object store is unavailable: ${reason}`);
    this.name = 'StorageUnavailableError';
    if (options.cause !== undefined) this.cause = options.cause;
  }
}

export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The object passes ${maxBytes} bytes, the limit.`);
    this.name = 'ObjectTooLargeError';
  }
}

/** A key, folder or prefix that is not one of ours: a bug of the caller, never sent to a store. */
export class StorageKeyError extends Error {}

const SEGMENT = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]{0,199}$/;

/** The key, if every segment is a plain name (no "..", no empty segment, no backslash). */
export function checkedKey(key: string): string {
  const segments = key.split('/');
  if (segments.length > 16 || !segments.every((segment) => SEGMENT.test(segment))) {
    throw new StorageKeyError(`not a storage key: ${JSON.stringify(key)}`);
  }
  return key;
}

/** A folder: a key followed by /. The empty folder is the store's root. */
export function checkedFolder(folder: string): string {
  if (folder === '') return folder;
  if (!folder.endsWith('/')) throw new StorageKeyError(`not a storage folder: ${JSON.stringify(folder)}`);
  checkedKey(folder.slice(0, -1));
  return folder;
}

/** A list prefix: a folder, optionally followed by the start of a name. */
export function checkedPrefix(prefix: string): string {
  const cut = prefix.lastIndexOf('/') + 1;
  checkedFolder(prefix.slice(0, cut));
  const rest = prefix.slice(cut);
  if (rest !== '' && !/^[A-Za-z0-9._~-]+$/.test(rest)) {
    throw new StorageKeyError(`not a storage prefix: ${JSON.stringify(prefix)}`);
  }
  return prefix;
}

/** Reads a stream to its end into one buffer (for callers that need the bytes, like a parser). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}
