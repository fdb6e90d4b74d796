// A tiny budget stops a remote run at the cap (issue 12): a 40-document corpus and a 1-cent
// engagement budget, through the engine, the gateway with the built-in price table and the
// engagement ledger on a real SQLite database, against a scripted OpenAI-compatible loopback server
// that bills the tokens it was really sent. The run ends `aborted` (reason `budget`) with a report,
// and the engagement never spends past its budget, also when two runs share it at once (two
// database handles, as two workers would).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Database, Repositories, createRepositories, openDatabase } from '@auditsvc/db';
import { createFilesystemStore } from '@auditsvc/storage';
import {
  DEFAULT_RUN_OPTIONS,
  createModelGateway,
  createOpenAiProvider,
  createPriceTable,
  runAudit,
  type RunEvent,
} from '@auditsvc/engine';
import { TestDatabase, createTestDatabase } from '../../../test/helpers/database';
import { startLoopback, type LoopbackServer } from '../../engine/test/gateway-loopback';
import { scriptedModel } from '../../engine/test/helpers/scripted-model';
import { INTAKE, snapshotOf } from '../../engine/test/helpers/synthetic-corpus';
import { createAuditLogWriter, createEngagementLedger } from '../src/model-spend';

jest.setTimeout(120_000);

const BUDGET_MICROCENTS = 1_000_000n; // 1 cent

/** 40 procedures of about 1,500 characters, each with its own periods, owners and references. */
function corpus(): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 1; i <= 40; i += 1) {
    const n = String(i).padStart(2, '0');
    files[`Procedure-${n}.md`] = [
      `# Procedure ${n}: handling of records set ${n}`,
      '',
      `Records of set ${n} are kept for ${(i % 9) + 1} years and reviewed every ${(i % 5) + 1} months by the records officer.`,
      '',
      `Access to set ${n} is granted by the system owner and revoked within ${(i % 4) + 1} working days of a leaver's last day.`,
      '',
      `Backups of set ${n} run nightly; a restore is tested every ${(i % 6) + 2} months and the result filed with Procedure ${String((i % 40) + 1).padStart(2, '0')}.`,
      '',
      ...Array.from(
        { length: 6 },
        (_, k) =>
          `Step ${k + 1}. The operator of set ${n} records the check of control ${n}.${k + 1} in the register, signs it and escalates any exception to the security lead within ${k + 2} hours.`,
      ),
    ].join('\n');
  }
  return files;
}

/** Tokens as the gateway estimates them (about four characters each), so the bill is the real size. */
const tokensOf = (text: string) => Math.ceil(text.length / 4);

let server: LoopbackServer;
let database: TestDatabase;
let handles: Database[];
let repos: Repositories[];
let dataDir: string;

beforeAll(async () => {
  server = await startLoopback();
  // Discovery proposes one target per document it reads (quoting its retention line): more
  // questions than a cent pays for.
  const answer = scriptedModel('openai', {
    corpus_discovery: ({ user }) => ({
      proposals: [...user.matchAll(/Records of set (\d+) are kept[^\n]*/g)].map((m) => ({
        primitive: 'conflict_check',
        title: `Retention of records set ${m[1]} disagrees with the schedule`,
        description: 'The period differs from the retention schedule.',
        severity: 'medium',
        quotes: [{ document: `Procedure-${m[1]}.md`, chunk_id: null, quote: m[0] }],
      })),
    }),
  });
  // The scripted answers, billed for the prompt that was sent and the answer that was given.
  server.respond((request) => {
    const reply = answer(request);
    if (!('json' in reply)) return reply;
    const json = reply.json as {
      usage: Record<string, number>;
      choices: Array<{ message: { content: string } }>;
    };
    const messages = request.body.messages as Array<{ content: string }>;
    json.usage = {
      prompt_tokens: tokensOf(messages.map((m) => m.content).join('')),
      completion_tokens: tokensOf(json.choices[0]!.message.content),
    };
    return reply;
  });
  database = await createTestDatabase('sqlite');
  handles = [await openDatabase(database.url), await openDatabase(database.url)];
  repos = handles.map(createRepositories);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditsvc-run-budget-'));
});

afterAll(async () => {
  await server.close();
  for (const handle of handles) await handle.close();
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function engagement(id: string) {
  await repos[0]!.engagements.create({
    id,
    firmId: 'firm-test',
    clientName: 'Northwind',
    archetype: 'compliance',
    budgetCents: Number(BUDGET_MICROCENTS / 1_000_000n),
    costByStage: {},
    costByModel: {},
  });
}

/** One run on `engagementId` through the database handle `handle`. */
async function run(engagementId: string, handle: number, snapshot: Awaited<ReturnType<typeof snapshotOf>>) {
  const events: RunEvent[] = [];
  const gateway = createModelGateway({
    provider: createOpenAiProvider({
      baseUrl: `${server.baseUrl}/v1`,
      apiKey: null,
      transport: { timeoutMs: 10_000, maxRetries: 1, baseDelayMs: 1, maxDelayMs: 5 },
    }),
    // The built-in list prices of the default OpenAI tiers.
    pricing: createPriceTable(null),
    ledger: createEngagementLedger(repos[handle]!, engagementId),
    audit: createAuditLogWriter({
      repos: repos[handle]!,
      storage: createFilesystemStore(dataDir),
      engagementId,
    }),
    engagementId,
  });
  const result = await runAudit({
    snapshot,
    intake: INTAKE,
    archetype: 'remediation_pipeline',
    options: DEFAULT_RUN_OPTIONS,
    gateway,
    emit: (event) => void events.push(event),
  });
  return { result, events, spentCents: gateway.spentCents };
}

async function spendOf(engagementId: string) {
  const row = (await repos[0]!.engagements.findById(engagementId))!;
  return { spent: BigInt(row.spentMicrocents), reserved: BigInt(row.reservedMicrocents) };
}

test('a 1-cent budget stops a 40-document run at the cap with aborted (budget), alone and with two runs at once', async () => {
  const snapshot = await snapshotOf(corpus());
  expect(snapshot.documents).toHaveLength(40);

  await engagement('eng-budget-one');
  const alone = await run('eng-budget-one', 0, snapshot);
  expect(alone.result.aborted).toBe('budget');
  expect(alone.events.filter((e) => e.type === 'aborted')).toEqual([
    expect.objectContaining({ type: 'aborted', reason: 'budget' }),
  ]);
  // The run still finished its report: the filter and report stages ran after the halt.
  expect(alone.events.some((e) => e.type === 'stage_start' && e.stage === 'report')).toBe(true);
  const one = await spendOf('eng-budget-one');
  expect(one.spent).toBeGreaterThan(0n);
  expect(one.spent).toBeLessThanOrEqual(BUDGET_MICROCENTS);
  expect(one.reserved).toBe(0n);
  expect(alone.spentCents).toBeCloseTo(Number(one.spent) / 1_000_000, 9);

  // Two runs of one engagement at once, each through its own database handle.
  await engagement('eng-budget-two');
  const both = await Promise.all([run('eng-budget-two', 0, snapshot), run('eng-budget-two', 1, snapshot)]);
  expect(both.map((b) => b.result.aborted)).toEqual(['budget', 'budget']);
  const two = await spendOf('eng-budget-two');
  expect(two.spent).toBeLessThanOrEqual(BUDGET_MICROCENTS);
  expect(two.reserved).toBe(0n);
  // Each spent some of it, and together exactly what the engagement records.
  expect(both.every((b) => b.spentCents > 0)).toBe(true);
  expect(both[0]!.spentCents + both[1]!.spentCents).toBeCloseTo(Number(two.spent) / 1_000_000, 9);
});
