// The one place that reads process.env. Every variable of DECISIONS section 1 is parsed and
// validated here at boot, and every problem is reported at once.
import os from 'node:os';
import path from 'node:path';
import { StorageUrlError, parseStorageUrl } from '@auditsvc/storage';

export type ModelProvider = 'local' | 'openai' | 'anthropic';

/**
 * The job queues (packages/jobs declares their payloads and retries). Named here because each has
 * a concurrency variable, WORKER_CONCURRENCY_<QUEUE> (the name in capitals, - as _).
 */
export const QUEUE_NAMES = ['ingest', 'run', 'investigate-further', 'portfolio-recompute'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** How many finished jobs of one outcome each queue keeps in Redis, and for how long at most. */
export interface JobKeep {
  count: number;
  ageSeconds: number;
}
export type ResponseValidation = 'strict' | 'warn' | 'off';

export interface ModelPrice {
  input_cents_per_1k: number;
  output_cents_per_1k: number;
}

export interface Config {
  port: number;
  host: string;
  /** null: the admin token is disabled. */
  adminToken: string | null;
  databaseUrl: string;
  redisUrl: string;
  queuePrefix: string;
  dataDir: string;
  /**
   * Where uploads, corpus files and audit-log shards are kept (STORAGE_URL, s3://...); null: the
   * filesystem under DATA_DIR.
   */
  storageUrl: string | null;
  publicBaseUrl: string;
  /** null: generated once into DATA_DIR on first use. */
  signingSecret: string | null;
  /** Key material for secrets encrypted at rest (TOTP secrets); null: generated into DATA_DIR. */
  dataEncryptionKey: string | null;
  modelProvider: ModelProvider;
  openaiBaseUrl: string | null;
  openaiApiKey: string | null;
  anthropicApiKey: string | null;
  /** Messages API base (ANTHROPIC_BASE_URL); null: https://api.anthropic.com. */
  anthropicBaseUrl: string | null;
  /** Model per tier for the selected provider (MODEL_TIER_*); unset tiers use its defaults. */
  modelTiers: { small?: string; mid?: string; strong?: string };
  /** Timeout of one model provider request (MODEL_TIMEOUT_MS). */
  modelTimeoutMs: number;
  modelPricing: Record<string, ModelPrice> | null;
  logLevel: string;
  /** How response bodies are checked against their JSON Schemas: strict answers 500 on a mismatch. */
  responseValidation: ResponseValidation;
  /** bcrypt cost factor; never below 12. */
  bcryptCost: number;
  /**
   * How long a worker holds a job without renewing its lock. A worker that dies (kill -9) loses
   * its jobs to another worker (or its own restart) after this long.
   */
  jobLockMs: number;
  /** Time limit for parsing one corpus file (a parser that hangs fails that file). */
  parseTimeoutMs: number;
  /**
   * How long a stopping process (SIGTERM) lets its work finish: the API its requests in flight,
   * the worker its jobs. What is still running then is cut (API) or handed back to the queue.
   */
  shutdownGraceMs: number;
  /**
   * How long an API process trusts a session it resolved without reading it again
   * (SESSION_CACHE_MS; 0: every request reads it). Revocations end cached sessions on every
   * process at once through Redis, so this bounds only what a lost signal could miss.
   */
  sessionCacheMs: number;
  /**
   * Memory an API process may hold for serialised responses (RESPONSE_CACHE_MB; 0: none): findings
   * pages, served only while their engagement's findings version is unchanged, and engagement
   * objects and lists, served only while a fresh read of their rows is equal to the one they were
   * made from.
   */
  responseCacheBytes: number;
  /** A bearer token that may read GET /metrics besides the admin (METRICS_TOKEN); null: none. */
  metricsToken: string | null;
  /** Port of the worker's own metrics endpoint (WORKER_METRICS_PORT, on HOST); null: none. */
  workerMetricsPort: number | null;
  /** Completed and failed jobs are trimmed from Redis past these (JOBS_KEEP_*). */
  jobRetention: { completed: JobKeep; failed: JobKeep };
  /** Jobs of each queue one worker process runs at once (WORKER_CONCURRENCY_<QUEUE>). */
  workerConcurrency: Record<QueueName, number>;
}

/**
 * Default concurrency per worker process for a host with `cores` CPUs (2 cores: 1, 2, 2, 2; 8 cores:
 * 2, 4, 4, 2). A worker parses one file at a time (in its parse child) and runs the local analyst on
 * one core, so ingests gain little from more; runs mostly wait on the database and on remote
 * models. Beyond this, more worker processes use more cores.
 */
export function defaultWorkerConcurrency(cores: number): Record<QueueName, number> {
  return {
    ingest: Math.max(1, Math.floor(cores / 4)),
    run: Math.max(2, Math.floor(cores / 2)),
    'investigate-further': Math.max(2, Math.floor(cores / 2)),
    'portfolio-recompute': 2,
  };
}

/** The variable that sets a queue's concurrency. */
export function concurrencyVariable(queue: QueueName): string {
  return `WORKER_CONCURRENCY_${queue.toUpperCase().replace(/-/g, '_')}`;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** `cores`: the host's CPUs, which set the default worker concurrency. */
export function loadConfig(env: Env = process.env, cores = os.availableParallelism()): Config {
  const problems: string[] = [];
  const text = (name: string): string | null => {
    const value = env[name];
    return value === undefined || value.trim() === '' ? null : value.trim();
  };
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = text(name);
    if (raw === null) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const oneOf = <T extends string>(name: string, fallback: T, allowed: readonly T[]): T => {
    const raw = text(name);
    if (raw === null) return fallback;
    if (!(allowed as readonly string[]).includes(raw)) {
      problems.push(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
      return fallback;
    }
    return raw as T;
  };

  const port = integer('PORT', 8080, 0, 65535);
  const host = text('HOST') ?? '127.0.0.1';
  const dataDir = path.resolve(text('DATA_DIR') ?? './data');
  const databaseUrl = text('DATABASE_URL') ?? `file:${path.join(dataDir, 'auditsvc.db')}`;
  if (!databaseUrl.startsWith('file:') && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must start with file: (SQLite) or postgresql:// (PostgreSQL)');
  }
  const storageUrl = text('STORAGE_URL');
  if (storageUrl !== null) {
    try {
      parseStorageUrl(storageUrl);
    } catch (error) {
      if (!(error instanceof StorageUrlError)) throw error;
      problems.push(error.message);
    }
  }
  const redisUrl = text('REDIS_URL') ?? 'redis://127.0.0.1:6379';
  if (!/^rediss?:\/\//.test(redisUrl)) problems.push('REDIS_URL must start with redis:// or rediss://');
  const queuePrefix = text('QUEUE_PREFIX') ?? 'auditsvc';
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(queuePrefix)) {
    problems.push('QUEUE_PREFIX may hold only letters, digits, _ . - (1 to 64 characters)');
  }
  const publicBaseUrl = (text('PUBLIC_BASE_URL') ?? `http://${host}:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\//.test(publicBaseUrl)) problems.push('PUBLIC_BASE_URL must be an http(s) URL');

  const anthropicBaseUrl = text('ANTHROPIC_BASE_URL')?.replace(/\/+$/, '') ?? null;
  if (anthropicBaseUrl !== null && !/^https?:\/\//.test(anthropicBaseUrl)) {
    problems.push('ANTHROPIC_BASE_URL must be an http(s) URL');
  }
  const modelTiers: Config['modelTiers'] = {};
  for (const [tier, name] of [
    ['small', 'MODEL_TIER_SMALL'],
    ['mid', 'MODEL_TIER_MID'],
    ['strong', 'MODEL_TIER_STRONG'],
  ] as const) {
    const model = text(name);
    if (model !== null) modelTiers[tier] = model;
  }

  const concurrencyDefaults = defaultWorkerConcurrency(cores);
  const workerConcurrency = Object.fromEntries(
    QUEUE_NAMES.map((queue) => [
      queue,
      integer(concurrencyVariable(queue), concurrencyDefaults[queue], 1, 256),
    ]),
  ) as Record<QueueName, number>;
  // A misspelt queue (WORKER_CONCURRENCY_RUNS) would otherwise leave its queue at the default unseen.
  const concurrencyVariables = new Set(QUEUE_NAMES.map(concurrencyVariable));
  const misspelt = Object.keys(env).filter(
    (key) => key.startsWith('WORKER_CONCURRENCY_') && !concurrencyVariables.has(key),
  );
  for (const name of misspelt.sort())
    problems.push(`${name} names no queue (use one of ${[...concurrencyVariables].join(', ')})`);

  let modelPricing: Record<string, ModelPrice> | null = null;
  const pricingRaw = text('MODEL_PRICING');
  if (pricingRaw !== null) {
    modelPricing = parseModelPricing(pricingRaw, problems);
  }

  const config: Config = {
    port,
    host,
    adminToken: text('ADMIN_TOKEN'),
    databaseUrl,
    redisUrl,
    queuePrefix,
    dataDir,
    storageUrl,
    publicBaseUrl,
    signingSecret: text('SIGNING_SECRET'),
    dataEncryptionKey: text('DATA_ENCRYPTION_KEY'),
    modelProvider: oneOf('MODEL_PROVIDER', 'local', ['local', 'openai', 'anthropic'] as const),
    openaiBaseUrl: text('OPENAI_BASE_URL'),
    openaiApiKey: text('OPENAI_API_KEY'),
    anthropicApiKey: text('ANTHROPIC_API_KEY'),
    anthropicBaseUrl,
    modelTiers,
    modelTimeoutMs: integer('MODEL_TIMEOUT_MS', 60_000, 1_000, 600_000),
    modelPricing,
    logLevel: oneOf('LOG_LEVEL', 'info', ['error', 'warn', 'info', 'debug'] as const),
    responseValidation: oneOf('RESPONSE_VALIDATION', 'warn', ['strict', 'warn', 'off'] as const),
    bcryptCost: integer('BCRYPT_COST', 12, 12, 15),
    jobLockMs: integer('JOB_LOCK_MS', 30_000, 1000, 600_000),
    parseTimeoutMs: integer('PARSE_TIMEOUT_MS', 60_000, 100, 3_600_000),
    shutdownGraceMs: integer('SHUTDOWN_GRACE_MS', 20_000, 1_000, 600_000),
    sessionCacheMs: integer('SESSION_CACHE_MS', 5_000, 0, 600_000),
    responseCacheBytes: integer('RESPONSE_CACHE_MB', 32, 0, 4096) * 1024 * 1024,
    metricsToken: text('METRICS_TOKEN'),
    workerMetricsPort:
      text('WORKER_METRICS_PORT') === null ? null : integer('WORKER_METRICS_PORT', 0, 0, 65535),
    jobRetention: {
      completed: {
        count: integer('JOBS_KEEP_COMPLETED', 1000, 1, 1_000_000),
        ageSeconds: integer('JOBS_KEEP_COMPLETED_HOURS', 24, 1, 8760) * 3600,
      },
      failed: {
        count: integer('JOBS_KEEP_FAILED', 5000, 1, 1_000_000),
        ageSeconds: integer('JOBS_KEEP_FAILED_HOURS', 168, 1, 8760) * 3600,
      },
    },
    workerConcurrency,
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

function parseModelPricing(raw: string, problems: string[]): Record<string, ModelPrice> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    problems.push(
      'MODEL_PRICING must be JSON: {"model": {"input_cents_per_1k": n, "output_cents_per_1k": n}}',
    );
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    problems.push('MODEL_PRICING must be a JSON object keyed by model name');
    return null;
  }
  const prices: Record<string, ModelPrice> = {};
  for (const [model, price] of Object.entries(parsed as Record<string, unknown>)) {
    const p = price as Partial<ModelPrice> | null;
    const valid =
      p !== null &&
      typeof p === 'object' &&
      typeof p.input_cents_per_1k === 'number' &&
      typeof p.output_cents_per_1k === 'number' &&
      p.input_cents_per_1k >= 0 &&
      p.output_cents_per_1k >= 0;
    if (!valid) {
      problems.push(
        `MODEL_PRICING["${model}"] needs non-negative input_cents_per_1k and output_cents_per_1k`,
      );
      continue;
    }
    prices[model] = {
      input_cents_per_1k: p.input_cents_per_1k!,
      output_cents_per_1k: p.output_cents_per_1k!,
    };
  }
  return prices;
}
