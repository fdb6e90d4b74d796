// JSON responses serialised once and served from memory while the data they were made from has not
// changed. The caller names the data's version (the engagement's findings version, read before
// the data itself); an entry made under another version is never served. Each API process keeps
// its own entries, so nothing needs telling when another process writes: the version lives in the
// database. Bounded by bytes; the least recently used entries go first.
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

export interface VersionedJsonCache {
  /** The entry for `key` made under `version`, or `make()`'s answer, kept for the next caller. */
  get(key: string, version: number, make: () => Promise<JsonBytes>): Promise<JsonBytes>;
  /** Bytes held now. */
  size(): number;
}

export function createVersionedJsonCache(maxBytes: number): VersionedJsonCache {
  const entries = new Map<string, { version: number; value: JsonBytes }>();
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
      if (entry?.version === version) {
        // Most recently used moves to the end of the map's order.
        entries.delete(key);
        entries.set(key, entry);
        return entry.value;
      }
      const value = await make();
      remove(key);
      if (value.bytes.length > maxBytes) return value;
      entries.set(key, { version, value });
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
