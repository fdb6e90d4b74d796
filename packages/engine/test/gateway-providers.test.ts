// The remote providers against loopback servers speaking the OpenAI and Anthropic protocols, through
// the real gateway (cap ledger, price table, an in-memory audit sink).
import { Writable } from 'node:stream';
import { createLogger, loadConfig } from '@auditsvc/runtime';
import {
  AuditEvent,
  ModelCallError,
  ModelProvider,
  ModelTask,
  createAnthropicProvider,
  createCapLedger,
  createModelGateway,
  createOpenAiProvider,
  createPriceTable,
  createProviderFromConfig,
} from '../src/gateway';
import {
  LoopbackServer,
  anthropicAnswer,
  anthropicToolAnswer,
  openAiAnswer,
  startLoopback,
} from './gateway-loopback';

const SECRET_KEY = 'sk-test-very-secret-key';
const PROMPT_MARKER = 'confidential-prompt-text-42';

interface Verdict {
  items: string[];
}

const task: ModelTask<{ q: string }, Verdict> = {
  name: 'question_verdict',
  tier: 'mid',
  maxOutputTokens: 200,
  prompt: (input) => ({ system: 'You judge audit questions.', user: `${PROMPT_MARKER} ${input.q}` }),
  promptVersion: 'question_verdict@test',
  answerSchema: {
    type: 'object',
    properties: { items: { type: 'array', items: { type: 'string' } } },
    required: ['items'],
  },
  parse(json) {
    const items = (json as { items?: unknown } | null)?.items;
    if (!Array.isArray(items)) throw new Error('items missing');
    return { items: items.map(String) };
  },
  local: (input) => ({ items: [input.q] }),
};

// Short back-off, but a request timeout a loaded machine cannot hit by accident on the loopback.
const fast = { timeoutMs: 10_000, maxRetries: 3, baseDelayMs: 1, maxDelayMs: 5 };

let server: LoopbackServer;
let logLines: string[];

function logger() {
  return createLogger({
    level: 'debug',
    service: 'test',
    stream: new Writable({
      write(chunk: Buffer, _encoding, callback) {
        logLines.push(chunk.toString('utf8'));
        callback();
      },
    }),
  });
}

function gatewayFor(provider: ModelProvider, capCents = 100) {
  const events: AuditEvent[] = [];
  const ledger = createCapLedger(capCents);
  const gateway = createModelGateway({
    provider,
    pricing: createPriceTable(null),
    ledger,
    audit: { append: async (event) => void events.push(event) },
    engagementId: 'eng-test',
    logger: logger(),
    now: () => new Date('2026-11-22T12:00:00.000Z'),
  });
  return { gateway, events, ledger };
}

const meta = { stage: 'investigate', step: 'verdict', questionId: 'q-1' };

beforeEach(async () => {
  server = await startLoopback();
  logLines = [];
});

afterEach(async () => {
  await server.close();
  // Neither the key nor the prompt ever reaches a log line.
  const all = logLines.join('\n');
  expect(all).not.toContain(SECRET_KEY);
  expect(all).not.toContain(PROMPT_MARKER);
});

describe('openai provider', () => {
  const openai = (transport = fast) =>
    createOpenAiProvider({
      baseUrl: `${server.baseUrl}/v1`,
      apiKey: SECRET_KEY,
      transport: { ...transport, logger: logger() },
    });

  test('usage above the reservation is clamped to it (and logged)', async () => {
    server.script({ status: 200, json: openAiAnswer('{"items":["a"]}', 1_000_000, 20) });
    const { gateway, events } = gatewayFor(openai());
    await gateway.call(task, { q: 'short' }, meta);
    // Charged the reservation: estimated prompt tokens + 200 output tokens, far below 1M tokens.
    expect(events[0]!.input_tokens).toBe(1_000_000);
    expect(events[0]!.cost_cents).toBeLessThan(0.1);
    expect(events[0]!.cost_cents).toBeGreaterThan(0.032);
    expect(logLines.join('\n')).toContain('model_call_cost_clamped');
  });

  test('success: JSON mode request, usage priced, audit event written', async () => {
    server.script({ status: 200, json: openAiAnswer('{"items":["a","b"]}', 1000, 150) });
    const { gateway, events, ledger } = gatewayFor(openai());
    // About 1,000 tokens of prompt, so the reservation covers the reported usage.
    await expect(gateway.call(task, { q: 'rotation '.repeat(400) }, meta)).resolves.toEqual({
      items: ['a', 'b'],
    });

    expect(server.requests).toHaveLength(1);
    const request = server.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(request.body).toMatchObject({
      model: 'gpt-4.1-mini',
      max_tokens: 200,
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'question_verdict', schema: task.answerSchema, strict: false },
      },
    });
    const messages = request.body.messages as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(messages[0]!.content).toMatch(/JSON/);

    // gpt-4.1-mini: 0.04 c / 1K in, 0.16 c / 1K out -> 1000 in + 150 out = 0.04 + 0.024 = 0.064 c.
    expect(gateway.spentCents).toBeCloseTo(0.064, 10);
    expect(ledger.state.spentMicrocents).toBe(64_000n);
    expect(gateway.calls).toBe(1);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      event: 'llm_call',
      model: 'gpt-4.1-mini',
      provider: 'openai',
      input_tokens: 1000,
      output_tokens: 150,
      cost_cents: 0.064,
      downshifted_from: null,
      budget_utilization: 0.00064,
      metadata: {
        engagement_id: 'eng-test',
        stage: 'investigate',
        step: 'verdict',
        question_id: 'q-1',
        prompt_version: 'question_verdict@test',
      },
      ts: '2026-11-22T12:00:00.000Z',
    });
    expect(typeof events[0]!.latency_ms).toBe('number');
  });

  test('a server that refuses response_format is asked without it, from then on', async () => {
    server.script(
      { status: 400, json: { error: { message: "Unrecognized request argument: 'json_schema'" } } },
      { status: 200, json: openAiAnswer('Sure: ```json\n{"items":["plain"]}\n```') },
      { status: 200, json: openAiAnswer('{"items":["again"]}') },
    );
    const { gateway, events } = gatewayFor(openai());
    await expect(gateway.call(task, { q: 'x' }, meta)).resolves.toEqual({ items: ['plain'] });
    await expect(gateway.call(task, { q: 'y' }, meta)).resolves.toEqual({ items: ['again'] });
    expect(server.requests.map((r) => 'response_format' in r.body)).toEqual([true, false, false]);
    expect(events).toHaveLength(2);
    expect(logLines.join('\n')).toContain('model_structured_outputs_unsupported');
  });

  test('an answer that does not fit the schema is unusable (asked again, then failed)', async () => {
    server.script({ status: 200, json: openAiAnswer('{"items":[1,2]}') });
    const { gateway } = gatewayFor(openai());
    const failure = (await gateway.call(task, { q: 'x' }, meta).catch((e: unknown) => e)) as ModelCallError;
    expect(failure).toBeInstanceOf(ModelCallError);
    expect(failure.unusableAnswer).toBe(true);
    expect(String((failure.cause as Error).message)).toMatch(/schema: \/items\/0 must be string/);
    expect(server.requests).toHaveLength(2);
  });

  test('garbage JSON: asked twice, both billed, then ModelCallError', async () => {
    server.script({ status: 200, json: openAiAnswer('I am sorry, I cannot answer that.', 50, 10) });
    const { gateway, events } = gatewayFor(openai());
    const failure = await gateway.call(task, { q: 'x' }, meta).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ModelCallError);
    expect((failure as ModelCallError).unusableAnswer).toBe(true);
    expect(server.requests).toHaveLength(2);
    expect(events).toHaveLength(2);
    expect(gateway.spentCents).toBeGreaterThan(0);
  });

  test('valid JSON of the wrong shape is unusable too', async () => {
    server.script({ status: 200, json: openAiAnswer('{"verdict":"yes"}') });
    const { gateway } = gatewayFor(openai());
    await expect(gateway.call(task, { q: 'x' }, meta)).rejects.toThrow(/does not fit the task/);
  });

  test('truncated JSON is closed at the last complete element', async () => {
    server.script({ status: 200, json: openAiAnswer('{"items":["alpha","beta","gam') });
    const { gateway } = gatewayFor(openai());
    await expect(gateway.call(task, { q: 'x' }, meta)).resolves.toEqual({ items: ['alpha', 'beta'] });
    expect(server.requests).toHaveLength(1);
  });

  test('code-fenced JSON with prose around it', async () => {
    server.script({
      status: 200,
      json: openAiAnswer('Here is the verdict:\n```json\n{"items":["fenced"]}\n```\nHope this helps.'),
    });
    const { gateway } = gatewayFor(openai());
    await expect(gateway.call(task, { q: 'x' }, meta)).resolves.toEqual({ items: ['fenced'] });
  });

  test('timeout: each request that may have been billed is charged its worst case, then retried once', async () => {
    server.script({ hang: true });
    // 1 s, not less: the loopback server must have read each request before the client gives up
    // on it, or it is not counted below; a shorter limit can expire during a stall on a busy machine.
    const { gateway, events, ledger } = gatewayFor(openai({ ...fast, timeoutMs: 1_000, maxRetries: 2 }));
    const started = Date.now();
    await expect(gateway.call(task, { q: 'x' }, meta)).rejects.toThrow(/timed out after 1000 ms/);
    // Two attempts of 1 s; well under one request of the default transport's 10 s limit.
    expect(Date.now() - started).toBeLessThan(9_000);
    // Two attempts, each under its own reservation (a timed-out request is not resent under one).
    expect(server.requests).toHaveLength(2);
    expect(events).toHaveLength(2);
    const worstCase = ledger.state.spentMicrocents / 2n;
    expect(worstCase).toBeGreaterThan(0n);
    expect(events.every((event) => event.output_tokens === task.maxOutputTokens)).toBe(true);
    // Nothing stays reserved: everything not spent can be reserved again.
    const { budgetMicrocents, spentMicrocents } = ledger.state;
    await expect(ledger.reserve(budgetMicrocents - spentMicrocents)).resolves.toBe(true);
  });

  test('500 then success: retried', async () => {
    server.script({ status: 500, text: 'boom' }, { status: 200, json: openAiAnswer('{"items":["ok"]}') });
    const { gateway } = gatewayFor(openai());
    await expect(gateway.call(task, { q: 'x' }, meta)).resolves.toEqual({ items: ['ok'] });
    expect(server.requests).toHaveLength(2);
    expect(logLines.join('\n')).toContain('model_call_retry');
  });

  test('429 with Retry-After, then success', async () => {
    server.script(
      { status: 429, json: { error: { type: 'rate_limit' } }, headers: { 'retry-after': '0' } },
      { status: 200, json: openAiAnswer('{"items":["after-429"]}') },
    );
    const { gateway } = gatewayFor(openai());
    await expect(gateway.call(task, { q: 'x' }, meta)).resolves.toEqual({ items: ['after-429'] });
    expect(server.requests).toHaveLength(2);
  });

  test('500 forever: ModelCallError after 1 + 3 attempts', async () => {
    server.script({ status: 503, text: 'unavailable' });
    const { gateway, ledger } = gatewayFor(openai());
    await expect(gateway.call(task, { q: 'x' }, meta)).rejects.toThrow(
      /answered 503; gave up after 4 attempts/,
    );
    expect(server.requests).toHaveLength(4);
    expect(ledger.state.spentMicrocents).toBe(0n);
  });

  test('401 is final: no retry, no key in the error', async () => {
    server.script({ status: 401, json: { error: { message: 'Incorrect API key' } } });
    const { gateway } = gatewayFor(openai());
    const failure = (await gateway.call(task, { q: 'x' }, meta).catch((error: unknown) => error)) as Error;
    expect(failure).toBeInstanceOf(ModelCallError);
    expect(failure.message).toContain('401');
    expect(failure.message).not.toContain(SECRET_KEY);
    expect(server.requests).toHaveLength(1);
  });

  test('a connection refused is retried, then fails', async () => {
    const provider = createOpenAiProvider({
      baseUrl: 'http://127.0.0.1:1/v1',
      apiKey: null,
      transport: { ...fast, maxRetries: 1 },
    });
    const { gateway } = gatewayFor(provider);
    await expect(gateway.call(task, { q: 'x' }, meta)).rejects.toThrow(
      /unreachable; gave up after 2 attempts/,
    );
  });
});

describe('providers built from the configuration', () => {
  test('OPENAI_BASE_URL and ANTHROPIC_BASE_URL (config extra) are where requests go', async () => {
    const config = loadConfig({
      MODEL_PROVIDER: 'openai',
      OPENAI_BASE_URL: `${server.baseUrl}/v1/`,
      OPENAI_API_KEY: SECRET_KEY,
    });
    server.script({ status: 200, json: openAiAnswer('{"items":["o"]}') });
    const openai = createProviderFromConfig({ ...config, modelTiers: { mid: 'gpt-4o' } });
    await expect(gatewayFor(openai).gateway.call(task, { q: 'x' }, meta)).resolves.toEqual({ items: ['o'] });
    expect(server.requests[0]).toMatchObject({ path: '/v1/chat/completions', body: { model: 'gpt-4o' } });

    server.script({ status: 200, json: anthropicAnswer('{"items":["a"]}') });
    const anthropic = createProviderFromConfig({
      ...loadConfig({ MODEL_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: SECRET_KEY }),
      anthropicBaseUrl: server.baseUrl,
    });
    await expect(gatewayFor(anthropic).gateway.call(task, { q: 'x' }, meta)).resolves.toEqual({
      items: ['a'],
    });
    expect(server.requests[1]).toMatchObject({ path: '/v1/messages', body: { model: 'claude-sonnet-4-5' } });
  });

  test('a local OpenAI-compatible server (Ollama, vLLM, llama.cpp): no key, models from MODEL_TIER_*', async () => {
    const config = loadConfig({
      MODEL_PROVIDER: 'openai',
      OPENAI_BASE_URL: `${server.baseUrl}/v1`,
      MODEL_TIER_SMALL: 'llama3.2:3b',
      MODEL_TIER_MID: 'qwen2.5:14b-instruct',
      MODEL_TIER_STRONG: 'llama3.3:70b',
      MODEL_PRICING: '{"*": {"input_cents_per_1k": 0, "output_cents_per_1k": 0}}',
    });
    expect(config.openaiApiKey).toBeNull();
    // Like an older server: response_format refused, then answered without it.
    server.script(
      { status: 400, json: { error: { message: "unknown field 'response_format'" } } },
      { status: 200, json: openAiAnswer('```json\n{"items":["local"]}\n```') },
    );
    const gateway = createModelGateway({
      provider: createProviderFromConfig(config, { transport: fast }),
      pricing: createPriceTable(config.modelPricing),
      ledger: createCapLedger(0),
      audit: null,
      engagementId: null,
    });
    // A zero budget is enough: the README's MODEL_PRICING makes the local models free.
    await expect(gateway.call(task, { q: 'x' }, meta)).resolves.toEqual({ items: ['local'] });
    await expect(gateway.call({ ...task, tier: 'strong' }, { q: 'y' }, meta)).resolves.toEqual({
      items: ['local'],
    });
    expect(server.requests.map((r) => [r.path, r.body.model, 'response_format' in r.body])).toEqual([
      ['/v1/chat/completions', 'qwen2.5:14b-instruct', true],
      ['/v1/chat/completions', 'qwen2.5:14b-instruct', false],
      ['/v1/chat/completions', 'llama3.3:70b', false],
    ]);
    for (const request of server.requests) expect(request.headers.authorization).toBeUndefined();
  });

  test('MODEL_TIMEOUT_MS (config extra) bounds each request', async () => {
    server.script({ hang: true });
    const provider = createProviderFromConfig(
      { ...loadConfig({ MODEL_PROVIDER: 'openai', OPENAI_BASE_URL: server.baseUrl }), modelTimeoutMs: 50 },
      { transport: { maxRetries: 0 } },
    );
    await expect(gatewayFor(provider).gateway.call(task, { q: 'x' }, meta)).rejects.toThrow(
      /timed out after 50 ms/,
    );
  });
});

describe('anthropic provider', () => {
  const anthropic = () =>
    createAnthropicProvider({ apiKey: SECRET_KEY, baseUrl: server.baseUrl, transport: fast });

  test('success: Messages API request with version header, usage priced', async () => {
    server.script({ status: 200, json: anthropicAnswer('{"items":["c"]}', 2000, 100) });
    const { gateway, events } = gatewayFor(anthropic());
    await expect(
      gateway.call({ ...task, tier: 'strong' }, { q: 'evidence '.repeat(800) }, meta),
    ).resolves.toEqual({ items: ['c'] });
    const request = server.requests[0]!;
    expect(request.path).toBe('/v1/messages');
    expect(request.headers['x-api-key']).toBe(SECRET_KEY);
    expect(request.headers['anthropic-version']).toBe('2023-06-01');
    expect(request.headers.authorization).toBeUndefined();
    expect(request.body).toMatchObject({
      model: 'claude-opus-4-1',
      max_tokens: 200,
      tools: [{ name: 'answer', input_schema: task.answerSchema }],
      tool_choice: { type: 'tool', name: 'answer' },
    });
    expect(typeof request.body.system).toBe('string');
    expect(request.body.messages).toEqual([{ role: 'user', content: expect.stringContaining('evidence') }]);
    // claude-opus-4-1: 1.5 c / 1K in, 7.5 c / 1K out -> 3 + 0.75 = 3.75 c.
    expect(events[0]).toMatchObject({ provider: 'anthropic', model: 'claude-opus-4-1', cost_cents: 3.75 });
  });

  test("the answer tool's input is the answer, checked against the schema", async () => {
    server.script(
      { status: 200, json: anthropicToolAnswer({ items: ['tool'] }) },
      { status: 200, json: anthropicToolAnswer({ items: 'not a list' }) },
    );
    const { gateway, events } = gatewayFor(anthropic());
    await expect(gateway.call(task, { q: 'x' }, meta)).resolves.toEqual({ items: ['tool'] });
    expect(events[0]!.metadata.prompt_version).toBe('question_verdict@test');
    await expect(gateway.call(task, { q: 'x' }, meta)).rejects.toThrow(/does not fit the task/);
  });

  test('truncated and fenced answers are repaired', async () => {
    server.script(
      { status: 200, json: anthropicAnswer('```json\n{"items":["one","two",') },
      { status: 200, json: anthropicAnswer('Sure! {"items":["prose"]} That is all.') },
    );
    const { gateway } = gatewayFor(anthropic());
    await expect(gateway.call(task, { q: 'x' }, meta)).resolves.toEqual({ items: ['one', 'two'] });
    await expect(gateway.call(task, { q: 'x' }, meta)).resolves.toEqual({ items: ['prose'] });
  });

  test('500 then success; 401 final', async () => {
    server.script(
      { status: 529, text: 'overloaded' },
      { status: 200, json: anthropicAnswer('{"items":[]}') },
      { status: 401, json: {} },
    );
    const { gateway } = gatewayFor(anthropic());
    await expect(gateway.call(task, { q: 'x' }, meta)).resolves.toEqual({ items: [] });
    await expect(gateway.call(task, { q: 'x' }, meta)).rejects.toThrow(/refused the request \(401\)/);
    expect(server.requests).toHaveLength(3);
  });
});
