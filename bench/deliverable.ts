// npm run bench:deliverable: seeds one engagement with BENCH_FINDINGS findings (default 1,000) into
// a temporary SQLite database through the repositories, then renders every deliverable format
// through the deliverable service (load, build, render), each format in its own child process so
// its peak RSS is its own. Prints wall time (first and median of BENCH_RUNS calls, after one
// warm-up load) and RSS before rendering and at peak; the time target applies to the median.
//
// Targets: DOCX <= 5 s, HTML <= 1 s, peak RSS <= 500 MB.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { newId } from '@auditsvc/core';
import { SEVERITY_RANK, Severity, applyMigrations, createRepositories, openDatabase } from '@auditsvc/db';
import { DELIVERABLE_FORMATS } from '@auditsvc/deliverables';
import { createLogger } from '@auditsvc/runtime';
import { createDeliverableService, createEngagementService } from '@auditsvc/services';

const FINDINGS = Number(process.env.BENCH_FINDINGS ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGET_MS: Record<string, number> = { docx: 5000, html: 1000 };
const TARGET_RSS_MB = 500;

const SEVERITIES: Severity[] = ['critical', 'high', 'medium', 'low'];
const PRIMITIVES = [
  'conflict_check',
  'consistency_check',
  'coverage_check',
  'currency_check',
  'citation_integrity_check',
  'flow_down_check',
];
const WORDS =
  'policy control access password rotation vendor review retention backup incident response owner approval annual quarterly standard procedure evidence register exception encryption key management'.split(
    ' ',
  );

/** Deterministic pseudo-random text, so every run renders the same bytes. */
function sentence(seed: number, words: number): string {
  const out: string[] = [];
  let state = seed;
  for (let i = 0; i < words; i += 1) {
    state = (state * 1103515245 + 12345) % 2147483648;
    out.push(WORDS[state % WORDS.length]!);
  }
  const text = out.join(' ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

async function seed(databaseUrl: string): Promise<string> {
  await applyMigrations(databaseUrl);
  const db = await openDatabase(databaseUrl);
  const repos = createRepositories(db);
  const firm = await repos.firms.create({
    id: newId('firm'),
    displayName: 'Bench Assurance Partners',
    shortName: 'Bench',
    tagline: 'Numbers you can audit',
    primaryColor: '#0a3d62',
    accentColor: '#e58e26',
    footerText: 'Bench Assurance Partners LLP',
    confidentialityNotice: 'Confidential.',
  });
  const engagements = createEngagementService({ repos, now: () => new Date() });
  const engagement = await engagements.create(
    { kind: 'admin_token' },
    {
      firm_id: firm.id,
      client_name: 'Bench Client',
      intake: { domain: 'Healthcare', audit_purpose: 'SOC 2 readiness', frameworks: ['SOC 2'] },
    },
  );
  const rows = Array.from({ length: FINDINGS }, (_, i) => {
    const severity = SEVERITIES[i % 4]!;
    return {
      id: newId('finding'),
      engagementId: engagement.id,
      firmId: firm.id,
      status: i % 5 === 0 ? 'pending' : 'accepted',
      severity,
      severityRank: SEVERITY_RANK[severity],
      title: `${sentence(i * 7 + 1, 6).slice(0, -1)} (${i})`,
      description: `${sentence(i * 7 + 2, 40)} ${sentence(i * 7 + 3, 30)}`,
      rootCause: sentence(i * 7 + 4, 25),
      remediationScope: sentence(i * 7 + 5, 25),
      remediationEffortHours: (i % 12) + 0.5,
      auditorNotes: i % 3 === 0 ? sentence(i * 7 + 6, 15) : '',
      primitive: PRIMITIVES[i % PRIMITIVES.length]!,
      isCanonical: true,
      mergedFindingIds: [],
      corroborationScore: 0.5,
      filterStatus: 'likely',
      confidence: ((i * 37) % 100) / 100,
      evidence: [
        {
          document: `Policy-${i % 40}.docx`,
          chunk_id: null,
          quote: sentence(i + 11, 20),
          quote_verified: true,
          page: (i % 9) + 1,
        },
        {
          document: `Standard-${i % 25}.pdf`,
          chunk_id: null,
          quote: sentence(i + 13, 18),
          quote_verified: i % 4 !== 0,
          page: null,
        },
      ],
      frameworks: ['SOC 2'],
      iteration: 1,
    };
  });
  for (let i = 0; i < rows.length; i += 500) await repos.findings.createMany(rows.slice(i, i + 500));
  await db.close();
  return engagement.id;
}

/**
 * Child: one warm-up call that loads the deliverable without rendering a file format (so Prisma's
 * first-query set-up is not charged to the format), then RUNS timed calls of the format, each
 * load + build + render through the service. Prints one JSON line.
 */
async function renderOne(databaseUrl: string, engagementId: string, format: string): Promise<void> {
  const db = await openDatabase(databaseUrl);
  const repos = createRepositories(db);
  const deliverables = createDeliverableService({
    repos,
    now: () => new Date(),
    logger: createLogger({ level: 'error', service: 'bench' }),
  });
  const caller = { kind: 'admin_token' } as const;
  await deliverables.get(caller, engagementId, 'methodology');
  const baseMb = process.memoryUsage().rss / 1048576;
  const times: number[] = [];
  let bytes = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const start = performance.now();
    const result = await deliverables.get(caller, engagementId, format);
    times.push(performance.now() - start);
    bytes =
      result.format === 'docx'
        ? result.bytes.length
        : result.format === 'html'
          ? Buffer.byteLength(result.html)
          : Buffer.byteLength(JSON.stringify(result.body));
  }
  await db.close();
  // maxRSS is in kilobytes: the peak of this process, which did nothing but this format.
  const peakMb = process.resourceUsage().maxRSS / 1024;
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  process.stdout.write(`${JSON.stringify({ format, first: times[0], median, bytes, baseMb, peakMb })}\n`);
}

async function main(): Promise<void> {
  const [mode, databaseUrl, engagementId, format] = process.argv.slice(2);
  if (mode === '--render') return renderOne(databaseUrl!, engagementId!, format!);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditsvc-bench-deliverable-'));
  const url = `file:${path.join(dir, 'bench.db')}`;
  try {
    const seedStart = performance.now();
    const id = await seed(url);
    console.log(
      `seeded ${FINDINGS} findings in ${((performance.now() - seedStart) / 1000).toFixed(1)} s; ${RUNS} renders per format`,
    );
    console.log('format       first (ms)  median (ms)      size  RSS before / peak (MB)  target');
    let failed = false;
    for (const format of DELIVERABLE_FORMATS) {
      const out = execFileSync(
        process.execPath,
        [...process.execArgv, __filename, '--render', url, id, format],
        {
          encoding: 'utf8',
          maxBuffer: 16 * 1024 * 1024,
        },
      );
      const result = JSON.parse(out.trim().split('\n').pop()!) as {
        first: number;
        median: number;
        bytes: number;
        baseMb: number;
        peakMb: number;
      };
      const timeTarget = TARGET_MS[format];
      const met = (timeTarget === undefined || result.median <= timeTarget) && result.peakMb <= TARGET_RSS_MB;
      failed ||= !met;
      const target = `${timeTarget ? `<= ${timeTarget} ms, ` : ''}<= ${TARGET_RSS_MB} MB: ${met ? 'met' : 'MISSED'}`;
      console.log(
        `${format.padEnd(11)} ${result.first.toFixed(0).padStart(11)} ${result.median.toFixed(0).padStart(12)} ` +
          `${(result.bytes / 1024).toFixed(0).padStart(7)} KB ${result.baseMb.toFixed(0).padStart(13)} / ${result.peakMb.toFixed(0).padStart(4)}      ${target}`,
      );
    }
    if (failed) process.exitCode = 1;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
