// `npm run eval -- --provider openai` (issue 12): the evaluation runs through a remote model when
// one is configured and answers, and says in one line, exit code 2, when none is. The script runs
// as the operator runs it (a child process, the environment as its only configuration), against a
// loopback server speaking each provider's protocol and answering schema-shaped JSON, or against
// nothing.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startLoopback, type LoopbackServer } from './gateway-loopback';
import { issueVerdict, modelRequestOf, scriptedModel } from './helpers/scripted-model';

const REPOSITORY = path.join(__dirname, '..', '..', '..');
const POLICY_LINE = 'Ledger extracts are kept in the archive for seven years after the relationship ends.';
const CONTRACT_LINE =
  'The Processor shall purge every ledger extract within two years of the engagement ending.';

/**
 * Each eval is a child process that starts TypeScript and the engine (a few seconds alone, many more
 * when CI runs three test files on two cores): room beyond jest's default 30 s per test.
 */
const CHILD_PROCESS_TESTS_MS = 120_000;

let server: LoopbackServer;
let corpus: string;

beforeAll(async () => {
  server = await startLoopback();
  corpus = fs.mkdtempSync(path.join(os.tmpdir(), 'auditsvc-eval-corpus-'));
  fs.writeFileSync(path.join(corpus, 'Archive-Policy.md'), `# Archive Policy\n\n${POLICY_LINE}\n`);
  fs.writeFileSync(
    path.join(corpus, 'Processor-Agreement.md'),
    `# Processor Agreement\n\n${CONTRACT_LINE}\n`,
  );
  fs.writeFileSync(
    path.join(corpus, 'EXPECTED.json'),
    JSON.stringify({
      corpus: 'eval-remote',
      intake: {
        domain: 'payments',
        audit_purpose: 'SOC 2 readiness',
        frameworks: [],
        focus_areas: [],
        materiality: null,
        doc_hierarchy: null,
        known_concerns: [],
      },
      defects: [
        {
          id: 'D1',
          primitives: ['conflict_check'],
          documents: ['Processor-Agreement.md'],
          pattern: 'two years',
          summary: 'Seven years in the policy, two years in the agreement.',
        },
      ],
    }),
  );
});

afterAll(async () => {
  await server.close();
  fs.rmSync(corpus, { recursive: true, force: true });
});

/** Runs the eval with `env` as the whole of its configuration (no key or URL of this machine's). */
function evalWith(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/eval.ts', ...args], {
    cwd: REPOSITORY,
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

test(
  'no remote model configured, or none answering: one line, exit code 2',
  async () => {
    const unconfigured = await evalWith(['--provider', 'openai', corpus], {});
    expect(unconfigured).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'eval: no openai model is reachable at https://api.openai.com/v1: set OPENAI_BASE_URL to an OpenAI-compatible server (Ollama, vLLM, llama.cpp) or OPENAI_API_KEY for api.openai.com\n',
    });
    const anthropic = await evalWith(['--provider=anthropic', corpus], {});
    expect(anthropic.code).toBe(2);
    expect(anthropic.stderr).toBe(
      'eval: no anthropic model is reachable at https://api.anthropic.com: set ANTHROPIC_API_KEY\n',
    );

    // Port 1 on the loopback: nothing listens there.
    const down = await evalWith(['--provider', 'openai', corpus], {
      OPENAI_BASE_URL: 'http://127.0.0.1:1/v1',
    });
    expect(down.code).toBe(2);
    expect(down.stdout).toBe('');
    expect(down.stderr).toMatch(
      /^eval: no openai model is reachable at http:\/\/127\.0\.0\.1:1\/v1: .*unreachable.*\n$/,
    );
  },
  CHILD_PROCESS_TESTS_MS,
);

/** Each protocol's settings for the loopback server, and how its requests carry the schema. */
const PROTOCOLS = {
  openai: {
    env: () => ({ OPENAI_BASE_URL: `${server.baseUrl}/v1` }),
    endpoint: () => `${server.baseUrl}/v1`,
    schemaSent: (body: Record<string, unknown>) =>
      expect(body.response_format).toMatchObject({ type: 'json_schema' }),
  },
  anthropic: {
    env: () => ({ ANTHROPIC_BASE_URL: server.baseUrl, ANTHROPIC_API_KEY: 'sk-test' }),
    endpoint: () => server.baseUrl,
    schemaSent: (body: Record<string, unknown>) =>
      expect(body.tools).toEqual([expect.objectContaining({ input_schema: expect.any(Object) })]),
  },
};

test.each(['openai', 'anthropic'] as const)(
  'a reachable %s server runs the same evaluation, scored against the key',
  async (protocol) => {
    server.requests.length = 0;
    server.respond(
      scriptedModel(protocol, {
        question_verdict: ({ user }) =>
          user.includes(CONTRACT_LINE)
            ? issueVerdict(
                'Ledger extracts purged early',
                'Seven years in the policy, two years in the agreement.',
                [
                  ['Archive-Policy.md', POLICY_LINE],
                  ['Processor-Agreement.md', CONTRACT_LINE],
                ],
              )
            : undefined,
        corpus_discovery: ({ user }) => ({
          proposals: user.includes(CONTRACT_LINE)
            ? [
                {
                  primitive: 'conflict_check',
                  title: 'Ledger extract retention conflicts',
                  description: 'Seven years against two years.',
                  severity: 'high',
                  quotes: [
                    { document: 'Archive-Policy.md', chunk_id: null, quote: POLICY_LINE },
                    { document: 'Processor-Agreement.md', chunk_id: null, quote: CONTRACT_LINE },
                  ],
                },
              ]
            : [],
        }),
      }),
    );
    const run = await evalWith(['--provider', protocol, corpus], {
      ...PROTOCOLS[protocol].env(),
      MODEL_TIER_SMALL: 'loopback-small',
      MODEL_TIER_MID: 'loopback-mid',
      MODEL_TIER_STRONG: 'loopback-strong',
      MODEL_PRICING: '{"*": {"input_cents_per_1k": 0.01, "output_cents_per_1k": 0.01}}',
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      `model: ${protocol} at ${PROTOCOLS[protocol].endpoint()} (loopback-small / loopback-mid / loopback-strong)`,
    );
    expect(run.stdout).toContain('recall 1/1 (100%)');
    expect(run.stdout).toMatch(/model calls [1-9]\d*, .*spent 0\.\d\d cents/);

    // Every request went to the loopback model with its task's schema, and discovery read the text.
    const requests = server.requests.map((r) => ({ body: r.body, ...modelRequestOf(r) }));
    expect(requests.length).toBeGreaterThan(2);
    for (const request of requests) {
      expect(String(request.body.model)).toMatch(/^loopback-(small|mid|strong)$/);
      PROTOCOLS[protocol].schemaSent(request.body);
    }
    const discovery = requests.filter((r) => r.task === 'corpus_discovery');
    expect(discovery.some((r) => r.user.includes(POLICY_LINE))).toBe(true);
  },
  CHILD_PROCESS_TESTS_MS,
);
