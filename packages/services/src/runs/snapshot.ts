// The ingested corpus of a client as the audit engine reads it (packages/engine/src/corpus.ts):
// every parsed document's text and sections, and the chunks of the search index with their ids,
// which findings cite as evidence.
import type { Repositories } from '@auditsvc/db';
import type { CorpusSnapshot } from '@auditsvc/engine/src/lean';
import { readJsonColumn } from '@auditsvc/core';
import { documentSectionsSchema, extensionOf } from '@auditsvc/ingest/src/lean';

export async function loadCorpusSnapshot(
  repos: Pick<Repositories, 'corpus'>,
  clientId: string,
): Promise<CorpusSnapshot> {
  const { files, chunks } = await repos.corpus.loadCorpus(clientId);
  return {
    clientId,
    documents: files
      .filter((file) => file.text !== null)
      .map((file) => ({
        name: file.filename,
        extension: extensionOf(file.filename) ?? '',
        text: file.text!,
        sections:
          file.sections === null
            ? []
            : readJsonColumn(documentSectionsSchema, file.sections, `sections of ${file.filename}`),
      })),
    chunks: chunks.map((chunk) => ({
      id: chunk.id,
      document: chunk.document,
      ordinal: chunk.ordinal,
      page: chunk.page,
      sheet: chunk.sheet,
      startOffset: chunk.startOffset,
      endOffset: chunk.endOffset,
      text: chunk.text,
    })),
  };
}
