import path from 'node:path';

export type DatabaseProvider = 'sqlite' | 'postgresql';

export function providerOf(databaseUrl: string): DatabaseProvider {
  if (databaseUrl.startsWith('file:')) return 'sqlite';
  if (/^postgres(ql)?:\/\//.test(databaseUrl)) return 'postgresql';
  throw new Error('DATABASE_URL must start with file: or postgresql://');
}

/** The file behind a `file:` URL, resolved against the working directory. */
export function sqliteFilePath(databaseUrl: string): string {
  const raw = databaseUrl.slice('file:'.length).replace(/\?.*$/, '');
  return path.resolve(raw);
}

/** prisma/<provider>/migrations of this repository. */
export function migrationsDirectory(provider: DatabaseProvider): string {
  return path.resolve(__dirname, '..', '..', '..', 'prisma', provider, 'migrations');
}
