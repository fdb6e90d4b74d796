// The run's methodology (issue 12): the worker stores the record of each completed run on its Run
// row, GET engagement/{id}/runs returns it, and the deliverable's methodology says how the run read
// the corpus in every format. One run is served by a scripted remote model (a loopback server
// speaking the OpenAI protocol) that invents quotes, one by the local analyst; rows without a
// record (runs completed before it existed) and with a damaged one still read.
import type { DeliverableContent } from '@auditsvc/deliverables';
import { newId } from '@auditsvc/core';
import { runOptionsFrom } from '@auditsvc/services';
import { startLoopback, type LoopbackServer } from '../../../packages/engine/test/gateway-loopback';
import {
  CONTRACT_LINE,
  FILES,
  INVENTED,
  quote,
  retentionScript,
} from '../../../packages/engine/test/helpers/retention-conflict';
import { scriptedModel } from '../../../packages/engine/test/helpers/scripted-model';
import { Actors, makeActors, makeEngagement } from '../../../test/helpers/builders';
import { TestContext, createTestContext } from '../../../test/helpers/context';
import { ingestCorpus } from '../../../test/helpers/ingest';
import { docxBodyText } from '../../../test/helpers/docx-text';
import { TestProcess, startWorkerProcess } from '../../../test/helpers/processes';
import { runEnded } from '../../../test/helpers/run-ended';
import { sampleIntake } from '../../../test/helpers/sample-corpus';

jest.setTimeout(180_000);

const FREE = JSON.stringify({ '*': { input_cents_per_1k: 0, output_cents_per_1k: 0 } });
/** Discovery's second proposal quotes text no document holds: it is dropped and counted. */
const INVENTED_PROPOSAL = {
  primitive: 'coverage_check',
  title: 'No archive owner named',
  description: 'Nobody owns the archive.',
  severity: 'medium',
  quotes: [{ document: 'Archive-Policy.md', chunk_id: null, quote: INVENTED }],
};
const LOCAL_ANALYST = 'The built-in local analyst served this run';
const HEADING = 'How the documents were read';

let ctx: TestContext;
let actors: Actors;
let model: LoopbackServer;
let worker: TestProcess | null = null;
/** The ingested two-document corpus every run names as its client_id. */
let corpusId: string;
/** Engagements audited by the scripted remote model and by the local analyst. */
let remoteId: string;
let localId: string;

const get = (path: string, headers = actors.headers.partnerA) => ctx.http().get(path).set(headers);
const view = async (id: string) => (await get(`/auditsvc/engagement/${id}`)).body as Record<string, unknown>;
const runsOf = async (id: string) => {
  const res = await get(`/auditsvc/engagement/${id}/runs`);
  expect(res.status).toBe(200);
  return res.body as { engagement_id: string; runs: Record<string, unknown>[]; total: number };
};
const deliverable = (id: string, format: string) =>
  get(`/auditsvc/engagement/${id}/deliverable?format=${format}`)
    .buffer(true)
    .parse((res, callback) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => callback(null, Buffer.concat(chunks)));
    });
const oneLine = (text: string) => text.replace(/\s+/g, ' ');

/** The deliverable's methodology as each format writes it (whitespace made single spaces). */
async function methodologyInEveryFormat(id: string): Promise<Record<string, string>> {
  const json = JSON.parse((await deliverable(id, 'json')).body.toString()) as DeliverableContent;
  const text = JSON.parse((await deliverable(id, 'methodology')).body.toString()) as { text: string };
  const markdown = JSON.parse((await deliverable(id, 'markdown')).body.toString()) as { markdown: string };
  const html = (await deliverable(id, 'html')).body.toString();
  const docx = docxBodyText(new Uint8Array((await deliverable(id, 'docx')).body as Buffer));
  return {
    json: oneLine(json.methodology.procedure ?? ''),
    methodology: oneLine(text.text),
    markdown: oneLine(markdown.markdown),
    html: oneLine(html),
    docx: oneLine(docx),
  };
}

async function auditedEngagement(): Promise<string> {
  const engagement = await makeEngagement(ctx, actors.firmA, { intake: sampleIntake });
  const start = await ctx
    .http()
    .post(`/auditsvc/engagement/${engagement.id}/run`)
    .set(actors.headers.partnerA)
    .send({ client_id: corpusId, max_iterations: 1 });
  expect(start.status).toBe(202);
  expect((await runEnded(view, engagement.id)).status).toBe('findings_review');
  return engagement.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await makeActors(ctx);
  model = await startLoopback();
  model.respond(
    scriptedModel(
      'openai',
      retentionScript({
        proposals: [INVENTED_PROPOSAL],
        // One quote of the contract, one invented: only the first reaches the finding.
        verdictQuotes: (user) => [
          quote('Processor-Agreement.md', CONTRACT_LINE, user),
          { document: 'Archive-Policy.md', chunk_id: null, quote: INVENTED },
        ],
      }),
    ),
  );
  worker = await startWorkerProcess(ctx, {
    MODEL_PROVIDER: 'openai',
    OPENAI_BASE_URL: `${model.baseUrl}/v1`,
    OPENAI_API_KEY: 'sk-test-loopback',
    MODEL_PRICING: FREE,
  });
  corpusId = (await makeEngagement(ctx, actors.firmA)).id;
  await ingestCorpus(
    ctx,
    corpusId,
    actors.headers.partnerA,
    Object.fromEntries(Object.entries(FILES).map(([name, text]) => [name, Buffer.from(text)])),
  );
  remoteId = await auditedEngagement();
  await worker.stop();
  worker = await startWorkerProcess(ctx, { MODEL_PROVIDER: 'local' });
  localId = await auditedEngagement();
  await worker.stop();
  worker = null;
});
afterAll(async () => {
  await worker?.stop();
  await model?.close();
  await ctx?.close();
});

describe('a run served by a remote model', () => {
  it('stores its record on the Run row, and the run object returns it', async () => {
    const body = await runsOf(remoteId);
    expect(body).toMatchObject({ engagement_id: remoteId, total: 1, count: 1, limit: 100, offset: 0 });
    const [run] = body.runs;
    expect(run).toEqual({
      id: expect.stringMatching(/^run-/),
      engagement_id: remoteId,
      kind: 'run',
      status: 'completed',
      parent_finding_id: null,
      created_at: expect.any(String),
      started_at: expect.any(String),
      completed_at: expect.any(String),
      failure_reason: null,
      methodology: {
        provider: 'openai',
        document_count: 2,
        iterations: 1,
        model_calls: expect.any(Number),
        // Its one iteration found the conflict: not converged, stopped by max_iterations.
        converged: false,
        aborted: null,
        // The invented proposal; its quote and the verdict's invented quote.
        quotes_rejected: 1,
        quotes_removed: 2,
        discovery: { passes: 2, failed_passes: 0, proposals: 1, documents_unread: [] },
      },
    });
    expect((run!.methodology as { model_calls: number }).model_calls).toBeGreaterThan(2);
    // What the worker wrote to the row is what the API answers.
    const row = await ctx.services.repos.runs.findRun(run!.id as string);
    expect(row!.methodology).toEqual(run!.methodology);
  });

  it('says in every format of the deliverable how the model read the corpus and what was dropped', async () => {
    const formats = await methodologyInEveryFormat(remoteId);
    for (const [format, text] of Object.entries(formats)) {
      for (const phrase of [
        'the model read the corpus itself in 2 passes',
        'proposed 1 target of its own',
        'every document was read',
        '2 that could not be found were removed from the evidence',
        '1 proposed finding with no verifiable quote was dropped',
      ])
        expect([format, text.includes(phrase)]).toEqual([format, true]);
      expect([format, text.includes(LOCAL_ANALYST)]).toEqual([format, false]);
    }
    expect(formats.html).toContain(`<h3>${HEADING}</h3>`);
    expect(formats.markdown).toContain(`### ${HEADING}`);
  });

  it('keeps the engagement private: another firm gets 404', async () => {
    const res = await get(`/auditsvc/engagement/${remoteId}/runs`, actors.headers.partnerB);
    expect(res.status).toBe(404);
  });
});

describe('a run of the local analyst', () => {
  it('records provider local and no discovery, and the deliverable says the local analyst read it', async () => {
    const [run] = (await runsOf(localId)).runs;
    expect(run!.methodology).toMatchObject({
      provider: 'local',
      document_count: 2,
      quotes_rejected: 0,
      quotes_removed: 0,
      discovery: null,
    });
    for (const [format, text] of Object.entries(await methodologyInEveryFormat(localId))) {
      expect([format, text.includes(LOCAL_ANALYST)]).toEqual([format, true]);
      expect([format, text.includes('no model-led discovery')]).toEqual([format, true]);
      expect([format, text.includes('discovery passes')]).toEqual([format, false]);
    }
  });
});

describe('runs without a readable record', () => {
  let engagementId: string;
  const completedRun = (createdAt: Date, methodology?: object) =>
    ctx.services.repos.runs.createRun({
      id: newId('run'),
      engagementId,
      kind: 'run',
      status: 'completed',
      options: runOptionsFrom({}) as object,
      createdAt,
      startedAt: createdAt,
      completedAt: createdAt,
      ...(methodology ? { methodology } : {}),
    });

  beforeAll(async () => {
    engagementId = (await makeEngagement(ctx, actors.firmA, { intake: sampleIntake })).id;
  });

  it('reads a run completed before the record existed (no record) as methodology null', async () => {
    const before = await completedRun(new Date('2026-01-01T00:00:00.000Z'));
    expect(before.methodology).toBeNull();
    const [run] = (await runsOf(engagementId)).runs;
    expect(run).toMatchObject({ id: before.id, status: 'completed', methodology: null });
    const formats = await methodologyInEveryFormat(engagementId);
    expect(formats.json).toBe('');
    for (const [format, text] of Object.entries(formats))
      expect([format, text.includes(HEADING)]).toEqual([format, false]);
  });

  it('logs a damaged record as an error and reads it as none: the run and the deliverable still answer', async () => {
    const damaged = await completedRun(new Date('2026-02-01T00:00:00.000Z'), {
      provider: 'openai',
      quotes_rejected: 'many',
    });
    const body = await runsOf(engagementId);
    expect(body.total).toBe(2);
    expect(body.runs[0]).toMatchObject({ id: damaged.id, methodology: null });
    const logged = () =>
      ctx.logs.filter((line) => line.includes('run_methodology_invalid') && line.includes(damaged.id));
    expect(logged().length).toBe(1);
    expect(JSON.parse(logged()[0]!)).toMatchObject({
      level: 'error',
      run_id: damaged.id,
      engagement_id: engagementId,
      error: expect.stringMatching(/^the methodology record does not fit its schema/),
    });
    // The deliverable describes the latest completed run: the damaged one, so no procedure.
    const res = await deliverable(engagementId, 'json');
    expect(res.status).toBe(200);
    expect((JSON.parse(res.body.toString()) as DeliverableContent).methodology.procedure).toBeNull();
    expect(logged().length).toBe(2);
  });
});
