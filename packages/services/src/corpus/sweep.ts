// The API's start-up sweep of corpus storage: what an API process killed in the middle of an
// upload left behind (see staging.ts and the upload in service.ts).
//
// 1. Staging folders of processes that are gone: a staged object whose record was committed is
//    moved into the corpus (the kill came between the commit and the move); everything else (a
//    partial upload, an object whose record never committed) is removed.
// 2. Corpus files of an existing engagement that no record names (a delete killed between removing
//    the record and the bytes) are removed. A file only enters the corpus after its record is
//    committed, so this never races with an upload in another process. Folders of deleted
//    engagements are left alone: deleting an engagement removes its record only (spec 4.2).
//
// All of it goes through the object store, so it works the same on DATA_DIR and on a bucket. (An
// S3 multipart upload cut by a kill is no object at all: the bucket's lifecycle rule for
// incomplete multipart uploads removes its parts, see README "Object storage".)
// 3. A corpus left `uploading` goes back to `uploaded` (files on record) or `empty`. Harmless for an
//    upload another process is storing right now: it ends with its own compare-and-set from any
//    editable status.
import type { Repositories } from '@auditsvc/db';
import { ObjectNotFoundError, ObjectStore, StoredObject } from '@auditsvc/storage';
import { CORPUS_FOLDER, corpusFileKey, corpusFolder, isGeneratedId } from './storage';
import { STAGING_FOLDER, stagingOwner } from './staging';

/** A staging folder of another host, untouched this long, belongs to no upload in progress. */
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
  storage: ObjectStore;
  now?: () => Date;
}

async function collect(objects: AsyncIterable<StoredObject>): Promise<StoredObject[]> {
  const found: StoredObject[] = [];
  for await (const object of objects) found.push(object);
  return found;
}

const nameOf = (key: string) => key.slice(key.lastIndexOf('/') + 1);

export async function sweepCorpusStorage(deps: SweepDeps): Promise<SweepOutcome> {
  const { repos, storage } = deps;
  const now = (deps.now ?? (() => new Date()))().getTime();
  const outcome: SweepOutcome = {
    staging_directories_removed: 0,
    staged_files_removed: 0,
    staged_files_recovered: 0,
    corpus_orphans_removed: 0,
    uploading_reset: 0,
  };

  /** Finishes or discards one staged object of a process that is gone. */
  async function settleStagedFile(key: string): Promise<void> {
    const name = nameOf(key);
    const record = isGeneratedId(name) ? await repos.corpus.findFileByStoredName(name) : null;
    if (record) {
      const target = corpusFileKey(record.engagementId, record.storedName);
      if (!(await storage.stat(target))) {
        try {
          await storage.move(key, target);
          outcome.staged_files_recovered += 1;
        } catch (error) {
          // Another API process starting at the same time moved it first.
          if (!(error instanceof ObjectNotFoundError)) throw error;
        }
        return;
      }
    }
    await storage.delete(key);
    outcome.staged_files_removed += 1;
  }

  // 1. Staging.
  const staging = await collect(storage.list(STAGING_FOLDER));
  for (const loose of staging.filter((object) => !object.key.slice(STAGING_FOLDER.length).includes('/'))) {
    // A loose file (the layout before per-process folders): removed once surely abandoned.
    if (now - loose.modifiedAt.getTime() > STAGING_IDLE_MS) {
      await storage.delete(loose.key);
      outcome.staged_files_removed += 1;
    }
  }
  for (const name of await storage.listFolders(STAGING_FOLDER)) {
    const owner = stagingOwner(name);
    if (owner === 'self' || owner === 'running') continue;
    const folder = `${STAGING_FOLDER}${name}/`;
    const objects = staging.filter((object) => object.key.startsWith(folder));
    const lastTouched = Math.max(0, ...objects.map((object) => object.modifiedAt.getTime()));
    if (owner === 'unknown' && now - lastTouched <= STAGING_IDLE_MS) continue;
    for (const object of objects) {
      if (!object.key.slice(folder.length).includes('/')) await settleStagedFile(object.key);
    }
    await storage.deleteFolder(folder);
    outcome.staging_directories_removed += 1;
  }

  // 2. Corpus files no record names. Listed before the records are read: a file present in the
  // listing was committed before it was moved there, so its record is seen.
  const folders = (await storage.listFolders(CORPUS_FOLDER)).filter(isGeneratedId);
  const existing = await repos.engagements.namesByIds(folders);
  for (const engagementId of folders) {
    if (!existing.has(engagementId)) continue;
    const folder = corpusFolder(engagementId);
    const files = (await collect(storage.list(folder))).filter(
      (object) => !object.key.slice(folder.length).includes('/'),
    );
    if (files.length === 0) continue;
    const recorded = new Set((await repos.corpus.listFileHeads(engagementId)).map((file) => file.storedName));
    for (const file of files) {
      if (recorded.has(nameOf(file.key))) continue;
      await storage.delete(file.key);
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
