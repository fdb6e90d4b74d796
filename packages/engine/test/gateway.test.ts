// The tolerant parser, the price table, the local provider, the provider factory and the budget
// rules of the gateway on the in-memory cap ledger (the database ledger: gateway-spend.test.ts).
import { loadConfig } from '@auditsvc/runtime';
import {
  AuditEvent,
  BudgetExhaustedError,
  ModelCallError,
  ModelTask,
  createCapLedger,
  createLocalProvider,
  createModelGateway,
  createPriceTable,
  createProviderFromConfig,
  parseJsonLenient,
} from '../src/gateway';

describe('parseJsonLenient', () => {
  test('strict JSON', () => {
    expect(parseJsonLenient(' {"a": [1, 2]} ')).toEqual({ a: [1, 2] });
    expect(parseJsonLenient('[1,2,3]')).toEqual([1, 2, 3]);
  });

  test('code fences and prose around the JSON', () => {
    expect(parseJsonLenient('```json\n{"a":1}\n```')).toEqual({ a: 1 });
    expect(parseJsonLenient('Sure. Here it is:\n```\n[{"x":"y"}]\n```\nAnything else?')).toEqual([
      { x: 'y' },
    ]);
    expect(parseJsonLenient('The answer is {"ok": true} as requested.')).toEqual({ ok: true });
    // A brace in the prose that is not JSON is skipped.
    expect(parseJsonLenient('Using {braces} loosely: {"ok": 1}')).toEqual({ ok: 1 });
  });

  test('a truncated array is closed at the last complete element', () => {
    expect(parseJsonLenient('[{"id":1,"t":"a"},{"id":2,"t":"b"},{"id":3,"t":"c')).toEqual([
      { id: 1, t: 'a' },
      { id: 2, t: 'b' },
    ]);
    expect(parseJsonLenient('{"findings":[{"id":1},{"id":2}')).toEqual({ findings: [{ id: 1 }, { id: 2 }] });
    expect(parseJsonLenient('{"a":1,"b":"unterminated')).toEqual({ a: 1 });
    expect(parseJsonLenient('{"a":1,"b":')).toEqual({ a: 1 });
    expect(parseJsonLenient('```json\n{"list":["x","y", "z"')).toEqual({ list: ['x', 'y', 'z'] });
    // Brackets inside strings do not confuse the scanner.
    expect(parseJsonLenient('[{"q":"a ] tricky } \\" value"},{"q":"cut')).toEqual([
      { q: 'a ] tricky } " value' },
    ]);
  });

  test('no JSON at all throws', () => {
    expect(() => parseJsonLenient('I cannot help with that.')).toThrow(SyntaxError);
    expect(() => parseJsonLenient('')).toThrow(SyntaxError);
    expect(() => parseJsonLenient('{"a": }')).toThrow(SyntaxError);
  });
});

describe('price table', () => {
  test('built-in prices, dated variants, local models free', () => {
    const prices = createPriceTable(null);
    expect(prices.priceOf('gpt-4o-mini')).toMatchObject({ input_cents_per_1k: 0.015, source: 'builtin' });
    expect(prices.priceOf('claude-sonnet-4-5-20250929')).toMatchObject({
      input_cents_per_1k: 0.3,
      source: 'builtin',
    });
    expect(prices.costMicrocents('local-analyst-strong', { inputTokens: 10_000, outputTokens: 10_000 })).toBe(
      0n,
    );
    // 1000 tokens at 0.25 c/1K in + 1000 at 1.0 c/1K out = 1.25 c.
    expect(prices.costMicrocents('gpt-4o', { inputTokens: 1000, outputTokens: 1000 })).toBe(1_250_000n);
    // Rounded up, never down: 1 token of gpt-4.1-nano input = 0.00001 c = 10 micro-cents.
    expect(prices.costMicrocents('gpt-4.1-nano', { inputTokens: 1, outputTokens: 0 })).toBe(10n);
  });

  test('MODEL_PRICING overrides, "*" prices every model not named (local included)', () => {
    const config = loadConfig({
      MODEL_PRICING: JSON.stringify({
        'gpt-4o': { input_cents_per_1k: 1, output_cents_per_1k: 2 },
        '*': { input_cents_per_1k: 0.5, output_cents_per_1k: 0.5 },
      }),
    });
    const prices = createPriceTable(config.modelPricing);
    expect(prices.priceOf('gpt-4o')).toMatchObject({
      input_cents_per_1k: 1,
      output_cents_per_1k: 2,
      source: 'override',
    });
    expect(prices.priceOf('local-analyst-small')).toMatchObject({
      input_cents_per_1k: 0.5,
      source: 'override_any',
    });
    expect(prices.priceOf('gpt-4o-mini')).toMatchObject({ source: 'override_any' });
    expect(prices.costMicrocents('local-analyst-mid', { inputTokens: 2000, outputTokens: 2000 })).toBe(
      2_000_000n,
    );
    expect(prices.costMicrocents('gpt-4o', { inputTokens: 1000, outputTokens: 1000 })).toBe(3_000_000n);
  });

  test('an unknown model without "*" is priced conservatively, not free', () => {
    const prices = createPriceTable({ 'my-vllm-model': { input_cents_per_1k: 0, output_cents_per_1k: 0 } });
    expect(prices.priceOf('my-vllm-model').source).toBe('override');
    expect(prices.priceOf('mystery-model')).toMatchObject({ source: 'fallback', output_cents_per_1k: 7.5 });
  });
});

describe('provider factory', () => {
  test('selects the provider of MODEL_PROVIDER with per-tier models', () => {
    expect(createProviderFromConfig(loadConfig({})).modelFor('mid')).toBe('local-analyst-mid');
    const openai = createProviderFromConfig(
      loadConfig({ MODEL_PROVIDER: 'openai', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' }),
    );
    expect([openai.name, openai.modelFor('small'), openai.modelFor('strong')]).toEqual([
      'openai',
      'gpt-4o-mini',
      'gpt-4.1',
    ]);
    const anthropic = createProviderFromConfig({
      ...loadConfig({ MODEL_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: 'k' }),
      modelTiers: { small: 'claude-haiku-4-5' },
    });
    expect([anthropic.name, anthropic.modelFor('small'), anthropic.modelFor('mid')]).toEqual([
      'anthropic',
      'claude-haiku-4-5',
      'claude-sonnet-4-5',
    ]);
    expect(() => createProviderFromConfig(loadConfig({ MODEL_PROVIDER: 'anthropic' }))).toThrow(
      /ANTHROPIC_API_KEY/,
    );
  });
});

interface Input {
  text: string;
}

function localTask(
  tier: 'small' | 'mid' | 'strong',
  maxOutputTokens = 100,
): ModelTask<Input, { words: number }> & { runs: number } {
  const task = {
    runs: 0,
    name: 'cluster_labels' as const,
    tier,
    maxOutputTokens,
    prompt: (input: Input) => ({ system: 'Label.', user: input.text }),
    promptVersion: 'cluster_labels@test',
    answerSchema: { type: 'object' as const, properties: {} },
    parse: (json: unknown) => json as { words: number },
    local: (input: Input) => {
      task.runs++;
      return { words: input.text.split(' ').length };
    },
  };
  return task;
}

describe('gateway budget on the cap ledger (local provider, priced through MODEL_PRICING "*")', () => {
  // 1 cent per 1K tokens either way: a call of ~10 input + 100 reserved output tokens costs ~0.11 c.
  const pricing = createPriceTable({ '*': { input_cents_per_1k: 1, output_cents_per_1k: 1 } });
  const meta = { stage: 'profile', step: 'cluster_labels' };

  test('local tokens come from JSON sizes; the call is charged and logged', async () => {
    const events: AuditEvent[] = [];
    const gateway = createModelGateway({
      provider: createLocalProvider(),
      pricing,
      ledger: createCapLedger(20),
      audit: { append: async (event) => void events.push(event) },
      engagementId: null,
    });
    const input = { text: 'one two three four' };
    await expect(gateway.call(localTask('small'), input, meta)).resolves.toEqual({ words: 4 });
    const inputTokens = Math.ceil(JSON.stringify(input).length / 4);
    const outputTokens = Math.ceil(JSON.stringify({ words: 4 }).length / 4);
    expect(events[0]).toMatchObject({
      provider: 'local',
      model: 'local-analyst-small',
      input_tokens: inputTokens,
      output_tokens: outputTokens,
      cost_cents: (inputTokens + outputTokens) / 1000,
      metadata: {
        engagement_id: null,
        stage: 'profile',
        step: 'cluster_labels',
        question_id: null,
        prompt_version: 'cluster_labels@test',
      },
    });
    expect(gateway.spentCents).toBe((inputTokens + outputTokens) / 1000);
  });

  test('a call that does not fit is refused before it runs', async () => {
    const task = localTask('small', 10_000);
    const gateway = createModelGateway({
      provider: createLocalProvider(),
      pricing,
      ledger: createCapLedger(5),
      audit: null,
      engagementId: null,
    });
    // 10,000 reserved output tokens at 1 c/1K = 10 c > 5 c cap.
    await expect(gateway.call(task, { text: 'x' }, meta)).rejects.toBeInstanceOf(BudgetExhaustedError);
    expect(task.runs).toBe(0);
    expect(gateway.calls).toBe(0);
  });

  test('downshift: the strong tier does not fit, a cheaper one does', async () => {
    const tierPricing = createPriceTable({
      'local-analyst-strong': { input_cents_per_1k: 100, output_cents_per_1k: 100 },
      'local-analyst-mid': { input_cents_per_1k: 10, output_cents_per_1k: 10 },
      'local-analyst-small': { input_cents_per_1k: 1, output_cents_per_1k: 1 },
    });
    const events: AuditEvent[] = [];
    const ledger = createCapLedger(2);
    const gateway = createModelGateway({
      provider: createLocalProvider(),
      pricing: tierPricing,
      ledger,
      audit: { append: async (event) => void events.push(event) },
      engagementId: 'eng-x',
    });
    // Reservation ~110 tokens: strong 11 c, mid 1.1 c (fits the 2 c cap).
    await gateway.call(localTask('strong'), { text: 'a b' }, meta);
    expect(events[0]).toMatchObject({ model: 'local-analyst-mid', downshifted_from: 'local-analyst-strong' });
    // Now mid no longer fits beside what was spent? It does (spent is small); a small task never downshifts.
    await gateway.call(localTask('small'), { text: 'a b' }, meta);
    expect(events[1]).toMatchObject({ model: 'local-analyst-small', downshifted_from: null });
    expect(ledger.state.spentMicrocents).toBeLessThanOrEqual(ledger.state.budgetMicrocents);
  });

  test('never above the cap under parallel calls; reservations all released', async () => {
    const ledger = createCapLedger(1);
    const gateway = createModelGateway({
      provider: createLocalProvider(),
      pricing,
      ledger,
      audit: null,
      engagementId: null,
    });
    const slowTask = {
      ...localTask('small'),
      local: async (input: Input) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        return { words: input.text.length };
      },
    };
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => gateway.call(slowTask, { text: 'abc' }, meta)),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter(
      (r) => r.status === 'rejected' && r.reason instanceof BudgetExhaustedError,
    ).length;
    expect(ok + refused).toBe(20);
    expect(ok).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
    expect(ledger.state.spentMicrocents).toBeLessThanOrEqual(1_000_000n);
    // Nothing stays reserved: a reservation of exactly what is left fits.
    await expect(ledger.reserve(1_000_000n - ledger.state.spentMicrocents)).resolves.toBe(true);
  });

  test('a local analyst failure is a ModelCallError and charges nothing', async () => {
    const ledger = createCapLedger(1);
    const gateway = createModelGateway({
      provider: createLocalProvider(),
      pricing,
      ledger,
      audit: null,
      engagementId: null,
    });
    const broken = {
      ...localTask('small'),
      local: () => {
        throw new Error('analyst bug');
      },
    };
    await expect(gateway.call(broken, { text: 'x' }, meta)).rejects.toBeInstanceOf(ModelCallError);
    expect(ledger.state.spentMicrocents).toBe(0n);
  });
});
