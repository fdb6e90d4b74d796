// `npm run db:migrate`: apply pending migrations to DATABASE_URL and exit.
import { loadConfig } from '@auditsvc/runtime';
import { applyMigrations } from './migrate';

async function main(): Promise<void> {
  const config = loadConfig();
  const applied = await applyMigrations(config.databaseUrl);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
