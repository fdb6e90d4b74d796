export * from './types';
export { extensionOf, isSafeFilename, sniffFileType, SNIFF_BYTES, type SniffResult } from './sniff';
export { parseFile, type ParseFileInput } from './parse-file';
export { PARSERS, type Parser, type ParserInput } from './parsers';
export { OCR_UNAVAILABLE } from './parsers/image';
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
export { guardedUnzip, DEFAULT_ZIP_LIMITS, type ZipLimits } from './zip-guard';
