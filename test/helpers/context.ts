// Builds the real application in-process against a fresh database and the real Redis, with logs
// captured so tests can read them. Requests go through supertest.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { Express } from 'express';
import supertest from 'supertest';
import { createLogger, loadConfig } from '@auditsvc/runtime';
import { buildApp } from '../../apps/api/src/app';
import { AppServices, createAppServices } from '../../apps/api/src/services';
import { TestDatabase, createTestDatabase } from './database';

export interface TestContext {
  app: Express;
  services: AppServices;
  database: TestDatabase;
  adminToken: string;
  dataDir: string;
  /** Every JSON log line written so far. */
  logs: string[];
  http(): supertest.Agent;
  close(): Promise<void>;
}

export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditsvc-data-'));
  const adminToken = `admin-${randomBytes(16).toString('hex')}`;
  const config = loadConfig({
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    ADMIN_TOKEN: adminToken,
    QUEUE_PREFIX: `test-${randomBytes(6).toString('hex')}`,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    RESPONSE_VALIDATION: 'strict',
    LOG_LEVEL: 'debug',
    ...env,
  });
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  const logger = createLogger({ level: config.logLevel, service: 'api', stream });
  const services = await createAppServices(config, logger);
  const app = buildApp(services);
  return {
    app,
    services,
    database,
    adminToken,
    dataDir,
    logs,
    http: () => supertest.agent(app),
    async close() {
      await services.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
