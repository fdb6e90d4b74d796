// The parser registry: one parser per corpus extension.
import type { CorpusExtension } from '../types';
import { parseCsv } from './csv';
import { parseDocx } from './docx';
import { parseEml } from './eml';
import { parseImage } from './image';
import { parseMbox } from './mbox';
import { parseMd } from './md';
import type { Parser } from './parser';
import { parsePdf } from './pdf';
import { parseTxt } from './txt';
import { parseXlsx } from './xlsx';

export type { Parser, ParserInput } from './parser';

export const PARSERS: Readonly<Record<CorpusExtension, Parser>> = {
  txt: parseTxt,
  md: parseMd,
  csv: parseCsv,
  pdf: parsePdf,
  docx: parseDocx,
  xlsx: parseXlsx,
  eml: parseEml,
  mbox: parseMbox,
  png: parseImage,
  jpg: parseImage,
  jpeg: parseImage,
  tiff: parseImage,
};
