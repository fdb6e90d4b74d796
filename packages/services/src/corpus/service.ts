// The corpus of an engagement (spec 4.4, 3.3): upload, delete and the start of an ingest. Files are
// checked (name, extension, magic bytes, count, duplicates) before they join the corpus, and are
// kept in the object store under a generated name. The ingest itself runs in the worker (ingest.ts).
import {
  CORPUS_EDITABLE,
  CORPUS_INGESTABLE,
  Caller,
  ConflictError,
  NotFoundError,
  UnsupportedMediaTypeError,
  ValidationError,
  assertCorpusEditable,
} from '@auditsvc/core';
import type { Repositories } from '@auditsvc/db';
import type { ObjectStore } from '@auditsvc/storage';
import { CorpusExtension, extensionOf, isSafeFilename, sniffFileType } from '@auditsvc/ingest/src/lean';
import type { EngagementService } from '../engagements/service';
import { isUniqueViolation } from '../prisma-errors';
import { corpusFileKey } from './storage';

/** Spec part 8. */
export const CORPUS_MAX_FILE_BYTES = 50 * 1024 * 1024;
export const CORPUS_MAX_FILES = 500;

const CONTENT_TYPES: Record<CorpusExtension, string> = {
  txt: 'text/plain',
  md: 'text/markdown',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  tiff: 'image/tiff',
  eml: 'message/rfc822',
  mbox: 'application/mbox',
};

/** A file multer has streamed into this process's staging folder of the store (staging.ts). */
export interface StagedUpload {
  /** Its key, uploads/<process>/<generated name>. */
  key: string;
  originalName: string;
  size: number;
  /** Hex digest of its bytes, taken as they streamed in. */
  sha256: string;
  /** Its first bytes, for the magic-byte check. */
  head: Buffer;
}

export interface CorpusDeps {
  repos: Pick<Repositories, 'engagements' | 'corpus' | 'transaction'>;
  engagements: Pick<EngagementService, 'requireVisible' | 'presentOne'>;
  storage: ObjectStore;
  /** Puts the ingest job on the queue (the worker runs it). */
  enqueueIngest(engagementId: string): Promise<void>;
}

export function createCorpusService(deps: CorpusDeps) {
  const { repos, storage } = deps;

  async function corpusView(engagementId: string) {
    const engagement = await deps.engagements.presentOne((await repos.engagements.findById(engagementId))!);
    return engagement.corpus;
  }

  /** The client's file name, checked: never a path, and of an accepted type. */
  function checkedName(name: string): { filename: string; extension: CorpusExtension } {
    const filename = name.normalize('NFC');
    if (!isSafeFilename(filename)) {
      throw ValidationError.of(
        ['body', 'file', 'filename'],
        'file name must not contain path separators, "..", or control characters',
        'value_error',
      );
    }
    const extension = extensionOf(filename);
    if (!extension) {
      throw new UnsupportedMediaTypeError(
        `Unsupported file type; accepted: ${Object.keys(CONTENT_TYPES)
          .map((ext) => `.${ext}`)
          .join(' ')}.`,
      );
    }
    return { filename, extension };
  }

  return {
    /** Stores a staged upload (multer's; the route removes it if it is not moved). */
    async upload(caller: Caller, engagementId: string, staged: StagedUpload) {
      const engagement = await deps.engagements.requireVisible(caller, engagementId);
      assertCorpusEditable(engagement);
      const { filename, extension } = checkedName(staged.originalName);
      const sniff = sniffFileType(staged.head, extension);
      if (!sniff.ok) {
        throw new UnsupportedMediaTypeError(
          `The content of ${filename} is not a .${extension} file${sniff.reason ? `: ${sniff.reason}` : ''}.`,
        );
      }
      if (await repos.corpus.findFile(engagementId, filename)) {
        throw new ConflictError(`A file named ${filename} is already in the corpus.`);
      }
      if ((await repos.corpus.countFiles(engagementId)) >= CORPUS_MAX_FILES) {
        throw new ConflictError(`The corpus already holds ${CORPUS_MAX_FILES} files, the limit.`);
      }
      await repos.engagements.updateIfCorpusStatus(
        engagementId,
        CORPUS_EDITABLE,
        { corpusStatus: 'uploading' },
        { unfrozen: true },
      );
      // Staged under the file's id (staging.ts), the object waits in this process's staging folder
      // until its record is committed, then joins the corpus: a process killed at any point leaves
      // either a staged object the start-up sweep removes, or a recorded one it moves into place
      // (sweep.ts).
      const id = staged.key.slice(staged.key.lastIndexOf('/') + 1);
      const target = corpusFileKey(engagementId, id);
      let recorded = false;
      try {
        await repos.transaction(async (tx) => {
          // The record and the status change commit together, and only while no ingest started.
          const editable = await tx.engagements.updateIfCorpusStatus(
            engagementId,
            CORPUS_EDITABLE,
            { corpusStatus: 'uploaded', corpusError: null, corpusWarnings: [] },
            { unfrozen: true },
          );
          if (!editable) throw new ConflictError('An ingest of this corpus started meanwhile.');
          await tx.corpus.createFile({
            id,
            engagementId,
            filename,
            storedName: id,
            sizeBytes: staged.size,
            contentType: CONTENT_TYPES[extension],
            sha256: staged.sha256,
          });
        });
        recorded = true;
        await storage.move(staged.key, target);
      } catch (error) {
        // A record whose bytes could not be moved into place is withdrawn with them.
        if (recorded) await repos.corpus.deleteFile(id);
        // Leave no `uploading` behind: back to what the files on record say.
        const remaining = await repos.corpus.countFiles(engagementId);
        await repos.engagements.updateIfCorpusStatus(
          engagementId,
          recorded ? ['uploading', 'uploaded'] : ['uploading'],
          { corpusStatus: remaining === 0 ? 'empty' : 'uploaded' },
        );
        if (isUniqueViolation(error))
          throw new ConflictError(`A file named ${filename} is already in the corpus.`);
        throw error;
      }
      return {
        ok: true as const,
        engagement_id: engagementId,
        filename,
        size_bytes: staged.size,
        content_type: CONTENT_TYPES[extension],
        corpus: await corpusView(engagementId),
      };
    },

    async deleteFile(caller: Caller, engagementId: string, filename: string) {
      const engagement = await deps.engagements.requireVisible(caller, engagementId);
      assertCorpusEditable(engagement);
      const file = await repos.corpus.findFile(engagementId, filename.normalize('NFC'));
      if (!file) throw new NotFoundError('File');
      await repos.transaction(async (tx) => {
        // Claim the status first: a delete that loses the race against an ingest changes nothing.
        const remaining = (await tx.corpus.countFiles(engagementId)) - 1;
        const editable = await tx.engagements.updateIfCorpusStatus(
          engagementId,
          CORPUS_EDITABLE,
          { corpusStatus: remaining === 0 ? 'empty' : 'uploaded' },
          { unfrozen: true },
        );
        if (!editable) throw new ConflictError('An ingest of this corpus started meanwhile.');
        await tx.corpus.deleteFile(file.id);
      });
      await storage.delete(corpusFileKey(engagementId, file.storedName));
      return {
        ok: true as const,
        engagement_id: engagementId,
        filename: file.filename,
        corpus: await corpusView(engagementId),
      };
    },

    /** 202: the corpus is `ingesting` and the job is queued. */
    async startIngest(caller: Caller, engagementId: string) {
      const engagement = await deps.engagements.requireVisible(caller, engagementId);
      assertCorpusEditable(engagement);
      if ((await repos.corpus.countFiles(engagementId)) === 0) {
        throw ValidationError.of(
          ['path', 'engagement_id'],
          'the corpus has no files to ingest',
          'value_error',
        );
      }
      const started = await repos.engagements.updateIfCorpusStatus(
        engagementId,
        CORPUS_INGESTABLE,
        { corpusStatus: 'ingesting', corpusError: null, corpusWarnings: [] },
        { unfrozen: true },
      );
      if (!started) throw new ConflictError('An ingest of this corpus is already running.');
      try {
        await deps.enqueueIngest(engagementId);
      } catch (error) {
        // Not queued (a 503): the corpus is put back exactly as it was. A job that reached the queue
        // late finds the corpus no longer `ingesting` and does nothing.
        await repos.engagements.updateIfCorpusStatus(engagementId, ['ingesting'], {
          corpusStatus: engagement.corpusStatus,
          corpusError: engagement.corpusError,
          updatedAt: engagement.updatedAt,
        });
        throw error;
      }
      return {
        ok: true as const,
        engagement_id: engagementId,
        status: 'ingesting' as const,
        corpus: await corpusView(engagementId),
      };
    },
  };
}

export type CorpusService = ReturnType<typeof createCorpusService>;
