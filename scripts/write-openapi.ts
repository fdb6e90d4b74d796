// `npm run openapi`: writes docs/openapi.json from the route declarations. A test compares the
// committed copy with the generated one, so a route change without this step fails CI.
import fs from 'node:fs';
import path from 'node:path';
import { openApiDocument } from '../apps/api/src/app';

const target = path.resolve(__dirname, '..', 'docs', 'openapi.json');
fs.mkdirSync(path.dirname(target), { recursive: true });
fs.writeFileSync(target, JSON.stringify(openApiDocument(), null, 2) + '\n');
console.log(`wrote ${path.relative(process.cwd(), target)}`);
