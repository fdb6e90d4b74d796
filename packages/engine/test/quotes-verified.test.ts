// Quotes are verified, always (issue 12): every quote a remote model returns is located in the
// text of the document it cites; one that is not never reaches a finding's evidence, and a finding
// left without quotes is dropped and counted (quotes_rejected). The model is scripted behind a
// loopback OpenAI-compatible server, through the real gateway.
import { createLocalProvider, type ModelProvider } from '../src';
import { startLoopback, type LoopbackServer } from './gateway-loopback';
import { INTAKE, PLANTED, snapshotOf } from './helpers/synthetic-corpus';
import { chunkIdOf, scriptedModel } from './helpers/scripted-model';
import { loopbackProvider, methodologyOfRun, scriptedRun } from './helpers/scripted-run';

const GOOD = 'Workforce passwords must be at least 14 characters long.';
const INVENTED = 'All passwords are stored in plain text on a shared drive.';

let server: LoopbackServer;
beforeEach(async () => {
  server = await startLoopback();
});
afterEach(async () => {
  await server.close();
});

async function audit(provider: ModelProvider) {
  const snapshot = await snapshotOf(PLANTED);
  const { result } = await scriptedRun(snapshot, provider, {
    intake: INTAKE,
    options: { enableAdversarialVerification: false },
  });
  return { result, snapshot };
}

const finding = (title: string, evidence: unknown[]) => ({
  verdict: 'issue',
  findings: [{ title, description: title, root_cause: title, severity: 'high', confidence: 0.9, evidence }],
});

test('an invented quote is dropped; a finding with only invented quotes is dropped and counted', async () => {
  let mixed = 0;
  let inventedOnly = 0;
  server.respond(
    scriptedModel('openai', {
      question_verdict: ({ user }) => {
        if (user.includes(GOOD)) {
          mixed += 1;
          return finding(`Password length ${mixed}`, [
            {
              document: 'Identity-Policy.md',
              chunk_id: chunkIdOf(user, 'Identity-Policy.md', GOOD),
              quote: GOOD,
            },
            { document: 'Identity-Policy.md', chunk_id: null, quote: INVENTED },
          ]);
        }
        inventedOnly += 1;
        return finding(`Invented ${inventedOnly}`, [
          { document: 'Identity-Policy.md', chunk_id: null, quote: INVENTED },
          // Real text of the corpus, but not of the document it cites.
          { document: 'Access-Procedure.txt', chunk_id: null, quote: GOOD },
        ]);
      },
    }),
  );
  const { result, snapshot } = await audit(loopbackProvider(server, 'openai'));
  expect(mixed).toBeGreaterThan(0);
  expect(inventedOnly).toBeGreaterThan(0);

  // One good and one invented quote: only the good one is kept.
  const kept = result.findings.filter((f) => f.title.startsWith('Password length'));
  expect(kept.length).toBe(mixed);
  for (const f of kept)
    expect(f.evidence.map((e) => [e.document, e.quote])).toEqual([['Identity-Policy.md', GOOD]]);
  // No invented quote anywhere, no finding built on invented quotes only.
  expect(result.findings.some((f) => f.title.startsWith('Invented'))).toBe(false);
  for (const f of result.findings)
    for (const e of f.evidence)
      expect(snapshot.documents.find((d) => d.name === e.document)!.text).toContain(e.quote);
  expect(result.methodology).toMatchObject({
    quotes_rejected: inventedOnly,
    quotes_removed: mixed + 2 * inventedOnly,
  });
  const text = methodologyOfRun(result);
  expect(text).toContain(
    `${mixed + 2 * inventedOnly} that could not be found were removed from the evidence`,
  );
  expect(text).toContain(
    `${inventedOnly} proposed findings with no verifiable quote were dropped (quotes_rejected)`,
  );
});

test("the local analyst's quotes are all located: nothing removed or rejected", async () => {
  const { result } = await audit(createLocalProvider());
  expect(result.findings.length).toBeGreaterThan(0);
  expect(result.methodology).toEqual({ quotes_rejected: 0, quotes_removed: 0, discovery: null });
});
