// Copies of an engagement's findings (served pages, summaries) are trusted while its
// findings_version is unchanged, so every write to the findings table must move it. The writes
// live in two repositories, which bump it; this keeps a new write from appearing anywhere else.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');
const ALLOWED = new Set(['packages/db/src/repositories/findings.ts', 'packages/db/src/repositories/runs.ts']);
const WRITE =
  /\.finding\.(create|createMany|update|updateMany|upsert|delete|deleteMany)\b|\b(INSERT INTO|UPDATE|DELETE FROM)\s+"?findings"?\s/i;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return ['node_modules', 'generated', 'test'].includes(entry.name) ? [] : sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

it('writes findings only in the repositories that move the findings version', () => {
  const writers = ['packages', 'apps']
    .flatMap((top) => fs.readdirSync(path.join(root, top)).map((name) => path.join(root, top, name, 'src')))
    .filter((dir) => fs.existsSync(dir))
    .flatMap(sources)
    .filter((file) => WRITE.test(fs.readFileSync(file, 'utf8')))
    .map((file) => path.relative(root, file));
  expect(writers.sort()).toEqual([...ALLOWED].sort());
  for (const file of ALLOWED)
    expect(fs.readFileSync(path.join(root, file), 'utf8')).toContain('bumpFindingsVersion(');
});
