import type { PrismaClient, Tx } from '../client';
import type { DatabaseProvider } from '../provider';
import { createCommentRepository } from './comments';
import { createEngagementRepository } from './engagements';
import { createFindingSearchRepository } from './finding-search';
import { createFindingRepository } from './findings';
import { createFirmRepository } from './firms';
import { createLoginAttemptRepository } from './login-attempts';
import { createSessionRepository } from './sessions';
import { createTemplateRepository } from './templates';
import { createTotpRepository } from './totp';
import { createUserRepository } from './users';

export * from './comments';
export * from './engagements';
export * from './finding-search';
export * from './findings';
export * from './firms';
export * from './login-attempts';
export * from './sessions';
export * from './templates';
export * from './totp';
export * from './users';

/** The repositories a transaction can use, bound to its transaction client. */
export function createTransactionalRepositories(tx: PrismaClient | Tx) {
  return {
    engagements: createEngagementRepository(tx),
    findings: createFindingRepository(tx),
    comments: createCommentRepository(tx),
  };
}

export type TransactionalRepositories = ReturnType<typeof createTransactionalRepositories>;

/** Every repository bound to one client, and `transaction` to run work atomically. */
export function createRepositories(prisma: PrismaClient, provider: DatabaseProvider) {
  return {
    ...createTransactionalRepositories(prisma),
    templates: createTemplateRepository(prisma),
    findingSearch: createFindingSearchRepository(prisma, provider),
    transaction<T>(work: (repos: TransactionalRepositories) => Promise<T>): Promise<T> {
      return prisma.$transaction((tx) => work(createTransactionalRepositories(tx)), { timeout: 30_000 });
    },
    firms: createFirmRepository(prisma),
    users: createUserRepository(prisma),
    sessions: createSessionRepository(prisma),
    loginAttempts: createLoginAttemptRepository(prisma),
    totp: createTotpRepository(prisma),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
