// A fresh, migrated database per test file: a temporary SQLite file, or a new PostgreSQL database
// (dropped afterwards), chosen by TEST_DATABASE, which the jest project sets.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { applyMigrations } from '@auditsvc/db';

export interface TestDatabase {
  url: string;
  provider: 'sqlite' | 'postgresql';
  drop(): Promise<void>;
}

/** The PostgreSQL server tests create their databases on (trust auth on loopback by default). */
export function postgresAdminUrl(): string {
  return process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
}

export async function createTestDatabase(
  provider = process.env.TEST_DATABASE ?? 'sqlite',
): Promise<TestDatabase> {
  const suffix = `${process.pid}_${randomBytes(4).toString('hex')}`;
  if (provider === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditsvc-test-'));
    const url = `file:${path.join(dir, 'test.db')}`;
    await applyMigrations(url);
    return { url, provider: 'sqlite', drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `auditsvc_test_${suffix}`;
  const admin = new Client({ connectionString: postgresAdminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const base = new URL(postgresAdminUrl());
  base.pathname = `/${name}`;
  const url = base.toString();
  await applyMigrations(url);
  return {
    url,
    provider: 'postgresql',
    drop: async () => {
      const client = new Client({ connectionString: postgresAdminUrl() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
