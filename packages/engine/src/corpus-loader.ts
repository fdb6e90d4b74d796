// Reads a corpus folder with the ingest parsers and chunker into a CorpusSnapshot, the way the
// eval script, the benchmark and the corpus tests need it (the service loads it from the database).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chunkDocument, extensionOf, parseFile } from '@auditsvc/ingest';
import type { CorpusSnapshot } from './corpus';
import { buildSnapshot } from './snapshot';

/** The answer key of a sample corpus is not part of the client's corpus. */
const ANSWER_KEY = /^EXPECTED\./i;

export async function loadCorpusFolder(
  folder: string,
  clientId = 'eval',
  asOf?: number,
): Promise<CorpusSnapshot> {
  const names = (await readdir(folder))
    .filter((name) => extensionOf(name) !== null && !ANSWER_KEY.test(name))
    .sort();
  const parsed = [];
  for (const name of names) {
    const doc = await parseFile({ bytes: await readFile(join(folder, name)), filename: name });
    parsed.push({ doc, chunks: chunkDocument(doc) });
  }
  return { ...buildSnapshot(clientId, parsed), ...(asOf === undefined ? {} : { asOf }) };
}
