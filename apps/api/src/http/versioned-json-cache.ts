// JSON responses serialised once and served from memory while the data they were made from has not
// changed. The caller names the data's version, read from the database on every request: a number
// every write moves in the writing transaction (an engagement's findings version, or its row
// version, moved by triggers), or a list of such values (a page of engagements: each one's id and
// row version, and the total). An entry made under another version is never served. A maker may
// say which version the data it read had (read with the data, in the same statement); the entry
// is then kept under that version. Each API process keeps its own entries, so nothing needs
// telling when another process writes: the version lives in the database. Bounded by bytes; the
// least recently used entries go first.
import { createHash } from 'node:crypto';

/** A JSON body already serialised, with its entity tag (If-None-Match answers 304 on it). */
export class JsonBytes {
  constructor(
    readonly bytes: Buffer,
    readonly etag: string,
  ) {}

  static of(value: unknown): JsonBytes {
    const bytes = Buffer.from(JSON.stringify(value));
    const digest = createHash('sha1').update(bytes).digest('base64url').slice(0, 27);
    return new JsonBytes(bytes, `W/"${bytes.length.toString(16)}-${digest}"`);
  }
}

/** A version number, or values compared one by one (===). */
export type Version = number | readonly unknown[];

/** What a maker made, with the version of the data it was made from. */
export interface Made {
  value: JsonBytes;
  version: Version;
}

function sameVersion(a: Version, b: Version): boolean {
  if (a === b) return true;
  if (typeof a === 'number' || typeof b === 'number' || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export interface VersionedJsonCache {
  /**
   * The entry for `key` made under `version`, or `make()`'s answer, kept for the next caller
   * under the version it names (or `version`).
   */
  get(key: string, version: Version, make: () => Promise<JsonBytes | Made>): Promise<JsonBytes>;
  /** Bytes held now. */
  size(): number;
}

export function createVersionedJsonCache(maxBytes: number): VersionedJsonCache {
  const entries = new Map<string, { version: Version; value: JsonBytes }>();
  /**
   * Entries being made, by key and the version they were asked under: a burst of requests after
   * a write (each of which read that version) waits for one maker instead of each making the same
   * response. Its data was read after that version was, so it is as new as each of them needs.
   */
  const making = new Map<string, { version: Version; value: Promise<JsonBytes> }>();
  let bytes = 0;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.value.bytes.length;
  }

  function keep(key: string, version: Version, value: JsonBytes) {
    remove(key);
    if (value.bytes.length > maxBytes) return;
    entries.set(key, { version, value });
    bytes += value.bytes.length;
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      remove(oldest);
    }
  }

  return {
    async get(key, version, make) {
      const entry = entries.get(key);
      if (entry && sameVersion(entry.version, version)) {
        // Most recently used moves to the end of the map's order.
        entries.delete(key);
        entries.set(key, entry);
        return entry.value;
      }
      const pending = making.get(key);
      if (pending && sameVersion(pending.version, version)) return pending.value;
      const value = make().then((made) => {
        const result = made instanceof JsonBytes ? { value: made, version } : made;
        keep(key, result.version, result.value);
        return result.value;
      });
      making.set(key, { version, value });
      const done = () => {
        if (making.get(key)?.value === value) making.delete(key);
      };
      value.then(done, done);
      return value;
    },
    size: () => bytes,
  };
}
