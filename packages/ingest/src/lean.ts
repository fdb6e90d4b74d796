// The ingest package without its parsers: file types and names, sniffing, limits, chunking and
// the parse host (which parses in a child process). Code the API process loads imports the package
// from here (`@auditsvc/ingest/src/lean`): the parsers (parseFile, PARSERS) load exceljs,
// mailparser and the rest, tens of MB of a process that never parses (issue 13). index.ts
// re-exports all of this.
export * from './types';
export { extensionOf, isSafeFilename, sniffFileType, SNIFF_BYTES, type SniffResult } from './sniff';
export { chunkDocument, DEFAULT_OVERLAP_CHARS, DEFAULT_TARGET_CHARS, type ChunkOptions } from './chunker';
export {
  createParseHost,
  DEFAULT_PARSE_MAX_OLD_SPACE_MB,
  DEFAULT_PARSE_MAX_RSS_MB,
  DEFAULT_PARSE_TIMEOUT_MS,
  type ParseHost,
  type ParseHostOptions,
  type ParseReport,
} from './parse-host';
export { INGEST_LIMITS } from './limits';
