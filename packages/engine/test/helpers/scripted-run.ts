// One audit run of a small corpus through a gateway (built-in prices, an in-memory cap unless the
// test brings its ledger), for tests whose model is a scripted loopback server or the local analyst.
import {
  DEFAULT_RUN_OPTIONS,
  createAnthropicProvider,
  createCapLedger,
  createModelGateway,
  createOpenAiProvider,
  createPriceTable,
  methodologyRecordOf,
  methodologyText,
  runAudit,
  type AuditEvent,
  type ModelProvider,
  type RunResult,
  type SpendLedger,
} from '../../src';
import type { CorpusSnapshot } from '../../src/corpus';
import type { Intake, RunOptions } from '../../src/types';
import type { LoopbackServer } from '../gateway-loopback';
import { INTAKE } from './synthetic-corpus';
import type { Protocol } from './scripted-model';

/** Retries at once: a scripted failure costs the test no waiting. */
export const FAST_TRANSPORT = { timeoutMs: 10_000, maxRetries: 1, baseDelayMs: 1, maxDelayMs: 5 };

/** A provider of `protocol` pointed at the loopback server (OpenAI without a key unless given). */
export function loopbackProvider(
  server: LoopbackServer,
  protocol: Protocol,
  apiKey: string | null = null,
): ModelProvider {
  return protocol === 'openai'
    ? createOpenAiProvider({ baseUrl: `${server.baseUrl}/v1`, apiKey, transport: FAST_TRANSPORT })
    : createAnthropicProvider({
        apiKey: apiKey ?? 'sk-test',
        baseUrl: server.baseUrl,
        transport: FAST_TRANSPORT,
      });
}

export interface ScriptedRun {
  result: RunResult;
  /** The audit events of the run's model calls. */
  events: AuditEvent[];
}

/** One iteration, no frameworks or focus areas unless the test says otherwise. */
export async function scriptedRun(
  snapshot: CorpusSnapshot,
  provider: ModelProvider,
  overrides: { ledger?: SpendLedger; intake?: Intake; options?: Partial<RunOptions> } = {},
): Promise<ScriptedRun> {
  const events: AuditEvent[] = [];
  const gateway = createModelGateway({
    provider,
    pricing: createPriceTable(null),
    ledger: overrides.ledger ?? createCapLedger(1000),
    audit: { append: async (event) => void events.push(event) },
    engagementId: 'eng-test',
  });
  const result = await runAudit({
    snapshot,
    intake: overrides.intake ?? { ...INTAKE, frameworks: [], focus_areas: [] },
    archetype: 'remediation_pipeline',
    options: { ...DEFAULT_RUN_OPTIONS, maxIterations: 1, ...overrides.options },
    gateway,
    emit: () => undefined,
  });
  return { result, events };
}

/** The methodology text a run writes of itself (from its record, as the deliverable does). */
export function methodologyOfRun(result: RunResult): string {
  return methodologyText({
    frameworks: [],
    options: DEFAULT_RUN_OPTIONS,
    run: methodologyRecordOf(result),
  });
}
