// The engagement ledger and the audit-log writer on real databases (SQLite and PostgreSQL): parallel
// calls from two "processes" (two database handles, two gateways) on one engagement never spend
// past the budget, cost by stage and model add up, and parallel writers fill 1,000-event shards.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Database, Repositories, createRepositories, openDatabase } from '@auditsvc/db';
import { loadConfig } from '@auditsvc/runtime';
import { createFilesystemStore, createObjectStore } from '@auditsvc/storage';
import { TestDatabase, createTestDatabase } from '../../../test/helpers/database';
import {
  AuditEvent,
  BudgetExhaustedError,
  ModelTask,
  createLocalProvider,
  createModelGateway,
  createPriceTable,
} from '@auditsvc/engine';
import { createAuditLogWriter, createEngagementGateway, createEngagementLedger } from '../src/model-spend';

jest.setTimeout(120_000);

interface Input {
  text: string;
}

const slowTask: ModelTask<Input, { length: number }> = {
  name: 'question_verdict',
  tier: 'mid',
  maxOutputTokens: 100,
  prompt: (input) => ({ system: 'Judge.', user: input.text }),
  promptVersion: 'question_verdict@test',
  answerSchema: { type: 'object', properties: { length: { type: 'number' } } },
  parse: (json) => json as { length: number },
  local: async (input) => {
    await new Promise((resolve) => setTimeout(resolve, 10));
    return { length: input.text.length };
  },
};

// 1 c per 1K tokens. Each question below is ~400 characters (~103 input tokens), so a call reserves
// ~0.203 c (its input plus the 100-token output cap) and is charged ~0.107 c (its input plus a tiny
// answer). Whatever the interleaving, a 1-cent budget then admits between 4 calls (all reserved at
// once) and 8 (each settled before the next): the test does not depend on timing.
const pricing = createPriceTable({ '*': { input_cents_per_1k: 1, output_cents_per_1k: 1 } });

function sampleEvent(index: number, engagementId: string): AuditEvent {
  return {
    event: 'llm_call',
    model: 'local-analyst-small',
    provider: 'local',
    input_tokens: index,
    output_tokens: 1,
    cost_cents: 0,
    latency_ms: 1,
    downshifted_from: null,
    budget_utilization: 0,
    metadata: {
      engagement_id: engagementId,
      stage: 'profile',
      step: 'test',
      question_id: null,
      prompt_version: 'question_verdict@test',
    },
    ts: new Date(0).toISOString(),
  };
}

describe.each(['sqlite', 'postgresql'] as const)('spend and audit log on %s', (provider) => {
  let database: TestDatabase;
  let first: Database;
  let second: Database;
  let reposA: Repositories;
  let reposB: Repositories;
  let dataDir: string;

  beforeAll(async () => {
    database = await createTestDatabase(provider);
    first = await openDatabase(database.url);
    second = await openDatabase(database.url);
    reposA = createRepositories(first);
    reposB = createRepositories(second);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditsvc-gateway-'));
  });

  afterAll(async () => {
    await first.close();
    await second.close();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function makeEngagement(id: string, budgetCents: number) {
    await reposA.engagements.create({
      id,
      firmId: 'firm-test',
      clientName: 'Northwind',
      archetype: 'compliance',
      budgetCents,
      costByStage: {},
      costByModel: {},
    });
  }

  test('20 parallel calls from two processes never overspend a 1-cent budget', async () => {
    const engagementId = `eng-${provider}-budget`;
    await makeEngagement(engagementId, 1);
    const gatewayOf = (repos: Repositories) =>
      createModelGateway({
        provider: createLocalProvider(),
        pricing,
        ledger: createEngagementLedger(repos, engagementId),
        audit: createAuditLogWriter({ repos, storage: createFilesystemStore(dataDir), engagementId }),
        engagementId,
      });
    const gateways = [gatewayOf(reposA), gatewayOf(reposB)];
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) =>
        gateways[index % 2]!.call(
          slowTask,
          { text: `question ${String(index).padStart(2, '0')} ${'x'.repeat(388)}` },
          { stage: index % 3 ? 'investigate' : 'profile', step: 's' },
        ),
      ),
    );
    const ok = results.filter((result) => result.status === 'fulfilled').length;
    const refused = results.filter(
      (result) => result.status === 'rejected' && result.reason instanceof BudgetExhaustedError,
    ).length;
    expect(ok + refused).toBe(20);
    expect(ok).toBeGreaterThanOrEqual(4);
    expect(refused).toBeGreaterThanOrEqual(11);

    const row = (await reposA.engagements.findById(engagementId))!;
    const spent = BigInt(row.spentMicrocents);
    expect(spent).toBeLessThanOrEqual(1_000_000n);
    expect(spent).toBeGreaterThan(0n);
    expect(BigInt(row.reservedMicrocents)).toBe(0n);
    const sum = (map: unknown) => Object.values(map as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(sum(row.costByStage)).toBe(Number(spent));
    expect(sum(row.costByModel)).toBe(Number(spent));
    // A mid-tier call whose reservation does not fit tries the small tier next (same price here), and
    // a concurrent call may have settled in between: which tiers appear depends on the interleaving.
    expect(Object.keys(row.costByModel as object)).toContain('local-analyst-mid');
    expect(
      Object.keys(row.costByModel as object).every((model) =>
        ['local-analyst-mid', 'local-analyst-small'].includes(model),
      ),
    ).toBe(true);
    const gatewaySpent = gateways[0]!.spentCents + gateways[1]!.spentCents;
    expect(gatewaySpent).toBeCloseTo(Number(spent) / 1_000_000, 9);

    // One audit event per answered call, in the engagement's first shard.
    const shards = await reposA.auditLog.listShards(engagementId);
    expect(shards).toHaveLength(1);
    expect(shards[0]!.eventCount).toBe(ok);
    const file = path.join(dataDir, shards[0]!.relativePath);
    expect(shards[0]!.relativePath).toBe(`audit-log/${engagementId}/shard-00000.jsonl`);
    const lines = fs.readFileSync(file, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(ok);
    expect(fs.statSync(file).size).toBe(shards[0]!.sizeBytes);
    const events = lines.map((line) => JSON.parse(line) as AuditEvent);
    expect(
      events.every((event) => event.metadata.engagement_id === engagementId && event.cost_cents > 0),
    ).toBe(true);
    expect(Math.max(...events.map((event) => event.budget_utilization))).toBeLessThanOrEqual(1);
    for (const event of events.filter((e) => e.model === 'local-analyst-small'))
      expect(event.downshifted_from).toBe('local-analyst-mid');
  });

  test('a reservation that would pass the budget is refused atomically', async () => {
    const engagementId = `eng-${provider}-reserve`;
    await makeEngagement(engagementId, 3);
    await expect(reposA.spend.reserve(engagementId, 2_000_000n)).resolves.toBe(true);
    await expect(reposB.spend.reserve(engagementId, 1_000_001n)).resolves.toBe(false);
    await expect(reposB.spend.reserve(engagementId, 1_000_000n)).resolves.toBe(true);
    await expect(reposB.spend.reserve(engagementId, 1n)).resolves.toBe(false);
    // Reservations left by a crashed process are cleared at the next run's start.
    await reposA.spend.clearReservations(engagementId);
    expect(await reposA.spend.state(engagementId)).toEqual({
      spentMicrocents: 0n,
      reservedMicrocents: 0n,
      budgetMicrocents: 3_000_000n,
    });
    // Budgets above 2^31 micro-cents do not overflow (budget_cents * 1e6 in BIGINT).
    const big = `eng-${provider}-big`;
    await makeEngagement(big, 5_000_000);
    await expect(reposA.spend.reserve(big, 4_999_999_000_000n)).resolves.toBe(true);
  });

  test('parallel writers fill shards of exactly 1,000 events', async () => {
    const engagementId = `eng-${provider}-shards`;
    await makeEngagement(engagementId, 100);
    const writers = [reposA, reposB].map((repos) =>
      createAuditLogWriter({ repos, storage: createFilesystemStore(dataDir), engagementId }),
    );
    await Promise.all(
      Array.from({ length: 1_050 }, (_, index) =>
        writers[index % 2]!.append(sampleEvent(index, engagementId)),
      ),
    );
    const shards = await reposA.auditLog.listShards(engagementId);
    expect(shards.map((shard) => [shard.shardIndex, shard.eventCount])).toEqual([
      [0, 1000],
      [1, 50],
    ]);
    const seen = new Set<number>();
    for (const shard of shards) {
      const text = fs.readFileSync(path.join(dataDir, shard.relativePath), 'utf8');
      expect(Buffer.byteLength(text)).toBe(shard.sizeBytes);
      const lines = text.trim().split('\n');
      expect(lines).toHaveLength(shard.eventCount);
      for (const line of lines) seen.add((JSON.parse(line) as AuditEvent).input_tokens);
    }
    expect(seen.size).toBe(1_050);
  });

  test('createEngagementGateway wires provider, MODEL_PRICING, ledger and audit log from the config', async () => {
    const engagementId = `eng-${provider}-factory`;
    await makeEngagement(engagementId, 10);
    const config = loadConfig({
      DATA_DIR: dataDir,
      MODEL_PRICING: JSON.stringify({
        'local-analyst-mid': { input_cents_per_1k: 2, output_cents_per_1k: 4 },
      }),
    });
    const gateway = createEngagementGateway({
      config,
      repos: reposA,
      storage: createObjectStore(config),
      engagementId,
    });
    await gateway.call(slowTask, { text: 'abcd' }, { stage: 'catalog', step: 'targets', questionId: 'q-9' });
    const row = (await reposA.engagements.findById(engagementId))!;
    expect(Number(row.spentMicrocents)).toBeGreaterThan(0);
    expect(row.costByStage).toEqual({ catalog: Number(row.spentMicrocents) });
    expect(row.costUpdatedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const [shard] = await reposA.auditLog.listShards(engagementId);
    const logged = JSON.parse(fs.readFileSync(path.join(dataDir, shard!.relativePath), 'utf8')) as AuditEvent;
    expect(logged).toMatchObject({
      model: 'local-analyst-mid',
      provider: 'local',
      cost_cents: Number(row.spentMicrocents) / 1_000_000,
      budget_utilization: Number(row.spentMicrocents) / 10_000_000,
      metadata: {
        engagement_id: engagementId,
        stage: 'catalog',
        step: 'targets',
        question_id: 'q-9',
        prompt_version: 'question_verdict@test',
      },
    });
  });

  test('unsafe engagement ids never become paths', () => {
    expect(() =>
      createAuditLogWriter({
        repos: reposA,
        storage: createFilesystemStore(dataDir),
        engagementId: '../etc',
      }),
    ).toThrow(/unsafe/);
  });
});
