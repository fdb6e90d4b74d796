// The methodology record a run keeps of itself (issue 12): what a local-analyst and a remote run
// record, that a stored record reads back only through its schema, and the methodology text the
// deliverable writes from it.
import {
  DEFAULT_RUN_OPTIONS,
  createLocalProvider,
  methodologyRecordOf,
  methodologyText,
  readMethodologyRecord,
  type MethodologyRecord,
} from '../src';
import { startLoopback, type LoopbackServer } from './gateway-loopback';
import { FILES, INVENTED, retentionScript } from './helpers/retention-conflict';
import { scriptedModel } from './helpers/scripted-model';
import { loopbackProvider, methodologyOfRun, scriptedRun } from './helpers/scripted-run';
import { snapshotOf } from './helpers/synthetic-corpus';

const REMOTE: MethodologyRecord = {
  provider: 'anthropic',
  document_count: 40,
  iterations: 2,
  model_calls: 31,
  converged: false,
  aborted: 'budget',
  quotes_rejected: 0,
  quotes_removed: 0,
  discovery: { passes: 9, failed_passes: 1, proposals: 4, documents_unread: ['Vendor-List.xlsx', 'Z.pdf'] },
};

describe('what a run records', () => {
  test('a local-analyst run: provider local, no discovery, and its text says so', async () => {
    const { result } = await scriptedRun(await snapshotOf(FILES), createLocalProvider());
    const record = methodologyRecordOf(result);
    expect(record).toMatchObject({
      provider: 'local',
      document_count: 2,
      iterations: 1,
      model_calls: result.modelCalls,
      quotes_rejected: 0,
      quotes_removed: 0,
      discovery: null,
    });
    // Stored as JSON and read back: the same record.
    expect(readMethodologyRecord(JSON.parse(JSON.stringify(record)))).toEqual(record);
    const text = methodologyOfRun(result);
    expect(text).toContain('We examined 2 documents.');
    expect(text).toContain('The built-in local analyst served this run');
    expect(text).toContain('no model-led discovery');
    expect(text).not.toMatch(/quotes_rejected|discovery passes|reading budget/);
  });

  describe('a remote run', () => {
    let server: LoopbackServer;
    beforeEach(async () => {
      server = await startLoopback();
    });
    afterEach(() => server.close());

    test('records its discovery and quote counts, and its text states them', async () => {
      server.respond(
        scriptedModel(
          'openai',
          retentionScript({
            proposals: [
              {
                primitive: 'coverage_check',
                title: 'No archive owner named',
                description: 'Nobody owns the archive.',
                severity: 'medium',
                quotes: [{ document: 'Archive-Policy.md', chunk_id: null, quote: INVENTED }],
              },
            ],
          }),
        ),
      );
      const { result } = await scriptedRun(await snapshotOf(FILES), loopbackProvider(server, 'openai'));
      const record = methodologyRecordOf(result);
      expect(record).toMatchObject({
        provider: 'openai',
        document_count: 2,
        quotes_rejected: 1,
        quotes_removed: 1,
        discovery: { passes: 2, failed_passes: 0, proposals: 1, documents_unread: [] },
      });
      expect(readMethodologyRecord(JSON.parse(JSON.stringify(record)))).toEqual(record);
      const text = methodologyOfRun(result);
      for (const phrase of [
        'the model read the corpus itself in 2 passes',
        'proposed 1 target of its own',
        'every document was read',
        '1 that could not be found were removed from the evidence',
        '1 proposed finding with no verifiable quote was dropped (quotes_rejected)',
        '(openai)',
      ])
        expect(text).toContain(phrase);
    });
  });

  test('the text names the documents the budget left unread, failed passes and the abort', () => {
    const text = methodologyText({ frameworks: ['ISO 27001'], options: DEFAULT_RUN_OPTIONS, run: REMOTE });
    for (const phrase of [
      'We examined 40 documents against ISO 27001.',
      'in 9 passes',
      'the reading budget left 2 documents not (fully) read: Vendor-List.xlsx, Z.pdf.',
      '1 pass failed and proposed nothing.',
      'Every quote a model returned was found in the text of the document it cites',
      'The compute budget was exhausted before the run completed',
    ])
      expect(text).toContain(phrase);
  });
});

describe('reading a stored record', () => {
  test.each<[string, unknown, RegExp]>([
    ['not an object', 'openai', /\/ must be object/],
    ['a count of the wrong type', { ...REMOTE, quotes_rejected: '1' }, /\/quotes_rejected must be integer/],
    ['a negative count', { ...REMOTE, quotes_removed: -1 }, /\/quotes_removed must be >= 0/],
    ['a missing member', { ...REMOTE, model_calls: undefined }, /must have required property 'model_calls'/],
    ['an unknown provider', { ...REMOTE, provider: 'mystery' }, /\/provider must be equal to one of/],
    ['a bad discovery', { ...REMOTE, discovery: { passes: 1 } }, /\/discovery/],
  ])('refuses %s with an error naming the fault', (_name, stored, message) => {
    expect(() => readMethodologyRecord(stored)).toThrow(message);
    expect(() => readMethodologyRecord(stored)).toThrow(/^the methodology record does not fit its schema/);
  });

  test('drops members it does not know (a newer writer), keeps the rest', () => {
    const stored = { ...REMOTE, tokens: 12, discovery: { ...REMOTE.discovery, seconds: 3 } };
    expect(readMethodologyRecord(stored)).toEqual(REMOTE);
    // The stored value itself is left as it was.
    expect(stored.tokens).toBe(12);
  });
});
