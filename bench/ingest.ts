// `npm run bench:ingest`: the ingest of a 500-file corpus through the real service.
//
// Builds the benchmark corpus (bench/ingest-corpus.ts: mixed types, PDFs of 200 pages in all, 20
// scanned images) in a temporary directory, starts the API and one worker as separate processes on
// a fresh SQLite database (PostgreSQL with BENCH_PG=1), uploads every file over HTTP, starts the
// ingest and follows the corpus stream to ingest_complete. Prints files/s, pages/s and MB/s of the
// ingest, the peak RSS of the worker and of its parser child, then times the parsers against the
// pdftotext and tesseract command-line tools on the same files.
//
// BENCH_FILES (default 500) changes the corpus size; BENCH_CORPUS_DIR reuses a built corpus.
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildBenchCorpus, measureParsers } from './ingest-corpus';
import { databaseUrl } from './service';

const root = path.resolve(__dirname, '..');
const adminToken = `bench-${randomBytes(8).toString('hex')}`;

function startProcess(
  entry: string,
  env: Record<string, string>,
): { child: ChildProcess; ready: Promise<void> } {
  // `node --require tsx/cjs` as `npm start` runs it: one process (the tsx CLI would put a relay in between), so its RSS is ours.
  const child = spawn(process.execPath, ['--require', 'tsx/cjs', path.join(root, entry)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/api_listening|worker_ready/.test(output)) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${entry} exited (${code}):\n${output}`)));
  });
  return { child, ready };
}

/** Resident set size of a process and, separately, of its children, in bytes (Linux /proc). */
function rss(pid: number): { own: number; children: number } {
  const read = (p: number) => {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'));
      return match ? Number(match[1]) * 1024 : 0;
    } catch {
      return 0;
    }
  };
  let children = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children += read(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return { own: read(pid), children };
}

async function api(baseUrl: string, method: string, route: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${route}`, {
    method,
    headers: { 'x-admin-token': adminToken, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

async function uploadFile(baseUrl: string, engagementId: string, file: string): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([fs.readFileSync(file)]), path.basename(file));
  const response = await fetch(`${baseUrl}/auditsvc/engagement/${engagementId}/corpus/upload`, {
    method: 'POST',
    headers: { 'x-admin-token': adminToken },
    body: form,
  });
  if (response.status !== 201) throw new Error(`upload ${file}: ${response.status} ${await response.text()}`);
}

/** Follows the corpus stream until it ends; returns its frames. */
function followStream(url: string): Promise<Record<string, unknown>[]> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'x-admin-token': adminToken } }, (response) => {
        let raw = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (raw += chunk));
        response.on('end', () =>
          resolve(
            raw
              .split('\n\n')
              .filter((frame) => frame.startsWith('data: '))
              .map((frame) => JSON.parse(frame.slice(6)) as Record<string, unknown>),
          ),
        );
      })
      .on('error', reject);
  });
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

async function main(): Promise<void> {
  const files = Number(process.env.BENCH_FILES ?? 500);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'auditsvc-bench-ingest-'));
  const corpusDir = process.env.BENCH_CORPUS_DIR ?? path.join(work, 'corpus');
  const dataDir = path.join(work, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  const processes: ChildProcess[] = [];
  const database = await databaseUrl(dataDir, 'ingest');
  try {
    if (!fs.existsSync(corpusDir) || fs.readdirSync(corpusDir).length === 0) {
      console.log(`building a corpus of ${files} files in ${corpusDir} ...`);
      await buildBenchCorpus(corpusDir, { files });
    }
    const names = fs.readdirSync(corpusDir).sort();
    const totalBytes = names.reduce((sum, name) => sum + fs.statSync(path.join(corpusDir, name)).size, 0);

    const port = 20000 + Math.floor(Math.random() * 20000);
    const env = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      QUEUE_PREFIX: `bench-ingest-${randomBytes(4).toString('hex')}`,
      ADMIN_TOKEN: adminToken,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      PARSE_TIMEOUT_MS: '120000',
    };
    const apiProcess = startProcess('apps/api/src/main.ts', { ...env, LOG_LEVEL: 'info' });
    processes.push(apiProcess.child);
    await apiProcess.ready;
    const workerProcess = startProcess('apps/worker/src/main.ts', { ...env, LOG_LEVEL: 'info' });
    processes.push(workerProcess.child);
    await workerProcess.ready;
    const baseUrl = `http://127.0.0.1:${port}`;

    const firm = await api(baseUrl, 'POST', '/auditsvc/firm', { display_name: 'Bench Assurance' });
    const engagement = await api(baseUrl, 'POST', '/auditsvc/engagement', {
      firm_id: firm.id,
      client_name: 'Bench Client',
    });
    const engagementId = engagement.id as string;

    const uploadStarted = Date.now();
    const queue = [...names];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let name = queue.shift(); name; name = queue.shift()) {
          await uploadFile(baseUrl, engagementId, path.join(corpusDir, name));
        }
      }),
    );
    const uploadSeconds = (Date.now() - uploadStarted) / 1000;

    let peakWorker = 0;
    let peakChildren = 0;
    const sampler = setInterval(() => {
      const now = rss(workerProcess.child.pid!);
      peakWorker = Math.max(peakWorker, now.own);
      peakChildren = Math.max(peakChildren, now.children);
    }, 100);
    const ingestStarted = Date.now();
    await api(baseUrl, 'POST', `/auditsvc/engagement/${engagementId}/corpus/ingest`);
    const frames = await followStream(`${baseUrl}/auditsvc/engagement/${engagementId}/corpus/stream`);
    const ingestSeconds = (Date.now() - ingestStarted) / 1000;
    clearInterval(sampler);
    const last = frames.at(-1);
    if (last?.type !== 'ingest_complete')
      throw new Error(`the ingest did not complete: ${JSON.stringify(last)}`);

    const view = await api(baseUrl, 'GET', `/auditsvc/engagement/${engagementId}`);
    const scans = names.filter((name) => /\.(png|jpe?g|tiff)$/.test(name)).length;
    console.log('');
    console.log(`corpus: ${names.length} files, ${mb(totalBytes)} MB, ${scans} scanned images`);
    console.log(
      `upload: ${uploadSeconds.toFixed(1)} s (${(names.length / uploadSeconds).toFixed(1)} files/s, 4 in parallel)`,
    );
    console.log(
      `ingest: ${ingestSeconds.toFixed(1)} s = ${(names.length / ingestSeconds).toFixed(1)} files/s, ` +
        `${(Number(totalBytes) / 1024 / 1024 / ingestSeconds).toFixed(2)} MB/s; corpus ${JSON.stringify(view.corpus)}`,
    );
    console.log(
      `worker peak RSS: ${mb(peakWorker)} MB; parser child peak RSS: ${mb(peakChildren)} MB (target worker <= 1024 MB)`,
    );

    console.log('\nparsers against the command-line tools, same files, one at a time:');
    const measured = await measureParsers(corpusDir, () => undefined);
    const totalPages = measured.pdf.pages + measured.ocrOneThread.files;
    console.log(`ingest pages/s (PDF pages + scans): ${(totalPages / ingestSeconds).toFixed(1)}`);
    console.log(
      `PDF: ours ${measured.pdf.oursPagesPerSecond.toFixed(1)} pages/s, pdftotext ` +
        `${measured.pdf.cliPagesPerSecond.toFixed(1)} pages/s, ratio ${measured.pdf.ratio.toFixed(2)} (target >= 0.3)`,
    );
    console.log(
      `OCR: ours ${measured.ocrOneThread.oursPagesPerSecond.toFixed(2)} pages/s, tesseract ` +
        `${(measured.ocrOneThread.files / measured.ocrOneThread.cliSeconds).toFixed(2)} pages/s (one thread), ratio ` +
        `${measured.ocrOneThread.ratio.toFixed(2)} (target >= 0.8); against tesseract with its default ` +
        `threads: ${measured.ocr.ratio.toFixed(2)}`,
    );
  } finally {
    for (const child of processes) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await database.drop();
    if (!process.env.BENCH_CORPUS_DIR) fs.rmSync(work, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
