// Everything a request handler may use, built once per process from the configuration.
import Redis from 'ioredis';
import { Config, Logger, loadOrCreateSecret } from '@auditsvc/runtime';
import { Database, Repositories, createRepositories, openDatabase } from '@auditsvc/db';
import {
  AuthService,
  CommentService,
  EngagementService,
  FindingReviewService,
  FindingSearchService,
  FirmService,
  MfaService,
  PasswordHasher,
  RecoveryService,
  TemplateService,
  UserService,
  createAuthService,
  createCommentService,
  createEngagementService,
  createFindingReviewService,
  createFindingSearchService,
  createFirmService,
  createMfaService,
  createPasswordHasher,
  createRecoveryService,
  createSecretBox,
  createTemplateService,
  createUserService,
} from '@auditsvc/services';

export interface AppServices {
  config: Config;
  logger: Logger;
  db: Database;
  repos: Repositories;
  redis: Redis;
  passwords: PasswordHasher;
  auth: AuthService;
  mfa: MfaService;
  recovery: RecoveryService;
  users: UserService;
  firms: FirmService;
  engagements: EngagementService;
  findings: FindingReviewService;
  findingSearch: FindingSearchService;
  comments: CommentService;
  templates: TemplateService;
  close(): Promise<void>;
}

export async function createAppServices(config: Config, logger: Logger): Promise<AppServices> {
  const db = await openDatabase(config.databaseUrl);
  const repos = createRepositories(db.prisma, db.provider);
  // Commands fail at once while Redis is down (readyz answers 503) instead of queueing forever.
  // A short disconnectTimeout: ioredis otherwise keeps a dead socket's 2 s close timer alive.
  const redis = new Redis(config.redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    lazyConnect: true,
    disconnectTimeout: 200,
  });
  let redisErrorLogged = false;
  redis.on('error', (error: Error) => {
    if (!redisErrorLogged) logger.warn('redis_unavailable', { error: error.message });
    redisErrorLogged = true;
  });
  redis.on('ready', () => {
    redisErrorLogged = false;
  });
  redis.connect().catch(() => undefined);
  const passwords = createPasswordHasher(config.bcryptCost);
  const now = () => new Date();
  const box = createSecretBox(
    config.dataEncryptionKey ?? loadOrCreateSecret(config.dataDir, 'data-encryption.key'),
  );
  const mfa = createMfaService({ repos, box, now });
  const engagements = createEngagementService({ repos, now });
  return {
    config,
    logger,
    db,
    repos,
    redis,
    passwords,
    auth: createAuthService({ repos, passwords, mfa, adminToken: config.adminToken, now }),
    mfa,
    recovery: createRecoveryService({ repos, passwords, logger }),
    users: createUserService({ repos, passwords }),
    firms: createFirmService({ repos }),
    engagements,
    findings: createFindingReviewService({ repos, engagements }),
    findingSearch: createFindingSearchService({ repos }),
    comments: createCommentService({ repos, engagements }),
    templates: createTemplateService({ repos, engagements }),
    async close() {
      if (redis.status === 'ready') await redis.quit().catch(() => undefined);
      redis.disconnect();
      await db.close();
    },
  };
}
