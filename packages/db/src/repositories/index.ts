import type { PrismaClient } from '../client';
import { createFirmRepository } from './firms';
import { createLoginAttemptRepository } from './login-attempts';
import { createSessionRepository } from './sessions';
import { createTotpRepository } from './totp';
import { createUserRepository } from './users';

export * from './firms';
export * from './login-attempts';
export * from './sessions';
export * from './totp';
export * from './users';

/** Every repository bound to one client. */
export function createRepositories(prisma: PrismaClient) {
  return {
    firms: createFirmRepository(prisma),
    users: createUserRepository(prisma),
    sessions: createSessionRepository(prisma),
    loginAttempts: createLoginAttemptRepository(prisma),
    totp: createTotpRepository(prisma),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
