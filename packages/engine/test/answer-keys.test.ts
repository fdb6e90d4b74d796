// The answer keys of every evaluation corpus (EXPECTED.json under ../shared/corpora and
// test/corpora*) follow one schema and one typing rule, so that a corpus's figures do not depend
// on which writer typed its defects: primitives from the six, patterns that compile, documents
// that exist in the folder, and evidence that breaks a stated rule (a register row, form or e-mail
// listed first) typed both flow_down and conflict, as docs/evaluation/holdout-writer.md asks.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PRIMITIVES } from '@auditsvc/core';
import type { ExpectedCorpus, ExpectedDefect } from '../src/expected';

const repositoryRoot = join(__dirname, '..', '..', '..');
const roots = [
  join(repositoryRoot, '..', 'shared', 'corpora'),
  ...['corpora', 'corpora-holdout', 'corpora-real', 'corpora-real-tuned'].map((name) =>
    join(repositoryRoot, 'test', name),
  ),
];
const folders = roots
  .filter((root) => existsSync(root))
  .flatMap((root) => readdirSync(root).map((name) => join(root, name)))
  .filter((folder) => existsSync(join(folder, 'EXPECTED.json')));

const PRIMITIVE_NAMES = new Set<string>(PRIMITIVES);
const EVIDENCE_RECORD = /\.(csv|xlsx|xls|eml|msg|png|jpe?g|tiff?)$/i;

function filesUnder(folder: string): Set<string> {
  return new Set(
    readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(folder, join(entry.parentPath, entry.name))),
  );
}

/** A record breaking a rule: typed flow_down, not a coverage gap, its first document evidence. */
function isEvidenceBreach(defect: ExpectedDefect): boolean {
  return (
    defect.primitives.includes('flow_down_check') &&
    !defect.primitives.includes('coverage_check') &&
    EVIDENCE_RECORD.test(defect.documents[0] ?? '')
  );
}

test('the evaluation corpora are found', () => {
  expect(folders.length).toBeGreaterThanOrEqual(80);
});

describe.each(folders.map((folder) => [relative(repositoryRoot, folder), folder]))('%s', (_name, folder) => {
  const expected = JSON.parse(readFileSync(join(folder, 'EXPECTED.json'), 'utf8')) as ExpectedCorpus;
  const files = filesUnder(folder);

  test('every defect has known primitives, a pattern that compiles and documents of the folder', () => {
    for (const defect of expected.defects) {
      expect(defect.primitives.filter((p) => !PRIMITIVE_NAMES.has(p))).toEqual([]);
      expect(defect.primitives.length).toBeGreaterThan(0);
      expect(() => new RegExp(defect.pattern, 'i')).not.toThrow();
      expect(defect.documents.filter((d) => !files.has(d))).toEqual([]);
    }
  });

  test('evidence breaking a stated rule is typed both flow_down and conflict', () => {
    const oneSided = expected.defects.filter(
      (defect) => isEvidenceBreach(defect) && !defect.primitives.includes('conflict_check'),
    );
    expect(oneSided.map((d) => d.id)).toEqual([]);
  });
});
