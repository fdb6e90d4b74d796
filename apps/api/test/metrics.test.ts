// Metrics and job hygiene (issue 15, parts 2 and 3) through a real worker process: GET /metrics
// refuses callers without the admin token or METRICS_TOKEN; after an ingest (one corpus parses, one
// fails on an encrypted PDF) and a run, the API's scrape, parsed as Prometheus text, shows every
// family with values that moved (the worker's families through Redis, labelled by worker), and so
// does the worker's own endpoint (WORKER_METRICS_PORT). The request id of the call that queued a
// job is on the job and on every line the worker logs about it; queued jobs carry the trimming
// options of JOBS_KEEP_*.
import { makeActors, makeEngagement, type Actors } from '../../../test/helpers/builders';
import { TestContext, createTestContext } from '../../../test/helpers/context';
import * as hostile from '../../../test/helpers/hostile-files';
import { TestProcess, startWorkerProcess } from '../../../test/helpers/processes';
import { Scrape, parseScrape, samples, total } from '../../../test/helpers/prometheus';
import { runEnded } from '../../../test/helpers/run-ended';
import { sampleFile, sampleIntake } from '../../../test/helpers/sample-corpus';
import { serve } from '../../../test/helpers/server';
import { openSse } from '../../../test/helpers/sse';
import { waitFor } from '../../../test/helpers/wait';

jest.setTimeout(180_000);

const METRICS_TOKEN = 'metrics-token-for-tests';
const KEEP = {
  JOBS_KEEP_COMPLETED: '50',
  JOBS_KEEP_COMPLETED_HOURS: '2',
  JOBS_KEEP_FAILED: '70',
  JOBS_KEEP_FAILED_HOURS: '3',
};
/** A few files of the sample corpus, in four formats. */
const FILES = [
  'Information-Security-Policy.md',
  'Password-Policy.docx',
  'Vendor-Inventory.csv',
  'Change-Management-Policy.txt',
];
const RUN_ROUTE = '/auditsvc/engagement/:engagement_id/run';

let ctx: TestContext;
let actors: Actors;
let worker: TestProcess;
let workerMetricsUrl: string;
let server: Awaited<ReturnType<typeof serve>>;

const bearer = { authorization: `Bearer ${METRICS_TOKEN}` };

async function scrapeApi(): Promise<Scrape> {
  const res = await ctx.http().get('/metrics').set(bearer);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseScrape(res.text);
}

async function scrapeWorker(headers: Record<string, string> = bearer) {
  return fetch(workerMetricsUrl, { headers });
}

const view = async (id: string) =>
  (await ctx.http().get(`/auditsvc/engagement/${id}`).set(actors.headers.partnerA)).body as Record<
    string,
    unknown
  >;

async function ingest(engagementId: string, files: { name: string; bytes: Buffer }[], requestId: string) {
  for (const file of files) {
    const res = await ctx
      .http()
      .post(`/auditsvc/engagement/${engagementId}/corpus/upload`)
      .set(actors.headers.partnerA)
      .attach('file', file.bytes, file.name);
    expect(res.status).toBe(201);
  }
  const started = await ctx
    .http()
    .post(`/auditsvc/engagement/${engagementId}/corpus/ingest`)
    .set(actors.headers.partnerA)
    .set('x-request-id', requestId);
  expect(started.status).toBe(202);
  return waitFor(`the ingest of ${engagementId}`, async () => {
    const corpus = (await view(engagementId)).corpus as { status: string };
    return ['ingested', 'ingest_failed'].includes(corpus.status) && corpus.status;
  });
}

/** The worker's JSON log lines. */
const workerLines = () =>
  worker
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

beforeAll(async () => {
  ctx = await createTestContext({ METRICS_TOKEN, ...KEEP });
  actors = await makeActors(ctx);
  server = await serve(ctx.app);
  worker = await startWorkerProcess(ctx, {
    METRICS_TOKEN,
    WORKER_METRICS_PORT: '0',
    JOB_LOCK_MS: '8000',
    // For the parse_file_done lines (each file's parse, logged from the parse child's messages).
    LOG_LEVEL: 'debug',
    // Priced, so that spend moves (the built-in analyst is free).
    MODEL_PRICING: JSON.stringify({ '*': { input_cents_per_1k: 0.01, output_cents_per_1k: 0.02 } }),
  });
  await worker.waitFor('worker_metrics_listening');
  const port =
    /"message":"worker_metrics_listening"[^\n]*"port":(\d+)|"port":(\d+)[^\n]*"message":"worker_metrics_listening"/.exec(
      worker.output(),
    )!;
  workerMetricsUrl = `http://127.0.0.1:${port[1] ?? port[2]}/metrics`;
});
afterAll(async () => {
  await worker?.stop();
  await server?.close();
  await ctx?.close();
});

describe('GET /metrics', () => {
  it('is refused without the admin token or METRICS_TOKEN (401), and to a non-admin session (403)', async () => {
    const anonymous = await ctx.http().get('/metrics');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ detail: expect.any(String) });
    expect((await ctx.http().get('/metrics').set('authorization', 'Bearer not-the-token')).status).toBe(401);
    expect((await ctx.http().get('/metrics').set('x-admin-token', 'wrong')).status).toBe(401);
    const partner = await ctx.http().get('/metrics').set(actors.headers.partnerA);
    expect(partner.status).toBe(403);
    expect(partner.body.detail).toEqual(expect.any(String));
    expect((await ctx.http().get('/metrics').set(actors.headers.adminToken)).status).toBe(200);
    expect((await ctx.http().get('/metrics').set(bearer)).status).toBe(200);

    const refused = await scrapeWorker({});
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ detail: expect.any(String) });
    expect((await scrapeWorker({ authorization: 'Bearer not-the-token' })).status).toBe(401);
    expect((await scrapeWorker({ 'x-admin-token': ctx.adminToken })).status).toBe(200);
  });
});

it('counts the event streams open on the API process, and a stream the client left as a request', async () => {
  const streamRoute = { route: '/auditsvc/engagement/:engagement_id/stream', status: '200' };
  const streamsBefore = total(await scrapeApi(), 'auditsvc_http_requests_total', streamRoute);
  // A queued engagement: its run stream stays open (until the client leaves).
  const queued = await makeEngagement(ctx, actors.firmA, { status: 'queued' });
  const stream = await openSse(
    `${server.baseUrl}/auditsvc/engagement/${queued.id}/stream`,
    actors.headers.partnerA,
  );
  expect(stream.status).toBe(200);
  const open = await scrapeApi();
  expect(total(open, 'auditsvc_sse_streams_open', { stream: 'run' })).toBe(1);
  expect(total(open, 'auditsvc_sse_streams_open', { stream: 'corpus' })).toBe(0);
  stream.close();
  await waitFor('the stream to close', async () => {
    const scrape = await scrapeApi();
    return total(scrape, 'auditsvc_sse_streams_open', { stream: 'run' }) === 0;
  });
  // Left by the client, the stream never finished its response; it is counted, with its whole life.
  const after = await scrapeApi();
  expect(total(after, 'auditsvc_http_requests_total', streamRoute)).toBe(streamsBefore + 1);
  expect(total(after, 'auditsvc_http_request_duration_seconds_count', streamRoute)).toBe(streamsBefore + 1);
  const line = ctx.logs
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .find(
      (entry) => entry.message === 'request' && entry.path === `/auditsvc/engagement/${queued.id}/stream`,
    );
  expect(line).toMatchObject({ status: 200, aborted: true });
});

it('answers without Redis, leaving out the queue and worker families', async () => {
  // Nothing listens on port 1: every Redis call fails at once.
  const offline = await createTestContext({ REDIS_URL: 'redis://127.0.0.1:1' });
  try {
    await offline.http().get('/healthz');
    const res = await offline.http().get('/metrics').set('x-admin-token', offline.adminToken);
    expect(res.status).toBe(200);
    const scrape = parseScrape(res.text);
    expect(total(scrape, 'auditsvc_http_requests_total', { route: '/healthz', status: '200' })).toBe(1);
    expect(samples(scrape, 'auditsvc_queue_jobs')).toEqual([]);
    expect(scrape.families.has('auditsvc_job_duration_seconds')).toBe(false);
  } finally {
    await offline.close();
  }
});

describe('after an ingest and a run', () => {
  let corpusId: string;
  let runEngagement: string;
  let runRequestId: string;
  let before: Scrape;

  beforeAll(async () => {
    before = await scrapeApi();
    corpusId = (await makeEngagement(ctx, actors.firmA, { clientName: 'Northwind Health' })).id;
    const status = await ingest(
      corpusId,
      FILES.map((name) => ({ name, bytes: sampleFile(name) })),
      'trace-ingest-ok',
    );
    expect(status).toBe('ingested');
    const broken = (await makeEngagement(ctx, actors.firmA)).id;
    const encrypted = hostile.encryptedPdf();
    expect(
      await ingest(broken, [{ name: encrypted.filename, bytes: encrypted.bytes }], 'trace-ingest-bad'),
    ).toBe('ingest_failed');

    runEngagement = (await makeEngagement(ctx, actors.firmA, { intake: sampleIntake })).id;
    runRequestId = `trace-run-${Date.now()}`;
    const started = await ctx
      .http()
      .post(`/auditsvc/engagement/${runEngagement}/run`)
      .set(actors.headers.partnerA)
      .set('x-request-id', runRequestId)
      .send({ client_id: corpusId });
    expect(started.status).toBe(202);
    expect((await runEnded(view, runEngagement)).status).toBe('findings_review');
  });

  it("shows every family on the API's scrape, with values that moved", async () => {
    // A worker publishes its snapshot right after each job: the run's shows up promptly. The
    // handler's end is observed a moment before BullMQ moves the job to completed (and the run
    // reaches findings_review before either), so the scrape is awaited for both.
    const after = await waitFor('the run job in the scrape', async () => {
      const scrape = await scrapeApi();
      return (
        total(scrape, 'auditsvc_job_duration_seconds_count', { queue: 'run', outcome: 'completed' }) >= 1 &&
        total(scrape, 'auditsvc_queue_jobs', { queue: 'run', state: 'completed' }) >= 1 &&
        scrape
      );
    });
    const types = Object.fromEntries([...after.families].map(([name, family]) => [name, family.type]));
    expect(types).toMatchObject({
      auditsvc_http_requests_total: 'COUNTER',
      auditsvc_http_request_duration_seconds: 'HISTOGRAM',
      auditsvc_queue_jobs: 'GAUGE',
      auditsvc_job_duration_seconds: 'HISTOGRAM',
      auditsvc_run_stage_duration_seconds: 'HISTOGRAM',
      auditsvc_model_calls_total: 'COUNTER',
      auditsvc_model_tokens_total: 'COUNTER',
      auditsvc_model_spend_cents_total: 'COUNTER',
      auditsvc_ingest_files_total: 'COUNTER',
      auditsvc_ingest_failures_total: 'COUNTER',
      auditsvc_sse_streams_open: 'GAUGE',
    });

    // HTTP: by route template and status, never the URL.
    const runStarts = { method: 'POST', route: RUN_ROUTE, status: '202' };
    expect(total(after, 'auditsvc_http_requests_total', runStarts)).toBe(
      total(before, 'auditsvc_http_requests_total', runStarts) + 1,
    );
    expect(total(after, 'auditsvc_http_request_duration_seconds_count', runStarts)).toBe(1);
    expect(
      total(after, 'auditsvc_http_requests_total', { route: '/metrics', status: '401' }),
    ).toBeGreaterThan(0);
    const routes = samples(after, 'auditsvc_http_requests_total').map((sample) => sample.labels!.route!);
    expect(routes.filter((route) => /eng-|\?/.test(route))).toEqual([]);

    // Queues, as BullMQ holds them now: nothing waiting, the jobs done kept.
    expect(total(after, 'auditsvc_queue_jobs', { queue: 'run', state: 'completed' })).toBe(1);
    expect(total(after, 'auditsvc_queue_jobs', { queue: 'ingest', state: 'completed' })).toBe(2);
    expect(total(after, 'auditsvc_queue_jobs', { queue: 'run', state: 'waiting' })).toBe(0);

    // The worker's families, labelled with the worker they came from.
    const jobs = samples(after, 'auditsvc_job_duration_seconds_count', {
      queue: 'ingest',
      outcome: 'completed',
    });
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.labels!.worker).toMatch(/^.+:\d+$/);
    expect(Number(jobs[0]!.value)).toBe(2);
    expect(total(after, 'auditsvc_job_duration_seconds_sum', { queue: 'run' })).toBeGreaterThan(0);
    for (const stage of ['profile', 'catalog', 'investigate', 'report'])
      expect(total(after, 'auditsvc_run_stage_duration_seconds_count', { stage })).toBeGreaterThanOrEqual(1);
    expect(total(after, 'auditsvc_model_calls_total', { provider: 'local' })).toBeGreaterThan(0);
    expect(total(after, 'auditsvc_model_tokens_total', { direction: 'input' })).toBeGreaterThan(0);
    expect(total(after, 'auditsvc_model_tokens_total', { direction: 'output' })).toBeGreaterThan(0);
    expect(total(after, 'auditsvc_model_spend_cents_total')).toBeGreaterThan(0);
    for (const format of ['md', 'docx', 'csv', 'txt'])
      expect(total(after, 'auditsvc_ingest_files_total', { format })).toBe(1);
    expect(total(after, 'auditsvc_ingest_files_total', { format: 'pdf' })).toBe(1);
    expect(total(after, 'auditsvc_ingest_failures_total', { format: 'pdf' })).toBe(1);
    expect(total(after, 'auditsvc_ingest_failures_total', { format: 'md' })).toBe(0);
  });

  it("shows the worker's families on its own endpoint", async () => {
    const res = await scrapeWorker();
    expect(res.status).toBe(200);
    const scrape = parseScrape(await res.text());
    expect(total(scrape, 'auditsvc_job_duration_seconds_count', { queue: 'run', outcome: 'completed' })).toBe(
      1,
    );
    expect(
      total(scrape, 'auditsvc_run_stage_duration_seconds_count', { stage: 'report' }),
    ).toBeGreaterThanOrEqual(1);
    expect(total(scrape, 'auditsvc_model_calls_total')).toBeGreaterThan(0);
    expect(total(scrape, 'auditsvc_model_spend_cents_total')).toBeGreaterThan(0);
    expect(total(scrape, 'auditsvc_ingest_files_total')).toBe(FILES.length + 1);
    expect(total(scrape, 'auditsvc_ingest_failures_total')).toBe(1);
    // Its own process only: no worker label, no HTTP families.
    expect(samples(scrape, 'auditsvc_model_calls_total').every((sample) => !sample.labels?.worker)).toBe(
      true,
    );
    expect(scrape.families.has('auditsvc_http_requests_total')).toBe(false);
  });

  it('carries the request id of the call that queued a job, and logs it on every line about the job', async () => {
    const run = await ctx.services.db.prisma.run.findFirstOrThrow({ where: { engagementId: runEngagement } });
    const job = (await ctx.services.jobs.queues.find((queue) => queue.name === 'run')!.getJob(run.jobId!))!;
    expect(job.data).toMatchObject({ runId: run.id, requestId: runRequestId });

    const aboutRun = workerLines().filter((line) => line.job_id === run.jobId);
    expect(aboutRun.map((line) => line.message)).toEqual(
      expect.arrayContaining(['run_started', 'run_complete']),
    );
    for (const line of aboutRun) expect(line).toMatchObject({ request_id: runRequestId, queue: 'run' });
    // Lines the services log deep inside the job carry it too (they name no job themselves).
    const stored = workerLines().find(
      (line) => line.message === 'run_findings_stored' && line.run_id === run.id,
    );
    expect(stored).toMatchObject({ request_id: runRequestId, job_id: run.jobId });

    const failedIngest = workerLines().filter((line) => line.message === 'ingest_file_failed');
    expect(failedIngest.length).toBeGreaterThan(0);
    for (const line of failedIngest) expect(line.request_id).toBe('trace-ingest-bad');
    // The parse child was started by the first ingest; the second's files are still its own.
    const parsed = workerLines().filter((line) => line.message === 'parse_file_done');
    expect(parsed.map((line) => [line.type, line.request_id]).sort()).toEqual(
      [
        ['csv', 'trace-ingest-ok'],
        ['docx', 'trace-ingest-ok'],
        ['md', 'trace-ingest-ok'],
        ['pdf', 'trace-ingest-bad'],
        ['txt', 'trace-ingest-ok'],
      ].sort(),
    );
  });

  it('trims finished jobs by JOBS_KEEP_* (the options every queued job carries)', async () => {
    const run = await ctx.services.db.prisma.run.findFirstOrThrow({ where: { engagementId: runEngagement } });
    const job = (await ctx.services.jobs.queues.find((queue) => queue.name === 'run')!.getJob(run.jobId!))!;
    expect(job.opts).toMatchObject({
      removeOnComplete: { count: 50, age: 2 * 3600 },
      removeOnFail: { count: 70, age: 3 * 3600 },
    });
  });
});
