// The ingest job (spec 3.3, 6.2): parse every corpus file (in the parse host's child process, with
// a time limit), chunk the text, and store chunks and texts in one transaction, which binds the
// corpus to the engagement (client_id = engagement id). Progress goes out as ingest_start,
// ingest_stage (loading, chunking, finalizing) and ingest_complete or ingest_failed.
//
// The job is idempotent: it acts only while the corpus is `ingesting`, and writes everything in
// one transaction that first claims `ingesting -> ingested`, so an attempt killed before it left
// nothing behind and a repeated one writes nothing. Files are only read.
//
// What parsers capped or read poorly (a mailbox cut at its message limit, a scan with no text)
// is kept as the corpus warnings, "<file>: <note>", whether the ingest completes or fails.
// Everything parsed is held in memory until that transaction, so the corpus's text is capped
// (INGEST_LIMITS.maxCorpusChars): past it the ingest stops and fails naming the file.
import { newId } from '@auditsvc/core';
import type { ChunkCreate, Repositories } from '@auditsvc/db';
import { INGEST_LIMITS, ParseError, ParsedDocument, chunkDocument } from '@auditsvc/ingest/src/lean';
import type { ProgressPublisher } from '@auditsvc/jobs';
import type { Logger } from '@auditsvc/runtime';
import { ObjectNotFoundError, ObjectStore, StorageUnavailableError, readAll } from '@auditsvc/storage';
import { corpusFileKey } from './storage';

export interface IngestDeps {
  repos: Pick<Repositories, 'engagements' | 'corpus' | 'transaction'>;
  parser: { parse(input: { bytes: Buffer; filename: string }): Promise<ParsedDocument> };
  progress: ProgressPublisher;
  /** Where the uploaded originals are: the worker reads them from the store, not from its disk. */
  storage: ObjectStore;
  logger: Logger;
}

export type IngestStage = 'loading' | 'chunking' | 'finalizing';

/** The ingest stage being worked on, per engagement, for snapshots of late subscribers. */
export interface IngestStageStore {
  set(engagementId: string, stage: IngestStage | null): Promise<void>;
}

/** At most this many failing files are named in the error; the rest are counted. */
const NAMED_FAILURES = 10;
/** At most this many warnings are kept; the last one then counts the rest. */
const KEPT_WARNINGS = 50;

function corpusWarnings(files: { id: string; filename: string }[], parsed: Map<string, ParsedDocument>) {
  const warnings = files.flatMap((file) =>
    (parsed.get(file.id)?.warnings ?? []).map((warning) => `${file.filename}: ${warning}`),
  );
  if (warnings.length <= KEPT_WARNINGS) return warnings;
  const more = warnings.length - (KEPT_WARNINGS - 1);
  return [...warnings.slice(0, KEPT_WARNINGS - 1), `and ${more} more warnings`];
}

function describeFailures(failures: Map<string, { filename: string; reason: string }>): string {
  const list = [...failures.values()];
  const named = list.slice(0, NAMED_FAILURES).map(({ filename, reason }) => `${filename}: ${reason}`);
  const more = list.length > NAMED_FAILURES ? `; and ${list.length - NAMED_FAILURES} more` : '';
  const noun = list.length === 1 ? 'file' : 'files';
  return `${list.length} ${noun} could not be parsed. ${named.join('; ')}${more}`;
}

export function createIngestService(deps: IngestDeps & { stages: IngestStageStore }) {
  const { repos, progress, logger } = deps;

  async function stage(engagementId: string, name: IngestStage, message: string) {
    await deps.stages.set(engagementId, name);
    await progress.publish(engagementId, 'corpus', { type: 'ingest_stage', stage: name, message });
  }

  /** Ends the ingest as failed (also after a crash that used up the job's attempts). */
  async function fail(engagementId: string, error: string, warnings: string[] = []): Promise<void> {
    const applied = await repos.engagements.updateIfCorpusStatus(engagementId, ['ingesting'], {
      corpusStatus: 'ingest_failed',
      corpusError: error,
      corpusWarnings: warnings,
    });
    await deps.stages.set(engagementId, null);
    if (applied) await progress.publish(engagementId, 'corpus', { type: 'ingest_failed', error });
  }

  return {
    fail,

    async ingest(engagementId: string): Promise<void> {
      const engagement = await repos.engagements.findById(engagementId);
      if (!engagement || engagement.corpusStatus !== 'ingesting') return;
      const files = await repos.corpus.listFileHeads(engagementId);
      const totalBytes = files.reduce((sum, file) => sum + file.sizeBytes, 0);
      await progress.publish(engagementId, 'corpus', {
        type: 'ingest_start',
        file_count: files.length,
        total_bytes: totalBytes,
      });

      await stage(engagementId, 'loading', `Parsing ${files.length} files.`);
      const parsed = new Map<string, ParsedDocument>();
      const failures = new Map<string, { filename: string; reason: string }>();
      let corpusChars = 0;
      for (const file of files) {
        try {
          // Whole, because the parser takes bytes; the file was capped at upload (50 MB).
          const bytes = await readAll(await deps.storage.get(corpusFileKey(engagementId, file.storedName)));
          const document = await deps.parser.parse({ bytes, filename: file.filename });
          corpusChars += document.text.length;
          if (corpusChars > INGEST_LIMITS.maxCorpusChars) {
            // The files after this one are not parsed: the ingest fails whatever they hold.
            failures.set(file.id, {
              filename: file.filename,
              reason: `with this file the corpus's text passes ${INGEST_LIMITS.maxCorpusChars} characters, the limit of one ingest`,
            });
            break;
          }
          parsed.set(file.id, document);
        } catch (error) {
          // The store out of reach is no fault of the file: the job fails and is tried again.
          if (error instanceof StorageUnavailableError) throw error;
          // A ParseError is about the file; anything else (the file vanished from the store) is
          // reported the same way, naming the file, so the client knows what to replace. The store's
          // own words (paths, keys) stay in the log.
          const reason =
            error instanceof ParseError
              ? error.message.replace(`${file.filename}: `, '')
              : error instanceof ObjectNotFoundError
                ? 'the uploaded file is missing from storage; upload it again'
                : 'the uploaded file could not be read';
          failures.set(file.id, { filename: file.filename, reason });
          logger.warn('ingest_file_failed', {
            engagement_id: engagementId,
            file_id: file.id,
            reason,
            ...(error instanceof ParseError
              ? {}
              : { error: error instanceof Error ? error.message : String(error) }),
          });
        }
      }
      if (failures.size > 0) {
        await repos.corpus.markParseFailures(
          engagementId,
          new Map([...failures].map(([id, failure]) => [id, failure.reason])),
        );
        await fail(engagementId, describeFailures(failures), corpusWarnings(files, parsed));
        return;
      }

      await stage(engagementId, 'chunking', `Chunking ${parsed.size} documents.`);
      const chunks: ChunkCreate[] = [];
      for (const file of files) {
        for (const chunk of chunkDocument(parsed.get(file.id)!)) {
          chunks.push({ id: newId('chunk'), clientId: engagementId, fileId: file.id, ...chunk });
        }
      }

      await stage(engagementId, 'finalizing', `Indexing ${chunks.length} chunks.`);
      const completed = await repos.transaction(async (tx) => {
        // Claim the ingest first: nothing is written unless the corpus is still being ingested.
        const claimed = await tx.engagements.updateIfCorpusStatus(engagementId, ['ingesting'], {
          corpusStatus: 'ingested',
          corpusError: null,
          corpusWarnings: corpusWarnings(files, parsed),
          clientId: engagementId,
        });
        if (!claimed) return false;
        await tx.corpus.createChunks(chunks);
        for (const file of files) {
          const document = parsed.get(file.id)!;
          await tx.corpus.recordParsed({
            id: file.id,
            text: document.text,
            sections: document.sections,
            pageCount: document.pageCount,
          });
        }
        return true;
      });
      await deps.stages.set(engagementId, null);
      if (!completed) return;
      logger.info('ingest_complete', {
        engagement_id: engagementId,
        files: files.length,
        chunks: chunks.length,
      });
      await progress.publish(engagementId, 'corpus', {
        type: 'ingest_complete',
        engagement_id: engagementId,
        client_id: engagementId,
      });
    },
  };
}

export type IngestService = ReturnType<typeof createIngestService>;
