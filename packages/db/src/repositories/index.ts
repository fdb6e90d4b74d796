import type { PrismaClient, Tx } from '../client';
import { createFirmRepository } from './firms';
import { createSessionRepository } from './sessions';
import { createUserRepository } from './users';

export * from './firms';
export * from './sessions';
export * from './users';

/** Every repository bound to one client (or to one transaction). */
export function createRepositories(prisma: PrismaClient | Tx) {
  return {
    firms: createFirmRepository(prisma),
    users: createUserRepository(prisma),
    sessions: createSessionRepository(prisma),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
