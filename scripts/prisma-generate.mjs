// Generates the Prisma client of each provider (run by `npm install` as postinstall).
//
// `prisma generate` does not use the native schema engine, but it tries to download one unless
// PRISMA_SCHEMA_ENGINE_BINARY names an existing executable; these machines reach no download
// host, so we point it at the Node binary itself (see docs/ARCHITECTURE.md, "Prisma offline").
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { providers, repoRoot, schemaPath } from '../prisma/providers.mjs';

const prismaCli = path.join(repoRoot, 'node_modules', 'prisma', 'build', 'index.js');
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || process.execPath,
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
  CHECKPOINT_DISABLE: '1',
};
for (const provider of providers) {
  const result = spawnSync(process.execPath, [prismaCli, 'generate', '--schema', schemaPath(provider)], {
    cwd: repoRoot,
    env,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error(`prisma generate failed for ${provider}`);
    process.exit(result.status ?? 1);
  }
}
