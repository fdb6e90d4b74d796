// The engagement's findings version: every write to an engagement's findings moves it, in the same
// transaction when there is one. A reader that reads the version before the findings and finds it
// unchanged later knows its copy of the findings is still current (the findings page cache of the
// API). Written by SQL so that the engagement's updated_at, which the API shows, stays as it is.
import type { PrismaClient, Tx } from '../client';

/** Moves the findings version of each engagement (after its findings were written). */
export async function bumpFindingsVersion(prisma: PrismaClient | Tx, engagementIds: Iterable<string>) {
  for (const id of new Set(engagementIds)) {
    await prisma.$executeRaw`UPDATE engagements SET findings_version = findings_version + 1 WHERE id = ${id}`;
  }
}
