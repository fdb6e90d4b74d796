// One suite, two backends: everything the service relies on from its object store holds on the
// filesystem under DATA_DIR and on S3 (a local s3rver, spoken to over HTTP by the AWS SDK).
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  ObjectNotFoundError,
  ObjectStore,
  ObjectTooLargeError,
  StorageUnavailableError,
  StorageUrlError,
  createFilesystemStore,
  createObjectStore,
  createS3Store,
  parseStorageUrl,
  readAll,
} from '../src';
import { freePort } from '../../../test/helpers/processes';
import { LocalS3, startLocalS3 } from '../../../test/helpers/s3-server';

jest.setTimeout(120_000);

const MiB = 1024 * 1024;

/** `chunks` MiB of bytes made from `seed`, streamed a MiB at a time, failing after `failAfter`. */
function generated(seed: string, chunks: number, failAfter?: number): Readable {
  return Readable.from(
    (function* () {
      for (let index = 0; index < chunks; index++) {
        if (index === failAfter) throw new Error('the client went away');
        yield createHash('sha512')
          .update(`${seed}:${index}`)
          .digest()
          .toString('hex')
          .repeat(MiB / 128);
      }
    })(),
  );
}

const sha256 = async (stream: Readable) =>
  createHash('sha256')
    .update(await readAll(stream))
    .digest('hex');

async function keysUnder(store: ObjectStore, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of store.list(prefix)) keys.push(object.key);
  return keys;
}

let s3: LocalS3;
let dataDir: string;

beforeAll(async () => {
  s3 = await startLocalS3();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditsvc-storage-'));
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const backends: [string, () => ObjectStore][] = [
  ['filesystem', () => createFilesystemStore(dataDir)],
  ['s3', () => createObjectStore({ storageUrl: s3.storageUrl('tenant'), dataDir: '/unused' })],
];

describe.each(backends)('the %s store', (kind, makeStore) => {
  let store: ObjectStore;
  /** Each test's keys live in a folder of its own. */
  let folder: string;
  beforeEach(() => {
    store = makeStore();
    folder = `t-${randomBytes(6).toString('hex')}/`;
  });

  it('reports its kind', () => {
    expect(store.kind).toBe(kind);
  });

  it('streams a body of several upload parts in and out unchanged', async () => {
    const key = `${folder}large`;
    const expected = await sha256(generated('large', 20));
    const { size } = await store.put(key, generated('large', 20), { maxBytes: 50 * MiB });
    expect(size).toBe(20 * MiB);
    expect(await sha256(await store.get(key))).toBe(expected);
    expect(await store.stat(key)).toMatchObject({ key, size: 20 * MiB, modifiedAt: expect.any(Date) });
  });

  it('stores a buffer, and replaces an object put again', async () => {
    const key = `${folder}small.txt`;
    await store.put(key, Buffer.from('first'));
    await store.put(key, Buffer.from('second'));
    expect((await readAll(await store.get(key))).toString()).toBe('second');
  });

  it('refuses a body over its limit and keeps nothing of it', async () => {
    const key = `${folder}too-large`;
    await expect(store.put(key, generated('big', 12), { maxBytes: 10 * MiB })).rejects.toBeInstanceOf(
      ObjectTooLargeError,
    );
    expect(await store.stat(key)).toBeNull();
    expect(await keysUnder(store, folder)).toEqual([]);
  });

  it('keeps nothing of a body that fails part way, small or past the first part', async () => {
    await expect(store.put(`${folder}cut-small`, generated('cut', 3, 1))).rejects.toThrow(/went away/);
    await expect(store.put(`${folder}cut-large`, generated('cut', 20, 17))).rejects.toThrow(/went away/);
    expect(await keysUnder(store, folder)).toEqual([]);
  });

  it('answers a missing object with ObjectNotFoundError, null or nothing', async () => {
    await expect(store.get(`${folder}missing`)).rejects.toBeInstanceOf(ObjectNotFoundError);
    expect(await store.stat(`${folder}missing`)).toBeNull();
    await expect(store.delete(`${folder}missing`)).resolves.toBeUndefined();
    await expect(store.move(`${folder}missing`, `${folder}elsewhere`)).rejects.toBeInstanceOf(
      ObjectNotFoundError,
    );
  });

  it('lists by prefix at any depth in key order, lists folders, and deletes a folder', async () => {
    for (const key of ['b/2', 'a/1', 'a/x/3', 'ab', 'c/4'])
      await store.put(`${folder}${key}`, Buffer.from(key));
    expect(await keysUnder(store, folder)).toEqual(
      ['a/1', 'a/x/3', 'ab', 'b/2', 'c/4'].map((k) => folder + k),
    );
    expect(await keysUnder(store, `${folder}a/`)).toEqual([`${folder}a/1`, `${folder}a/x/3`]);
    expect(await keysUnder(store, `${folder}a`)).toEqual([`${folder}a/1`, `${folder}a/x/3`, `${folder}ab`]);
    expect(await store.listFolders(folder)).toEqual(['a', 'b', 'c']);
    expect(await store.listFolders(`${folder}nothing/`)).toEqual([]);
    const listed = [];
    for await (const object of store.list(`${folder}b/`)) listed.push(object);
    expect(listed).toEqual([{ key: `${folder}b/2`, size: 3, modifiedAt: expect.any(Date) }]);

    await store.deleteFolder(`${folder}a/`);
    expect(await keysUnder(store, folder)).toEqual([`${folder}ab`, `${folder}b/2`, `${folder}c/4`]);
    expect(await store.listFolders(folder)).toEqual(['b', 'c']);
  });

  it('moves an object to another key', async () => {
    await store.put(`${folder}staged/one`, Buffer.from('bytes'));
    await store.move(`${folder}staged/one`, `${folder}kept/one`);
    expect(await store.stat(`${folder}staged/one`)).toBeNull();
    expect((await readAll(await store.get(`${folder}kept/one`))).toString()).toBe('bytes');
  });

  it('appends from concurrent writers, each append whole, and reads them back in order', async () => {
    const key = `${folder}shard-00000.jsonl`;
    expect((await readAll(await store.readAppended(key))).length).toBe(0);
    await store.append(key, Buffer.from('{"n":0}\n'));
    // Two stores (two processes' worth of writers) appending at once.
    const other = makeStore();
    const lines = Array.from({ length: 40 }, (_, n) => `{"n":${n + 1},"pad":"${'x'.repeat(n * 50)}"}\n`);
    await Promise.all(lines.map((line, n) => (n % 2 ? store : other).append(key, Buffer.from(line))));
    await store.append(key, Buffer.from('{"n":41}\n'));
    const read = (await readAll(await store.readAppended(key))).toString().split('\n').filter(Boolean);
    expect(read).toHaveLength(42);
    expect(read[0]).toBe('{"n":0}');
    expect(read[41]).toBe('{"n":41}');
    expect(read.map((line) => (JSON.parse(line) as { n: number }).n).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 42 }, (_, n) => n),
    );
  });

  it('refuses keys that are not plain names between slashes', async () => {
    for (const key of ['../escape', 'a/../b', 'a//b', '/a', 'a/', '', 'a\\b', 'a/./b']) {
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(/not a storage key/);
      await expect(store.get(key)).rejects.toThrow(/not a storage key/);
    }
    expect(() => store.list('../')).toThrow(/not a storage/);
    await expect(store.deleteFolder('')).rejects.toThrow(/whole store/);
  });
});

describe('the filesystem store', () => {
  it('keeps each key at the path its segments name under DATA_DIR (the layout before the store)', async () => {
    const store = createFilesystemStore(dataDir);
    await store.put('corpus/eng-0123456789abcdef/cf-0123456789abcdef', Buffer.from('policy'));
    await store.append('audit-log/eng-0123456789abcdef/shard-00000.jsonl', Buffer.from('{}\n'));
    expect(
      fs.readFileSync(path.join(dataDir, 'corpus', 'eng-0123456789abcdef', 'cf-0123456789abcdef'), 'utf8'),
    ).toBe('policy');
    expect(
      fs.readFileSync(path.join(dataDir, 'audit-log', 'eng-0123456789abcdef', 'shard-00000.jsonl'), 'utf8'),
    ).toBe('{}\n');
  });
});

describe('the S3 store', () => {
  it('keeps its objects under the prefix of its STORAGE_URL, and appends as objects under the key', async () => {
    const tenant = createS3Store(parseStorageUrl(s3.storageUrl('tenant-b/nested')));
    const whole = createS3Store(parseStorageUrl(s3.storageUrl()));
    await tenant.put('corpus/e/f', Buffer.from('policy'));
    await tenant.append('audit-log/e/shard-00000.jsonl', Buffer.from('{}\n'));
    const keys = await keysUnder(whole, 'tenant-b/');
    expect(keys[0]).toBe('tenant-b/nested/audit-log/e/shard-00000.jsonl/' + keys[0]!.split('/').pop());
    expect(keys[1]).toBe('tenant-b/nested/corpus/e/f');
    expect(keys).toHaveLength(2);
    expect(await keysUnder(tenant, '')).toEqual(keys.map((key) => key.slice('tenant-b/nested/'.length)));
  });

  it('answers StorageUnavailableError, naming no more than the failure, when the store is out of reach', async () => {
    const port = await freePort();
    const away = createS3Store(
      parseStorageUrl(`s3://nowhere/p?endpoint=http://127.0.0.1:${port}&region=us-east-1`),
    );
    const calls: [string, () => Promise<unknown>][] = [
      ['put', () => away.put('a/b', Buffer.from('x'))],
      ['put (stream)', () => away.put('a/b', generated('away', 2))],
      ['get', () => away.get('a/b')],
      ['stat', () => away.stat('a/b')],
      ['delete', () => away.delete('a/b')],
      ['list', () => keysUnder(away, 'a/')],
      ['listFolders', () => away.listFolders('a/')],
      ['move', () => away.move('a/b', 'a/c')],
      ['append', () => away.append('a/log', Buffer.from('{}\n'))],
      ['readAppended', () => away.readAppended('a/log')],
    ];
    for (const [name, call] of calls) {
      const error = await call().then(
        () => null,
        (failure: unknown) => failure,
      );
      expect({ name, error }).toEqual({ name, error: expect.any(StorageUnavailableError) });
      expect((error as Error).message).toMatch(/^The object store is unavailable: \S+/);
    }
  });

  it('tells a missing bucket (the store misconfigured) from a missing object', async () => {
    const missing = createS3Store(
      parseStorageUrl(s3.storageUrl().replace('auditsvc-test', 'no-such-bucket')),
    );
    await expect(missing.put('a/b', Buffer.from('x'))).rejects.toThrow(/unavailable: NoSuchBucket/);
    await expect(missing.get('a/b')).rejects.toThrow(/unavailable: NoSuchBucket/);
    await expect(missing.listFolders('a/')).rejects.toThrow(/unavailable: NoSuchBucket/);
    await expect(missing.readAppended('a/log')).rejects.toThrow(/unavailable: NoSuchBucket/);
  });

  it('reads STORAGE_URL, and says what is wrong with a bad one', () => {
    expect(parseStorageUrl('s3://bucket-a/p/q?endpoint=http://127.0.0.1:9000&region=eu-west-1')).toEqual({
      bucket: 'bucket-a',
      prefix: 'p/q',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      forcePathStyle: true,
    });
    expect(parseStorageUrl('s3://bucket-a')).toEqual({
      bucket: 'bucket-a',
      prefix: '',
      endpoint: null,
      region: null,
      forcePathStyle: false,
    });
    for (const [url, message] of [
      ['http://bucket', /start with s3/],
      ['s3://key:secret@bucket', /credentials/],
      ['s3://b', /bucket/],
      ['s3://bucket/a b', /prefix/],
      ['s3://bucket?endpoint=ftp://x', /endpoint/],
      ['s3://bucket?path_style=yes', /path_style/],
      ['s3://bucket?acl=public', /unknown parameters: acl/],
    ] as const) {
      expect(() => parseStorageUrl(url)).toThrow(StorageUrlError);
      expect(() => parseStorageUrl(url)).toThrow(message);
    }
  });
});
