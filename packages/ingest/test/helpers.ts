// Where the tests find real files: the Northwind Health sample corpus and our own small fixtures.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const corpusDir = path.resolve(__dirname, '../../../../shared/corpora/northwind-health');
export const fixturesDir = path.join(__dirname, 'fixtures');

export function corpusFile(name: string): { bytes: Buffer; filename: string } {
  return { bytes: readFileSync(path.join(corpusDir, name)), filename: name };
}

export function fixture(name: string): { bytes: Buffer; filename: string } {
  return { bytes: readFileSync(path.join(fixturesDir, name)), filename: name };
}
