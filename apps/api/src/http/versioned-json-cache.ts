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
  let bytes = 0;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.value.bytes.length;
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
      const made = await make();
      const value = made instanceof JsonBytes ? made : made.value;
      remove(key);
      if (value.bytes.length > maxBytes) return value;
      entries.set(key, { version: made instanceof JsonBytes ? version : made.version, value });
      bytes += value.bytes.length;
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        remove(oldest);
      }
      return value;
    },
    size: () => bytes,
  };
}
