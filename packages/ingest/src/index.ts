// @auditsvc/ingest: everything of lean.ts, and the parsers that read each file type in process.
export * from './lean';
export { parseFile, type ParseFileInput } from './parse-file';
export { PARSERS, type Parser, type ParserInput } from './parsers';
export { OCR_UNAVAILABLE } from './parsers/image';
export { guardedUnzip, DEFAULT_ZIP_LIMITS, type ZipLimits } from './zip-guard';
