// Remote models read the corpus (issue 12): discovery proposes a defect no local check lists and it
// becomes a canonical finding with verbatim quotes, on both providers; quotes a model invents never
// reach a finding. The model is scripted behind a loopback server speaking each protocol, through
// the real gateway (cap ledger, price table, audit sink).
import { createCapLedger, createLocalProvider, type ModelProvider } from '../src';
import type { CorpusSnapshot } from '../src/corpus';
import { startLoopback, type LoopbackServer } from './gateway-loopback';
import { snapshotOf } from './helpers/synthetic-corpus';
import { chunkIdOf, modelRequestOf, scriptedModel, type Protocol } from './helpers/scripted-model';
import {
  CONTRACT_LINE,
  FILES,
  INVENTED,
  POLICY_LINE,
  TITLE,
  quote,
  retentionScript,
} from './helpers/retention-conflict';
import { loopbackProvider, methodologyOfRun, scriptedRun } from './helpers/scripted-run';

let server: LoopbackServer;
let snapshot: CorpusSnapshot;

beforeAll(async () => {
  snapshot = await snapshotOf(FILES);
});
beforeEach(async () => {
  server = await startLoopback();
});
afterEach(async () => {
  await server.close();
});

const providerFor = (protocol: Protocol) => loopbackProvider(server, protocol, 'sk-test');
const audit = (provider: ModelProvider, ledger = createCapLedger(1000)) =>
  scriptedRun(snapshot, provider, { ledger });

describe('model-led discovery with a remote provider', () => {
  test('the local provider does not find the retention conflict (no check lists it)', async () => {
    const { result } = await audit(createLocalProvider());
    const quoted = result.findings.flatMap((f) => f.evidence.map((e) => e.quote));
    expect(quoted.some((q) => q.includes('purge every ledger extract'))).toBe(false);
    expect(result.methodology.discovery).toBeNull();
  });

  test.each<Protocol>(['openai', 'anthropic'])(
    '%s: a proposed defect becomes a canonical finding with verbatim quotes',
    async (protocol) => {
      server.respond(scriptedModel(protocol, retentionScript()));
      const { result, events } = await audit(providerFor(protocol));

      const finding = result.findings.find((f) => f.isCanonical && f.title === TITLE);
      expect(finding).toBeDefined();
      expect(finding!.primitive).toBe('conflict_check');
      expect(finding!.filterStatus).not.toBe('rejected');
      expect(finding!.evidence.map((e) => [e.document, e.quote])).toEqual([
        ['Archive-Policy.md', POLICY_LINE],
        ['Processor-Agreement.md', CONTRACT_LINE],
      ]);
      for (const e of finding!.evidence) {
        expect(snapshot.documents.find((d) => d.name === e.document)!.text).toContain(e.quote);
        expect(e.quote_verified).toBe(true);
        expect(e.chunk_id).toEqual(expect.any(String));
      }

      // Discovery requests carry the documents' text, and each task's schema goes the provider's way.
      const discovery = server.requests.filter((r) => modelRequestOf(r).task === 'corpus_discovery');
      expect(discovery.length).toBeGreaterThan(0);
      const read = discovery.map((r) => modelRequestOf(r).user).join('\n');
      expect(read).toContain(POLICY_LINE);
      expect(read).toContain(CONTRACT_LINE);
      for (const request of server.requests) {
        if (protocol === 'openai')
          expect(request.body.response_format).toMatchObject({
            type: 'json_schema',
            json_schema: { schema: { type: 'object' } },
          });
        else
          expect(request.body).toMatchObject({
            tools: [{ name: 'answer', input_schema: { type: 'object' } }],
            tool_choice: { type: 'tool', name: 'answer' },
          });
      }
      // The audit log records the prompt version of every call.
      expect(events.filter((e) => e.metadata.step.startsWith('discover_'))).toEqual(
        discovery.map(() =>
          expect.objectContaining({
            metadata: expect.objectContaining({ prompt_version: 'corpus_discovery@2', stage: 'catalog' }),
          }),
        ),
      );
      expect(events.every((e) => /^[a-z_]+@\d+$/.test(e.metadata.prompt_version))).toBe(true);

      expect(result.methodology).toMatchObject({
        quotes_rejected: 0,
        discovery: { proposals: 1, failed_passes: 0, documents_unread: [] },
      });
    },
  );

  test('invented quotes never reach a finding: dropped, and a proposal with none left is counted', async () => {
    const invented = (user: string) => ({
      primitive: 'coverage_check',
      title: 'No archive owner named',
      description: 'Nobody owns the archive.',
      severity: 'medium',
      quotes: [
        {
          document: 'Archive-Policy.md',
          chunk_id: chunkIdOf(user, 'Archive-Policy.md', POLICY_LINE),
          quote: INVENTED,
        },
      ],
    });
    let script = retentionScript({
      // One good and one invented quote: only the good one is kept.
      verdictQuotes: (user) => [
        quote('Processor-Agreement.md', CONTRACT_LINE, user),
        { document: 'Archive-Policy.md', chunk_id: null, quote: INVENTED },
        // Real text, but not of the document it cites.
        { document: 'Archive-Policy.md', chunk_id: null, quote: CONTRACT_LINE },
      ],
    });
    const discover = script.corpus_discovery!;
    script = {
      ...script,
      corpus_discovery: (request) => {
        const answer = discover(request) as { proposals: unknown[] };
        return { proposals: answer.proposals.length ? [...answer.proposals, invented(request.user)] : [] };
      },
    };
    server.respond(scriptedModel('openai', script));
    const { result } = await audit(providerFor('openai'));

    const finding = result.findings.find((f) => f.isCanonical && f.title === TITLE)!;
    expect(finding.evidence.map((e) => [e.document, e.quote])).toEqual([
      ['Processor-Agreement.md', CONTRACT_LINE],
    ]);
    const everyQuote = result.findings.flatMap((f) => f.evidence.map((e) => e.quote));
    expect(everyQuote).not.toContain(INVENTED);
    expect(result.findings.some((f) => f.title === 'No archive owner named')).toBe(false);
    // The invented proposal never became a target: no question was asked about it.
    const verdictPrompts = server.requests.map(modelRequestOf).filter((r) => r.task === 'question_verdict');
    expect(verdictPrompts.some((r) => r.user.includes('No archive owner named'))).toBe(false);
    expect(result.methodology.quotes_rejected).toBe(1);
    expect(result.methodology.quotes_removed).toBe(3);
    expect(methodologyOfRun(result)).toMatch(
      /1 proposed finding with no verifiable quote was dropped \(quotes_rejected\)/,
    );
  });

  test('a verdict whose every quote is invented gives no finding and is counted', async () => {
    server.respond(
      scriptedModel(
        'anthropic',
        retentionScript({
          verdictQuotes: () => [{ document: 'Processor-Agreement.md', chunk_id: null, quote: INVENTED }],
        }),
      ),
    );
    const { result } = await audit(providerFor('anthropic'));
    expect(result.findings.some((f) => f.title === TITLE)).toBe(false);
    expect(result.methodology.quotes_rejected).toBe(1);
  });

  test('discovery reserves like every call: a budget too small for a pass aborts the run, never overspent', async () => {
    server.respond(scriptedModel('openai', retentionScript()));
    // A pass reserves its 2,000 output tokens on the small tier (about 0.12 cents): 0.05 cents
    // admits the profile's small calls at most.
    const ledger = createCapLedger(0.05);
    const { result } = await audit(providerFor('openai'), ledger);
    expect(result.aborted).toBe('budget');
    expect(ledger.state.spentMicrocents).toBeLessThanOrEqual(ledger.state.budgetMicrocents);
    expect(server.requests.some((r) => modelRequestOf(r).task === 'corpus_discovery')).toBe(false);
    expect(result.findings).toEqual([]);
  });
});
