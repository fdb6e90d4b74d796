// Builds a CorpusSnapshot from parsed documents and their chunk drafts, the way the eval script,
// the benchmark and tests do (the run job loads the same shapes from the database).
import type { ChunkDraft, ParsedDocument } from '@auditsvc/ingest';
import type { CorpusSnapshot } from './corpus';

export function buildSnapshot(
  clientId: string,
  parsed: Array<{ doc: ParsedDocument; chunks: ChunkDraft[] }>,
): CorpusSnapshot {
  return {
    clientId,
    documents: parsed.map(({ doc }) => ({
      name: doc.document,
      extension: doc.extension,
      text: doc.text,
      sections: doc.sections,
    })),
    chunks: parsed.flatMap(({ chunks }) =>
      chunks.map((chunk) => ({ id: `${chunk.document}#${chunk.ordinal}`, ...chunk })),
    ),
  };
}
