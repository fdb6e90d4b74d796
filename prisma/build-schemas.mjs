// Writes prisma/<provider>/schema.prisma for every provider from prisma/models.prisma.
// With --check, writes nothing and exits 1 when a committed schema is out of date.
import fs from 'node:fs';
import path from 'node:path';
import { prismaDir, providers, renderSchema, schemaPath } from './providers.mjs';

const check = process.argv.includes('--check');
const models = fs.readFileSync(path.join(prismaDir, 'models.prisma'), 'utf8');
let stale = false;
for (const provider of providers) {
  const target = schemaPath(provider);
  const wanted = renderSchema(provider, models);
  const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : null;
  if (current === wanted) continue;
  if (check) {
    console.error(`${path.relative(process.cwd(), target)} is out of date: run npm run db:schemas`);
    stale = true;
  } else {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, wanted);
    console.log(`wrote ${path.relative(process.cwd(), target)}`);
  }
}
process.exit(stale ? 1 : 0);
