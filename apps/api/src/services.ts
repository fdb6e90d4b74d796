// Everything a request handler may use, built once per process from the configuration.
import Redis from 'ioredis';
import { Config, Logger, loadOrCreateSecret } from '@auditsvc/runtime';
import {
  JobProducer,
  ProgressSubscriber,
  createIngestStageStore,
  createJobProducer,
  createProgressSubscriber,
} from '@auditsvc/jobs';
import {
  AuditLogService,
  createEngagementGateway,
  AuthService,
  CommentService,
  CorpusService,
  DeliverableService,
  DocumentQueryService,
  EngagementService,
  FindingReviewService,
  FindingSearchService,
  IntakeExtractionService,
  PortfolioService,
  RunService,
  QueuedPortfolioRecompute,
  FirmService,
  MfaService,
  PasswordHasher,
  ProcessServices,
  RecoveryService,
  StreamStateService,
  TemplateService,
  UserService,
  createAuditLogService,
  createAuthService,
  createUrlSigner,
  createCommentService,
  createCorpusService,
  createDeliverableService,
  createDocumentQueryService,
  createEngagementService,
  createFindingReviewService,
  createFindingSearchService,
  createIntakeExtractionService,
  createPortfolioService,
  createExecutiveSummaryWriter,
  createRunService,
  createQueuedPortfolioRecompute,
  createStandaloneGatewayFactory,
  createFirmService,
  createMfaService,
  createPasswordHasher,
  createRecoveryService,
  createSecretBox,
  createStreamStateService,
  createTemplateService,
  createUserService,
  createSessionCache,
  openStores,
  runJobId,
} from '@auditsvc/services';
import { VersionedJsonCache, createVersionedJsonCache } from './http/versioned-json-cache';
import { ApiMetrics, createApiMetrics } from './metrics';
import { SessionRevocationChannel, createSessionRevocationChannel } from './session-revocation-channel';

/** How long POST deliver waits for the polished deliverable before it answers. */
const POLISH_WAIT_MS = 20_000;

export interface AppServices extends ProcessServices {
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
  intakeExtraction: IntakeExtractionService;
  portfolio: PortfolioService;
  runs: RunService;
  /** Portfolio recompute through the worker (the `portfolio-recompute` queue). */
  portfolioRecompute: QueuedPortfolioRecompute;
  auditLog: AuditLogService;
  deliverables: DeliverableService;
  corpus: CorpusService;
  documentQuery: DocumentQueryService;
  jobs: JobProducer;
  progressSubscriber: ProgressSubscriber;
  streamState: StreamStateService;
  /** Revocations of sessions, heard from every API process (open streams watch it). */
  sessionRevocations: SessionRevocationChannel;
  /**
   * Responses serialised once, served while what they were made from holds: findings pages (the
   * engagement's findings version), engagement objects and lists (their rows).
   */
  responses: VersionedJsonCache;
  /** This process's metrics registry (GET /metrics). */
  metrics: ApiMetrics;
  close(): Promise<void>;
}

export async function createAppServices(config: Config, logger: Logger): Promise<AppServices> {
  const stores = await openStores(config, logger);
  const { db, repos, storage } = stores;
  // A shared bucket means several hosts; keys generated into each DATA_DIR then differ between
  // API processes (a signed URL of one refused by another, TOTP secrets sealed by one unreadable).
  const generatedSecrets = [
    ...(config.signingSecret === null ? ['SIGNING_SECRET'] : []),
    ...(config.dataEncryptionKey === null ? ['DATA_ENCRYPTION_KEY'] : []),
  ];
  if (config.storageUrl !== null && generatedSecrets.length > 0) {
    logger.warn('secrets_generated_per_host', {
      variables: generatedSecrets,
      detail: 'set them, the same on every API process, when more than one API serves this bucket',
    });
  }
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
  // BullMQ queues and the pub/sub subscriber each hold their own connection.
  const queueConnection = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, disconnectTimeout: 200 });
  queueConnection.on('error', () => undefined);
  // Subscriptions end when this connection drops (streams are told); it must not renew them itself.
  const subscriberConnection = new Redis(config.redisUrl, { disconnectTimeout: 200, autoResubscribe: false });
  subscriberConnection.on('error', () => undefined);
  const jobs = createJobProducer(queueConnection, config);
  const metrics = createApiMetrics({ jobs, redis, queuePrefix: config.queuePrefix });
  const progressSubscriber = createProgressSubscriber(subscriberConnection, config.queuePrefix);
  const passwords = createPasswordHasher(config.bcryptCost);
  const sessionCache = createSessionCache(config.sessionCacheMs);
  const sessionRevocations = createSessionRevocationChannel({
    redisUrl: config.redisUrl,
    queuePrefix: config.queuePrefix,
    publisher: redis,
    cache: sessionCache,
    logger,
  });
  const revoker = sessionRevocations;
  const now = () => new Date();
  const box = createSecretBox(
    config.dataEncryptionKey ?? loadOrCreateSecret(config.dataDir, 'data-encryption.key'),
  );
  const mfa = createMfaService({ repos, box, now });
  // Model calls outside any engagement budget: intake extraction and portfolio clustering.
  const modelGateways = createStandaloneGatewayFactory(config, logger, metrics.observeModelCall);
  // The polished executive summary spends the engagement's budget; the local writer is the fallback.
  const deliverables = createDeliverableService({
    repos,
    now,
    logger,
    writeExecutiveSummary: createExecutiveSummaryWriter({
      gatewayFor: (engagementId) =>
        createEngagementGateway({
          config,
          repos,
          storage,
          engagementId,
          logger,
          observe: metrics.observeModelCall,
        }),
      logger,
    }),
  });
  const engagements = createEngagementService({
    repos,
    now,
    // The delivery stands even if polishing fails: the deliverable is then regenerated on the fly.
    // The answer waits for the polished copy at most POLISH_WAIT_MS (a remote model may be slow);
    // after that the copy is stored when it is ready.
    onDelivered: async (engagementId) => {
      const polishing = deliverables.storePolished(engagementId).then(
        () => undefined,
        (error: Error) => {
          logger.error('deliverable_polish_failed', { engagement_id: engagementId, error: error.message });
        },
      );
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, POLISH_WAIT_MS);
      });
      await Promise.race([polishing, waited]);
      clearTimeout(timer);
    },
  });
  const portfolio = createPortfolioService({ repos, gateways: modelGateways, now, logger });
  const corpus = createCorpusService({
    repos,
    engagements,
    storage,
    enqueueIngest: (engagementId) =>
      jobs.enqueue('ingest', { engagementId }, `ingest-${engagementId}-${Date.now()}`),
  });
  return {
    ...stores,
    redis,
    passwords,
    auth: createAuthService({
      repos,
      passwords,
      mfa,
      adminToken: config.adminToken,
      now,
      sessionCache,
      revoker,
    }),
    mfa,
    recovery: createRecoveryService({ repos, passwords, logger, revoker }),
    users: createUserService({ repos, passwords, revoker }),
    firms: createFirmService({ repos }),
    engagements,
    findings: createFindingReviewService({ repos, engagements }),
    findingSearch: createFindingSearchService({ repos }),
    comments: createCommentService({ repos, engagements }),
    templates: createTemplateService({ repos, engagements }),
    intakeExtraction: createIntakeExtractionService({ repos, gateways: modelGateways, logger }),
    portfolio,
    portfolioRecompute: createQueuedPortfolioRecompute({
      enqueueAndWait: (payload, jobId, timeoutMs) =>
        jobs.enqueueAndWait('portfolio-recompute', payload, jobId, timeoutMs),
      workersListening: () => jobs.workersListening('portfolio-recompute'),
      computeHere: (caller, query) => portfolio.recompute(caller, query),
      now,
    }),
    runs: createRunService({
      repos,
      logger,
      engagements,
      now,
      enqueueRun: (payload) => jobs.enqueue('run', payload, runJobId({ id: payload.runId, kind: 'run' })),
      enqueueInvestigation: (payload) =>
        jobs.enqueue(
          'investigate-further',
          payload,
          runJobId({ id: payload.runId, kind: 'investigate_further' }),
        ),
    }),
    auditLog: createAuditLogService({
      repos,
      storage,
      publicBaseUrl: config.publicBaseUrl,
      signer: createUrlSigner(config.signingSecret ?? loadOrCreateSecret(config.dataDir, 'signing.key')),
      now,
    }),
    deliverables,
    corpus,
    documentQuery: createDocumentQueryService({ repos, engagements }),
    jobs,
    progressSubscriber,
    streamState: createStreamStateService({
      repos,
      engagements,
      ingestStages: createIngestStageStore(redis, config.queuePrefix),
    }),
    sessionRevocations,
    responses: createVersionedJsonCache(config.responseCacheBytes),
    metrics,
    async close() {
      await sessionRevocations.close();
      await jobs.close().catch(() => undefined);
      await progressSubscriber.close();
      queueConnection.disconnect();
      if (redis.status === 'ready') await redis.quit().catch(() => undefined);
      redis.disconnect();
      await db.close();
    },
  };
}
