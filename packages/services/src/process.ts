// What every process (API or worker) holds whatever else it builds: its configuration and logger,
// the database and its repositories, a Redis connection and the object store.
import type Redis from 'ioredis';
import { Database, Repositories, createRepositories, openDatabase } from '@auditsvc/db';
import type { Config, Logger } from '@auditsvc/runtime';
import { ObjectStore, createObjectStore } from '@auditsvc/storage';

export interface ProcessServices {
  config: Config;
  logger: Logger;
  db: Database;
  repos: Repositories;
  redis: Redis;
  /** Uploads, corpus files, the originals an ingest reads and audit logs: DATA_DIR, or the bucket of STORAGE_URL. */
  storage: ObjectStore;
}

/** The process's configuration and logger with the database, its repositories and the object store. */
export async function openStores(config: Config, logger: Logger): Promise<Omit<ProcessServices, 'redis'>> {
  const db = await openDatabase(config.databaseUrl);
  return { config, logger, db, repos: createRepositories(db), storage: createObjectStore(config) };
}
