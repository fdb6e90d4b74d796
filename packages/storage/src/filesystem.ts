// The filesystem backend, the embedded default: each key is a file under the root (DATA_DIR), at
// the path its segments name, so the layout is the one the service has always had
// (corpus/<engagement>/<file>, audit-log/<engagement>/shard-NNNNN.jsonl, uploads/<process>/...).
// Directories are made as needed, readable by the service's user only.
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { countedBody } from './byte-limit';
import {
  ObjectNotFoundError,
  ObjectStore,
  StoredObject,
  checkedFolder,
  checkedKey,
  checkedPrefix,
} from './store';

const DIRECTORY_MODE = 0o700;
const FILE_MODE = 0o600;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

export function createFilesystemStore(root: string): ObjectStore {
  const base = path.resolve(root);
  const fileOf = (key: string) => path.join(base, ...checkedKey(key).split('/'));
  const directoryOf = (folder: string) => path.join(base, ...checkedFolder(folder).split('/'));

  /**
   * Runs a write into `file`'s directory, made first. Made again when it vanished in between (a
   * sweep in another process removing a folder it found empty).
   */
  async function inDirectoryOf<T>(file: string, write: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      await fs.promises.mkdir(path.dirname(file), { recursive: true, mode: DIRECTORY_MODE });
      try {
        return await write();
      } catch (error) {
        if (!isMissing(error) || attempt === 3) throw error;
      }
    }
  }

  async function statOf(key: string, file: string): Promise<StoredObject | null> {
    try {
      const stat = await fs.promises.stat(file);
      return stat.isFile() ? { key, size: stat.size, modifiedAt: new Date(stat.mtimeMs) } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function entries(directory: string): Promise<fs.Dirent[]> {
    try {
      const found = await fs.promises.readdir(directory, { withFileTypes: true });
      return found.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    } catch (error) {
      if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return [];
      throw error;
    }
  }

  async function* walk(folder: string, prefix: string): AsyncGenerator<StoredObject> {
    for (const entry of await entries(path.join(base, ...folder.split('/')))) {
      const key = `${folder}${entry.name}`;
      if (!key.startsWith(prefix) && !prefix.startsWith(`${key}/`)) continue;
      if (entry.isDirectory()) {
        yield* walk(`${key}/`, prefix);
      } else if (entry.isFile() && key.startsWith(prefix)) {
        const stat = await statOf(key, path.join(base, ...key.split('/')));
        if (stat) yield stat;
      }
    }
  }

  async function get(key: string): Promise<Readable> {
    try {
      const handle = await fs.promises.open(fileOf(key), 'r');
      return handle.createReadStream();
    } catch (error) {
      if (isMissing(error)) throw new ObjectNotFoundError(key);
      throw error;
    }
  }

  return {
    kind: 'filesystem',

    async put(key, body, options = {}) {
      const file = fileOf(key);
      const counted = countedBody(body, options.maxBytes);
      try {
        // Written in place, not renamed into it: an upload's bytes can be watched arriving, and a
        // key is only read once the database names it (after the put).
        await inDirectoryOf(file, () =>
          pipeline(counted.stream, fs.createWriteStream(file, { mode: FILE_MODE })),
        );
      } catch (error) {
        await fs.promises.rm(file, { force: true });
        throw error;
      }
      return { size: counted.bytes() };
    },

    get,

    stat: (key) => statOf(key, fileOf(key)),

    async delete(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },

    list(prefix) {
      checkedPrefix(prefix);
      return walk(prefix.slice(0, prefix.lastIndexOf('/') + 1), prefix);
    },

    async listFolders(folder) {
      return (await entries(directoryOf(folder)))
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name);
    },

    async deleteFolder(folder) {
      if (checkedFolder(folder) === '') throw new Error('refusing to delete the whole store');
      await fs.promises.rm(directoryOf(folder), { recursive: true, force: true });
    },

    async move(from, to) {
      const source = fileOf(from);
      const target = fileOf(to);
      try {
        await inDirectoryOf(target, () => fs.promises.rename(source, target));
      } catch (error) {
        if (isMissing(error) && !fs.existsSync(source)) throw new ObjectNotFoundError(from);
        throw error;
      }
    },

    async append(key, bytes) {
      const file = fileOf(key);
      // One O_APPEND write per append: the kernel places it at the file's end whole, so appends
      // of several processes never interleave.
      const handle = await inDirectoryOf(file, () => fs.promises.open(file, 'a', FILE_MODE));
      try {
        let offset = 0;
        while (offset < bytes.length) {
          const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
          offset += bytesWritten;
        }
      } finally {
        await handle.close();
      }
    },

    async readAppended(key) {
      try {
        return await get(key);
      } catch (error) {
        if (error instanceof ObjectNotFoundError) return Readable.from([]);
        throw error;
      }
    },
  };
}
