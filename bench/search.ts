// npm run bench:search: seeds findings into SQLite (and PostgreSQL with BENCH_PG=1), then prints
// p50/p95/p99 latency of GET /auditsvc/findings/search through the whole HTTP stack for rare,
// common and short queries, beside the same SQL run directly against the index.
//
//   BENCH_FINDINGS (default 1000000), BENCH_ENGAGEMENTS (2000), BENCH_FIRMS (20),
//   BENCH_REQUESTS per query kind (default 40), BENCH_PG=1, BENCH_KEEP_DIR=1 keeps the data.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import BetterSqlite3 from 'better-sqlite3';
import { Client } from 'pg';
import { applyMigrations, createRepositories, openDatabase } from '@auditsvc/db';
import { createLogger, loadConfig } from '@auditsvc/runtime';
import { buildApp } from '../apps/api/src/app';
import { createAppServices } from '../apps/api/src/services';
import { RARE_MARKER, prng, syntheticFinding } from './search-corpus';

const FINDINGS = Number(process.env.BENCH_FINDINGS ?? 1_000_000);
const ENGAGEMENTS = Number(process.env.BENCH_ENGAGEMENTS ?? 2000);
const FIRMS = Number(process.env.BENCH_FIRMS ?? 20);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const SEVERITY_RANK = { critical: 4, high: 3, medium: 2, low: 1 } as const;

const QUERIES = [
  { kind: 'rare', q: RARE_MARKER },
  { kind: 'common', q: 'policy' },
  { kind: 'short', q: 'zq' },
] as const;

interface Row {
  id: string;
  engagementId: string;
  firmId: string;
  values: ReturnType<typeof syntheticFinding>;
}

function* rows(): Generator<Row> {
  const random = prng(42);
  for (let i = 0; i < FINDINGS; i += 1) {
    const engagement = i % ENGAGEMENTS;
    yield {
      id: `f-${i.toString(16).padStart(16, '0')}`,
      engagementId: `eng-${engagement.toString(16).padStart(16, '0')}`,
      firmId: `firm-${(engagement % FIRMS).toString(16).padStart(16, '0')}`,
      values: syntheticFinding(i, random),
    };
  }
}

function progress(label: string, done: number, started: number) {
  const seconds = (Date.now() - started) / 1000;
  process.stdout.write(
    `\r  ${label}: ${done.toLocaleString()} / ${FINDINGS.toLocaleString()} (${Math.round(done / seconds)}/s)   `,
  );
}

const NOW = new Date('2026-01-01T00:00:00Z');

function seedSqlite(file: string): void {
  const db = new BetterSqlite3(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const insertFirm = db.prepare(
    'INSERT INTO firms (id, display_name, created_at, updated_at) VALUES (?, ?, ?, ?)',
  );
  const insertEngagement = db.prepare(
    `INSERT INTO engagements (id, firm_id, client_name, archetype, status, budget_cents, cost_by_stage, cost_by_model, created_at, updated_at, cost_updated_at)
     VALUES (?, ?, ?, 'remediation_pipeline', 'findings_review', 2000, '{}', '{}', ?, ?, ?)`,
  );
  const insertFinding = db.prepare(
    `INSERT INTO findings (id, engagement_id, firm_id, status, severity, severity_rank, title, description, root_cause, remediation_scope,
       remediation_effort_hours, auditor_notes, primitive, is_canonical, merged_finding_ids, corroboration_score, filter_status, confidence,
       evidence, frameworks, iteration, reviewer_touched, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, 'Synthetic finding', ?, ?, 'Align the documents.', 4, ?, ?, ?, '[]', 0.5, 'likely', ?, '[]', '[]', 1, 0, ?, ?)`,
  );
  const ts = NOW.toISOString();
  db.transaction(() => {
    for (let f = 0; f < FIRMS; f += 1)
      insertFirm.run(`firm-${f.toString(16).padStart(16, '0')}`, `Firm ${f}`, ts, ts);
    for (let e = 0; e < ENGAGEMENTS; e += 1) {
      insertEngagement.run(
        `eng-${e.toString(16).padStart(16, '0')}`,
        `firm-${(e % FIRMS).toString(16).padStart(16, '0')}`,
        `Client ${e}`,
        ts,
        ts,
        ts,
      );
    }
  })();
  const started = Date.now();
  let batch: Row[] = [];
  let done = 0;
  const flush = db.transaction((items: Row[]) => {
    for (const row of items) {
      const v = row.values;
      insertFinding.run(
        row.id,
        row.engagementId,
        row.firmId,
        v.status,
        v.severity,
        SEVERITY_RANK[v.severity],
        v.description,
        v.rootCause,
        v.auditorNotes,
        v.primitive,
        v.isCanonical ? 1 : 0,
        v.confidence,
        ts,
        ts,
      );
    }
  });
  for (const row of rows()) {
    batch.push(row);
    if (batch.length === 5000) {
      flush(batch);
      done += batch.length;
      batch = [];
      progress('sqlite', done, started);
    }
  }
  flush(batch);
  done += batch.length;
  progress('sqlite', done, started);
  process.stdout.write('\n');
  db.pragma('optimize');
  db.close();
}

async function seedPostgres(url: string): Promise<void> {
  const client = new Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await seedPostgresWith(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function seedPostgresWith(client: Client): Promise<void> {
  const ts = NOW.toISOString();
  for (let f = 0; f < FIRMS; f += 1) {
    await client.query(
      'INSERT INTO firms (id, display_name, created_at, updated_at) VALUES ($1, $2, $3, $3)',
      [`firm-${f.toString(16).padStart(16, '0')}`, `Firm ${f}`, ts],
    );
  }
  for (let e = 0; e < ENGAGEMENTS; e += 1) {
    await client.query(
      `INSERT INTO engagements (id, firm_id, client_name, archetype, status, budget_cents, cost_by_stage, cost_by_model, created_at, updated_at, cost_updated_at)
       VALUES ($1, $2, $3, 'remediation_pipeline', 'findings_review', 2000, '{}', '{}', $4, $4, $4)`,
      [
        `eng-${e.toString(16).padStart(16, '0')}`,
        `firm-${(e % FIRMS).toString(16).padStart(16, '0')}`,
        `Client ${e}`,
        ts,
      ],
    );
  }
  const started = Date.now();
  let batch: Row[] = [];
  let done = 0;
  const flush = async (items: Row[]) => {
    if (items.length === 0) return;
    const params: unknown[] = [];
    const tuples = items.map((row) => {
      const v = row.values;
      const base = params.length;
      params.push(
        row.id,
        row.engagementId,
        row.firmId,
        v.status,
        v.severity,
        SEVERITY_RANK[v.severity],
        v.description,
        v.rootCause,
        v.auditorNotes,
        v.primitive,
        v.isCanonical,
        v.confidence,
      );
      const types = [
        'text',
        'text',
        'text',
        'text',
        'text',
        'int',
        'text',
        'text',
        'text',
        'text',
        'boolean',
        'float8',
      ];
      return `(${types.map((type, k) => `$${base + k + 1}::${type}`).join(',')})`;
    });
    await client.query(
      `INSERT INTO findings (id, engagement_id, firm_id, status, severity, severity_rank, description, root_cause, auditor_notes, primitive, is_canonical, confidence,
         title, remediation_scope, remediation_effort_hours, merged_finding_ids, corroboration_score, filter_status, evidence, frameworks, iteration, reviewer_touched, created_at, updated_at)
       SELECT v.*, 'Synthetic finding', 'Align the documents.', 4, '[]'::jsonb, 0.5, 'likely', '[]'::jsonb, '[]'::jsonb, 1, false, now(), now()
       FROM (VALUES ${tuples.join(',')}) AS v(id, engagement_id, firm_id, status, severity, severity_rank, description, root_cause, auditor_notes, primitive, is_canonical, confidence)`,
      params,
    );
  };
  for (const row of rows()) {
    batch.push(row);
    if (batch.length === 1000) {
      await flush(batch);
      done += batch.length;
      batch = [];
      progress('postgresql', done, started);
    }
  }
  await flush(batch);
  done += batch.length;
  progress('postgresql', done, started);
  process.stdout.write('\n');
  await client.query('ANALYZE findings');
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function summary(values: number[]): string {
  return `p50 ${percentile(values, 50).toFixed(1)} ms  p95 ${percentile(values, 95).toFixed(1)} ms  p99 ${percentile(values, 99).toFixed(1)} ms`;
}

async function measure(databaseUrl: string, dataDir: string): Promise<void> {
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    ADMIN_TOKEN: 'bench-admin-token',
    QUEUE_PREFIX: `bench-${process.pid}`,
    LOG_LEVEL: 'error',
  });
  const services = await createAppServices(config, createLogger({ level: 'error', service: 'bench' }));
  const server = buildApp(services).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const port = (server.address() as AddressInfo).port;
  // "Raw": the same SQL statements the endpoint runs (the index query, then loading the page's
  // findings and client names), straight through the repositories, without HTTP, auth or JSON.
  const raw = await openDatabase(databaseUrl);
  const repos = createRepositories(raw);
  const rawSearch = async (q: string, offset: number) => {
    const { ids } = await repos.findingSearch.search(
      { q, firmId: null, primitive: null, severity: null, status: null, canonicalOnly: true },
      { limit: 100, offset },
    );
    const findings = await repos.findings.findByIds(ids);
    await repos.engagements.namesByIds([...new Set(findings.map((finding) => finding.engagementId))]);
  };
  console.log(
    `  ${'query'.padEnd(8)} ${'matches'.padStart(9)}  through HTTP                                   raw SQL (same queries)`,
  );
  for (const { kind, q } of QUERIES) {
    const http: number[] = [];
    const direct: number[] = [];
    let total = 0;
    let relation = 'eq';
    for (let i = 0; i < REQUESTS + 3; i += 1) {
      const offset = (i % 5) * 100;
      let started = performance.now();
      const res = await fetch(
        `http://127.0.0.1:${port}/auditsvc/findings/search?q=${encodeURIComponent(q)}&offset=${offset}`,
        {
          headers: { 'x-admin-token': 'bench-admin-token' },
          signal: AbortSignal.timeout(60_000),
        },
      );
      const body = (await res.json()) as { total: number; total_relation: string };
      if (!res.ok) throw new Error(`search answered ${res.status}: ${JSON.stringify(body)}`);
      const httpMs = performance.now() - started;
      started = performance.now();
      await rawSearch(q, offset);
      const directMs = performance.now() - started;
      total = body.total;
      relation = body.total_relation;
      if (i >= 3) {
        http.push(httpMs);
        direct.push(directMs);
      }
    }
    const ratio = percentile(http, 95) / percentile(direct, 95);
    console.log(
      `  ${kind.padEnd(8)} ${`${relation === 'gte' ? '>=' : ''}${total.toLocaleString()}`.padStart(9)}  ${summary(http)}    ${summary(direct)}   (p95 ratio ${ratio.toFixed(2)}x)`,
    );
  }
  server.close();
  await raw.close();
  await services.close();
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditsvc-bench-search-'));
  console.log(
    `bench:search: ${FINDINGS.toLocaleString()} findings, ${ENGAGEMENTS} engagements, ${FIRMS} firms, ${REQUESTS} requests per query kind`,
  );
  try {
    const sqliteUrl = `file:${path.join(dir, 'bench.db')}`;
    await applyMigrations(sqliteUrl);
    let started = Date.now();
    seedSqlite(path.join(dir, 'bench.db'));
    const size = fs.statSync(path.join(dir, 'bench.db')).size;
    console.log(
      `  seeded SQLite in ${((Date.now() - started) / 1000).toFixed(0)} s, ${(size / 1e9).toFixed(2)} GB`,
    );
    console.log('SQLite (FTS5 trigram)');
    await measure(sqliteUrl, dir);
    if (process.env.BENCH_PG === '1') {
      const admin = process.env.BENCH_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
      const name = `auditsvc_bench_${process.pid}`;
      const client = new Client({ connectionString: admin });
      await client.connect();
      await client.query(`CREATE DATABASE ${name}`);
      await client.end();
      const url = new URL(admin);
      url.pathname = `/${name}`;
      try {
        await applyMigrations(url.toString());
        started = Date.now();
        await seedPostgres(url.toString());
        console.log(`  seeded PostgreSQL in ${((Date.now() - started) / 1000).toFixed(0)} s`);
        console.log('PostgreSQL (pg_trgm GIN)');
        await measure(url.toString(), dir);
      } finally {
        const drop = new Client({ connectionString: admin });
        await drop.connect();
        await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await drop.end();
      }
    }
  } finally {
    if (process.env.BENCH_KEEP_DIR === '1') console.log(`data kept in ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
