// The ingested corpus as the audit engine sees it: every document's full text (with its pages or
// sheets) and the chunks of the search index. The run job loads it from the database; the eval
// script and unit tests build it straight from files with the same parsers and chunker.
import type { ChunkDraft, DocumentSection } from '@auditsvc/ingest';

export interface CorpusDocument {
  /** The client's file name, cited in evidence. */
  name: string;
  extension: string;
  text: string;
  sections: DocumentSection[];
}

/** A chunk of the search index: what the chunker made, with the id findings cite. */
export interface CorpusChunk extends ChunkDraft {
  id: string;
}

export interface CorpusSnapshot {
  clientId: string;
  documents: CorpusDocument[];
  chunks: CorpusChunk[];
  /**
   * The moment the corpus describes as "now" (epoch ms): dates after it are future dates (next
   * reviews), not the corpus's newest date. Unset, the wall clock is used; sample corpora pin it
   * so their results do not change as the calendar moves past the dates they contain.
   */
  asOf?: number;
}
