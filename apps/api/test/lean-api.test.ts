// The API process loads none of what only the worker needs (issue 13: the run pipeline, its
// checks and analyst, and the document parsers were over 100 MB of the API's RSS). A real API
// process, started as `npm start` starts it, serves the requests that touch the engine's and the
// ingest package's neighbours (engagements, a corpus upload, both streams, a Markdown
// deliverable); every module it loaded in its life is listed when it exits.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Actors, makeActors, makeEngagement } from '../../../test/helpers/builders';
import { TestContext, createTestContext } from '../../../test/helpers/context';
import { startApiProcess } from '../../../test/helpers/processes';

const root = path.resolve(__dirname, '../../..');
const reporter = path.join(root, 'test', 'loaded-modules-reporter.js');

/** What only the worker (or an in-process parse) loads, by path below the repository. */
const WORKER_ONLY = [
  /^packages\/engine\/src\/index\.ts$/,
  /^packages\/engine\/src\/(pipeline|checks|analyst|retrieval|knowledge)\//,
  /^packages\/engine\/src\/corpus-loader\.ts$/,
  /^packages\/ingest\/src\/index\.ts$/,
  /^packages\/ingest\/src\/(parse-file\.ts|parsers\/)/,
  /^packages\/services\/src\/worker\.ts$/,
  /^packages\/services\/src\/runs\/executor\.ts$/,
  /^packages\/services\/src\/corpus\/ingest\.ts$/,
  /^node_modules\/(exceljs|mailparser|pdfjs-dist|wink-nlp|wink-eng-lite-web-model|docx)\//,
];

let ctx: TestContext;
let actors: Actors;
let loaded: string[];

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await makeActors(ctx);
  const listFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'auditsvc-lean-api-')), 'modules.txt');
  const api = await startApiProcess(ctx, {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${reporter}`.trim(),
    LOADED_MODULES_FILE: listFile,
  });
  try {
    const partner = actors.headers.partnerA;
    const engagement = await makeEngagement(ctx, actors.firmA);
    const call = async (route: string, init: RequestInit = {}) => {
      const response = await fetch(`${api.baseUrl}${route}`, {
        ...init,
        headers: { ...partner, ...(init.headers as Record<string, string> | undefined) },
      });
      const body = await response.text();
      return { status: response.status, body };
    };
    expect((await call(`/auditsvc/engagement/${engagement.id}`)).status).toBe(200);
    const form = new FormData();
    form.append(
      'file',
      new Blob(['# Access control policy\n\nAccess is reviewed quarterly.\n']),
      'policy.md',
    );
    expect(
      (await call(`/auditsvc/engagement/${engagement.id}/corpus/upload`, { method: 'POST', body: form }))
        .status,
    ).toBe(201);
    // Nothing is running: each stream sends its snapshot and ends.
    for (const stream of ['stream', 'corpus/stream']) {
      const opened = await call(`/auditsvc/engagement/${engagement.id}/${stream}`);
      expect(opened.status).toBe(200);
      expect(opened.body).toContain('"type":"snapshot"');
    }
    expect((await call(`/auditsvc/engagement/${engagement.id}/findings`)).status).toBe(200);
    expect((await call(`/auditsvc/engagement/${engagement.id}/deliverable?format=markdown`)).status).toBe(
      200,
    );
  } finally {
    await api.stop();
  }
  loaded = fs
    .readFileSync(listFile, 'utf8')
    .split('\n')
    .map((file) => path.relative(root, file));
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

it('lists the modules of the API process (the engine and ingest entries it does use among them)', () => {
  expect(loaded).toContain('apps/api/src/main.ts');
  expect(loaded).toContain('packages/engine/src/lean.ts');
  expect(loaded).toContain('packages/ingest/src/lean.ts');
});

it('loads neither the run pipeline nor the document parsers', () => {
  expect(loaded.filter((file) => WORKER_ONLY.some((pattern) => pattern.test(file)))).toEqual([]);
});

it('loads the AWS SDK only for an S3 store (this one stores its files under DATA_DIR)', () => {
  expect(loaded.filter((file) => file.startsWith('node_modules/@aws-sdk/'))).toEqual([]);
});
