import type { Database, PrismaClient, Tx } from '../client';
import { createAuditLogRepository } from './audit-log';
import { createChunkSearchRepository } from './chunk-search';
import { createCommentRepository } from './comments';
import { createCorpusRepository } from './corpus';
import { createDeliverableRepository } from './deliverables';
import { createEngagementRepository } from './engagements';
import { createFindingSearchRepository } from './finding-search';
import { createFindingRepository } from './findings';
import { createFirmRepository } from './firms';
import { createLoginAttemptRepository } from './login-attempts';
import { createPortfolioRepository } from './portfolio';
import { createRunRepository } from './runs';
import { createSessionRepository } from './sessions';
import { createSpendRepository } from './spend';
import { createTemplateRepository } from './templates';
import { createTotpRepository } from './totp';
import { createUserRepository } from './users';

export * from './audit-log';
export * from './chunk-search';
export * from './comments';
export * from './corpus';
export * from './deliverables';
export * from './engagements';
export * from './finding-search';
export * from './findings';
export * from './firms';
export * from './login-attempts';
export * from './portfolio';
export * from './runs';
export * from './sessions';
export * from './spend';
export * from './templates';
export * from './totp';
export * from './users';

/** The repositories a transaction can use, bound to its transaction client. */
export function createTransactionalRepositories(tx: PrismaClient | Tx) {
  return {
    engagements: createEngagementRepository(tx),
    findings: createFindingRepository(tx),
    comments: createCommentRepository(tx),
    corpus: createCorpusRepository(tx),
    runs: createRunRepository(tx),
    totp: createTotpRepository(tx),
    spend: createSpendRepository(tx),
    auditLog: createAuditLogRepository(tx),
    portfolio: createPortfolioRepository(tx),
  };
}

export type TransactionalRepositories = ReturnType<typeof createTransactionalRepositories>;

/** Every repository bound to the database's client, and `transaction` to run work atomically. */
export function createRepositories(db: Pick<Database, 'prisma' | 'plain' | 'provider' | 'transaction'>) {
  const { prisma, provider } = db;
  return {
    ...createTransactionalRepositories(prisma),
    engagements: createEngagementRepository(prisma, db.plain),
    findings: createFindingRepository(prisma, db.plain),
    templates: createTemplateRepository(prisma),
    deliverables: createDeliverableRepository(prisma),
    findingSearch: createFindingSearchRepository(prisma, provider),
    chunkSearch: createChunkSearchRepository(prisma, provider),
    transaction<T>(work: (repos: TransactionalRepositories) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(createTransactionalRepositories(tx)));
    },
    firms: createFirmRepository(prisma),
    users: createUserRepository(prisma),
    sessions: createSessionRepository(prisma),
    loginAttempts: createLoginAttemptRepository(prisma),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
