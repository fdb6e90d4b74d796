// The API's start-up sweep of corpus storage: what an API process killed in the middle of an
// upload left behind (see staging.ts and the upload in service.ts).
//
// 1. Staging directories of processes that are gone: a file already renamed to its corpus file id
//    whose record was committed is moved into the corpus (the kill came between the commit and the
//    move); everything else (a partial upload, a file whose record never committed) is removed.
// 2. Corpus files of an existing engagement that no record names (a delete killed between removing
//    the record and the bytes) are removed. A file only enters the corpus after its record is
//    committed, so this never races with an upload in another process. Folders of deleted
//    engagements are left alone: deleting an engagement removes its record only (spec 4.2).
// 3. A corpus left `uploading` goes back to `uploaded` (files on record) or `empty`. Harmless for an
//    upload another process is storing right now: it ends with its own compare-and-set from any
//    editable status.
import fs from 'node:fs';
import path from 'node:path';
import type { Repositories } from '@auditsvc/db';
import { corpusDirectory, corpusFilePath, isGeneratedId } from './storage';
import { stagingOwner, stagingRoot } from './staging';

/** A staging directory of another host, untouched this long, belongs to no upload in progress. */
export const STAGING_IDLE_MS = 60 * 60 * 1000;

export interface SweepOutcome {
  staging_directories_removed: number;
  staged_files_removed: number;
  staged_files_recovered: number;
  corpus_orphans_removed: number;
  uploading_reset: number;
}

export interface SweepDeps {
  repos: Pick<Repositories, 'corpus' | 'engagements'>;
  dataDir: string;
  now?: () => Date;
}

async function entries(directory: string): Promise<fs.Dirent[]> {
  try {
    return await fs.promises.readdir(directory, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** The latest modification of a directory or any file in it, in ms. */
async function lastTouched(directory: string): Promise<number> {
  let latest = (await fs.promises.stat(directory)).mtimeMs;
  for (const entry of await entries(directory)) {
    const stat = await fs.promises.stat(path.join(directory, entry.name)).catch(() => null);
    if (stat) latest = Math.max(latest, stat.mtimeMs);
  }
  return latest;
}

export async function sweepCorpusStorage(deps: SweepDeps): Promise<SweepOutcome> {
  const { repos, dataDir } = deps;
  const now = (deps.now ?? (() => new Date()))().getTime();
  const outcome: SweepOutcome = {
    staging_directories_removed: 0,
    staged_files_removed: 0,
    staged_files_recovered: 0,
    corpus_orphans_removed: 0,
    uploading_reset: 0,
  };

  /** Finishes or discards one staged file of a process that is gone. */
  async function settleStagedFile(file: string): Promise<void> {
    const name = path.basename(file);
    const record = isGeneratedId(name) ? await repos.corpus.findFileByStoredName(name) : null;
    if (record) {
      const target = corpusFilePath(dataDir, record.engagementId, record.storedName);
      if (!fs.existsSync(target)) {
        await fs.promises.mkdir(corpusDirectory(dataDir, record.engagementId), { recursive: true });
        try {
          await fs.promises.rename(file, target);
          outcome.staged_files_recovered += 1;
        } catch (error) {
          // Another API process starting at the same time moved it first.
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
        return;
      }
    }
    await fs.promises.rm(file, { force: true });
    outcome.staged_files_removed += 1;
  }

  // 1. Staging.
  const root = stagingRoot(dataDir);
  for (const entry of await entries(root)) {
    const where = path.join(root, entry.name);
    if (!entry.isDirectory()) {
      // A loose file (the layout before per-process directories): removed once surely abandoned.
      const stat = await fs.promises.stat(where).catch(() => null);
      if (stat && now - stat.mtimeMs > STAGING_IDLE_MS) {
        await fs.promises.rm(where, { force: true });
        outcome.staged_files_removed += 1;
      }
      continue;
    }
    const owner = stagingOwner(entry.name);
    if (owner === 'self' || owner === 'running') continue;
    if (owner === 'unknown' && now - (await lastTouched(where)) <= STAGING_IDLE_MS) continue;
    for (const file of await entries(where)) {
      if (file.isFile()) await settleStagedFile(path.join(where, file.name));
    }
    await fs.promises.rm(where, { recursive: true, force: true });
    outcome.staging_directories_removed += 1;
  }

  // 2. Corpus files no record names. Listed before the records are read: a file present in the
  // listing was committed before it was moved there, so its record is seen.
  const corpusRoot = path.join(dataDir, 'corpus');
  const folders = (await entries(corpusRoot)).filter(
    (entry) => entry.isDirectory() && isGeneratedId(entry.name),
  );
  const existing = await repos.engagements.namesByIds(folders.map((folder) => folder.name));
  for (const folder of folders) {
    if (!existing.has(folder.name)) continue;
    const directory = corpusDirectory(dataDir, folder.name);
    const files = (await entries(directory)).filter((entry) => entry.isFile());
    if (files.length === 0) continue;
    const recorded = new Set((await repos.corpus.listFileHeads(folder.name)).map((file) => file.storedName));
    for (const file of files) {
      if (recorded.has(file.name)) continue;
      await fs.promises.rm(path.join(directory, file.name), { force: true });
      outcome.corpus_orphans_removed += 1;
    }
  }

  // 3. Corpus statuses.
  for (const engagementId of await repos.engagements.idsWithCorpusStatus('uploading')) {
    const files = await repos.corpus.countFiles(engagementId);
    const reset = await repos.engagements.updateIfCorpusStatus(engagementId, ['uploading'], {
      corpusStatus: files === 0 ? 'empty' : 'uploaded',
    });
    if (reset) outcome.uploading_reset += 1;
  }
  return outcome;
}
