// Corpus statuses (spec 3.3) and which corpus operations each allows (with DECISIONS): uploads and
// deletes while the corpus is not ingested or being ingested, ingest from uploaded or after a
// failed ingest. A frozen engagement refuses all of them with 423, before anything else.
import { ConflictError, FrozenError } from './errors';

export const CORPUS_STATUSES = [
  'empty',
  'uploading',
  'uploaded',
  'ingesting',
  'ingested',
  'ingest_failed',
] as const;
export type CorpusStatus = (typeof CORPUS_STATUSES)[number];

/**
 * Statuses in which files may be added or removed. `uploading` lasts while an upload is being
 * stored; a process that died mid-upload leaves it behind, so it counts like `uploaded`.
 */
export const CORPUS_EDITABLE: readonly CorpusStatus[] = ['empty', 'uploading', 'uploaded', 'ingest_failed'];

/** Statuses from which an ingest may start (a failed ingest can be fixed and retried). */
export const CORPUS_INGESTABLE: readonly CorpusStatus[] = ['uploading', 'uploaded', 'ingest_failed'];

export interface CorpusState {
  isFrozen: boolean;
  corpusStatus: string;
}

/** 423 when frozen, 409 while an ingest runs or once the corpus is ingested. */
export function assertCorpusEditable(state: CorpusState): void {
  if (state.isFrozen) throw new FrozenError();
  if (state.corpusStatus === 'ingesting') throw new ConflictError('An ingest of this corpus is running.');
  if (state.corpusStatus === 'ingested') {
    throw new ConflictError('The corpus is already ingested; it can no longer change.');
  }
}
