// Portfolio clusters (spec 4.5, DECISIONS "Portfolio clusters"): recompute with the offline
// analyst, firm scoping, the 24-hour cache, the snapshot diff after findings change, and a failed
// model call that must not replace the cached snapshot.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EngagementRecord } from '@auditsvc/db';
import {
  Actors,
  FindingOverrides,
  makeActors,
  makeEngagement,
  makeFindings,
} from '../../../test/helpers/builders';
import { useFakeClock, useRealClock } from '../../../test/helpers/clock';
import { TestContext, createTestContext } from '../../../test/helpers/context';
import { TestProcess, startWorkerProcess } from '../../../test/helpers/processes';

// Recompute runs in a worker process (the portfolio-recompute queue); starting one takes seconds.
jest.setTimeout(60_000);

let ctx: TestContext;
let actors: Actors;
let worker: TestProcess;
let engagementsA: EngagementRecord[];
/** Finding ids of firm A by theme, and every id of firm B. */
const themes: Record<'encryption' | 'password' | 'vendor' | 'backup' | 'oneOff', string[]> = {
  encryption: [],
  password: [],
  vendor: [],
  backup: [],
  oneOff: [],
};
let firmBIds: string[] = [];

const ENCRYPTION = (device: string): FindingOverrides => ({
  description: `${device} laptops are not encrypted at rest although the encryption standard requires full-disk encryption.`,
  rootCause: 'Endpoint encryption is not enforced.',
  primitive: 'coverage_check',
  severity: 'high',
});
const PASSWORD = (a: number, b: number): FindingOverrides => ({
  description: `Password rotation is ${a} days in the access control procedure but ${b} days in the password policy.`,
  rootCause: 'Password policies were revised separately.',
  primitive: 'conflict_check',
  severity: 'medium',
});
const VENDOR: FindingOverrides = {
  description:
    'The vendor contract lacks the breach notification clause required by the vendor management policy.',
  rootCause: 'Vendor security obligations are not flowed down to contracts.',
  primitive: 'flow_down_check',
  severity: 'high',
};
const BACKUP = (detail: string): FindingOverrides => ({
  description: `Backup restore tests are not performed ${detail}.`,
  rootCause: 'Backup restore testing was never scheduled.',
  primitive: 'coverage_check',
  severity: 'low',
});
const INCIDENT = (detail: string): FindingOverrides => ({
  description: `No incident response tabletop exercise was held ${detail}.`,
  rootCause: 'Incident response exercises have no owner.',
  primitive: 'coverage_check',
  severity: 'medium',
});

async function add(engagement: EngagementRecord, theme: keyof typeof themes, spec: FindingOverrides) {
  const [finding] = await makeFindings(ctx, engagement, [spec]);
  themes[theme].push(finding!.id);
  return finding!;
}

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await makeActors(ctx);
  worker = await startWorkerProcess(ctx);
  engagementsA = [];
  for (const name of ['Northwind', 'Contoso', 'Fabrikam', 'Tailspin']) {
    engagementsA.push(await makeEngagement(ctx, actors.firmA, { clientName: name }));
  }
  const [a1, a2, a3, a4] = engagementsA as [
    EngagementRecord,
    EngagementRecord,
    EngagementRecord,
    EngagementRecord,
  ];
  await add(a1, 'encryption', ENCRYPTION('Sales'));
  await add(a2, 'encryption', ENCRYPTION('Engineering'));
  await add(a3, 'encryption', { ...ENCRYPTION('Executive'), severity: 'critical' });
  await add(a1, 'password', PASSWORD(90, 180));
  await add(a2, 'password', PASSWORD(60, 90));
  await add(a4, 'password', PASSWORD(90, 365));
  await add(a1, 'vendor', VENDOR);
  await add(a3, 'vendor', VENDOR);
  await add(a2, 'backup', BACKUP('as the business continuity plan requires'));
  await add(a3, 'backup', BACKUP('since the data centre move'));
  await add(a4, 'backup', BACKUP('for the customer database'));
  await add(a4, 'oneOff', {
    description: 'Data classification labels differ between the handbook and the classification policy.',
    primitive: 'consistency_check',
  });
  await add(a2, 'oneOff', {
    description: 'The information security policy cites ISO 27001:2013, superseded by the 2022 edition.',
    primitive: 'currency_check',
  });
  // A raw finding swallowed by a canonical one is left out by default.
  await add(a4, 'oneOff', { ...ENCRYPTION('Raw'), isCanonical: false });

  const b1 = await makeEngagement(ctx, actors.firmB, { clientName: 'Beta One' });
  const b2 = await makeEngagement(ctx, actors.firmB, { clientName: 'Beta Two' });
  const foreign = [
    ...(await makeFindings(ctx, b1, [
      ENCRYPTION('Field'),
      { description: 'Firewall rules allow any inbound traffic.' },
    ])),
    ...(await makeFindings(ctx, b2, [
      ENCRYPTION('Branch'),
      { description: 'Firewall rules allow any inbound SSH.' },
    ])),
  ];
  firmBIds = foreign.map((finding) => finding.id);
});
afterAll(async () => {
  useRealClock();
  await worker?.stop();
  await ctx.close();
});

const path = '/auditsvc/findings/portfolio-clusters';
const get = (query: string, headers = actors.headers.partnerA) =>
  ctx.http().get(`${path}?${query}`).set(headers);
const recompute = (query: string, headers = actors.headers.partnerA) =>
  ctx.http().post(`${path}/recompute?${query}`).set(headers);
const diff = (query: string, headers = actors.headers.partnerA) =>
  ctx.http().get(`${path}/diff?${query}`).set(headers);

interface Cluster {
  id: string;
  theme: string;
  member_finding_ids: string[];
  member_engagement_ids: string[];
  severity_distribution: Record<string, number>;
}

const sorted = (ids: string[]) => [...ids].sort();

describe('GET and recompute', () => {
  it('answers no cache before any recompute', async () => {
    const res = await get('');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      filter_key: expect.stringMatching(/^[0-9a-f]{16}$/),
      cached: false,
      result: null,
    });
  });

  it('refuses associates and unknown filter values', async () => {
    expect((await recompute('', actors.headers.associateA)).status).toBe(403);
    const bad = await get('severity=dreadful');
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['query', 'severity']);
  });

  it("clusters the partner's own firm only, replacing the firm_id sent, with every field", async () => {
    const res = await recompute(`firm_id=${actors.firmB.id}`);
    expect(res.status).toBe(200);
    expect(res.body.cached).toBe(false);
    const result = res.body.result;
    expect(result.filters).toMatchObject({
      firm_id: actors.firmA.id,
      primitive: null,
      severity: null,
      canonical_only: true,
      max_findings: 5000,
      findings_capped: false,
    });
    expect(result).toMatchObject({
      succeeded: true,
      cost_cents: 0,
      total_findings_considered: 13,
      total_engagements_scanned: 4,
    });
    expect(Date.parse(result.generated_at)).not.toBeNaN();
    const clusters = result.clusters as Cluster[];
    expect(clusters.length).toBeLessThanOrEqual(8);
    expect(clusters.map((c) => sorted(c.member_finding_ids))).toEqual(
      expect.arrayContaining([
        sorted(themes.encryption),
        sorted(themes.password),
        sorted(themes.vendor),
        sorted(themes.backup),
      ]),
    );
    expect(clusters).toHaveLength(4);
    const allMembers = clusters.flatMap((c) => c.member_finding_ids);
    for (const id of [...firmBIds, ...themes.oneOff]) expect(allMembers).not.toContain(id);
    const aIds = engagementsA.map((e) => e.id);
    clusters.forEach((cluster, index) => {
      expect(cluster).toEqual({
        id: `pc-${index + 1}`,
        theme: expect.any(String),
        prevalence_summary: expect.stringMatching(/findings in \d of 4 engagements/),
        member_engagement_ids: expect.any(Array),
        member_finding_ids: expect.any(Array),
        severity_distribution: {
          critical: expect.any(Number),
          high: expect.any(Number),
          medium: expect.any(Number),
          low: expect.any(Number),
        },
        representative_quotes: expect.arrayContaining(['rotated every 90 days']),
        suggested_standard_remediation: expect.stringContaining('Align the policies.'),
        confidence: expect.any(Number),
      });
      expect(cluster.member_finding_ids.length).toBeGreaterThanOrEqual(2);
      for (const id of cluster.member_engagement_ids) expect(aIds).toContain(id);
    });
    const encryption = clusters.find(
      (c) => sorted(c.member_finding_ids).join() === sorted(themes.encryption).join(),
    )!;
    expect(encryption.theme).toMatch(/encrypt/i);
    expect(encryption.severity_distribution).toEqual({ critical: 1, high: 2, medium: 0, low: 0 });
    expect(sorted(encryption.member_engagement_ids)).toEqual(
      sorted(engagementsA.slice(0, 3).map((e) => e.id)),
    );
  });

  it('serves the cached result under the same key to the partner and to an admin naming the firm', async () => {
    const partner = await get('');
    expect(partner.body.cached).toBe(true);
    expect(partner.body.result.clusters).toHaveLength(4);
    const admin = await get(`firm_id=${actors.firmA.id}`, actors.headers.adminToken);
    expect(admin.body).toEqual(partner.body);
    // Firm B has its own key and no cache; the admin's all-firm view is another key again.
    const other = await get('', actors.headers.partnerB);
    expect(other.body.cached).toBe(false);
    expect(other.body.filter_key).not.toBe(partner.body.filter_key);
    expect((await get('', actors.headers.adminToken)).body.cached).toBe(false);
  });

  it('lets an admin cluster every firm, so themes span firms', async () => {
    const res = await recompute('', actors.headers.adminToken);
    expect(res.body.result.filters.firm_id).toBeNull();
    expect(res.body.result.total_findings_considered).toBe(17);
    const encryption = (res.body.result.clusters as Cluster[]).find((c) =>
      c.member_finding_ids.includes(themes.encryption[0]!),
    )!;
    expect(encryption.member_finding_ids).toEqual(expect.arrayContaining([firmBIds[0], firmBIds[2]]));
  });

  it('filters by primitive and severity under their own key', async () => {
    const res = await recompute('primitive=conflict_check');
    expect(res.body.result.total_findings_considered).toBe(3);
    expect(res.body.result.clusters.map((c: Cluster) => sorted(c.member_finding_ids))).toEqual([
      sorted(themes.password),
    ]);
    const none = await recompute('severity=critical');
    expect(none.body.result).toMatchObject({ total_findings_considered: 1, clusters: [], succeeded: true });
  });
});

describe('the portfolio-recompute queue', () => {
  it('recomputes in the worker: each recompute is a completed job carrying the caller and filters', async () => {
    const queue = ctx.services.jobs.queues.find((q) => q.name === 'portfolio-recompute')!;
    const before = await queue.getCompletedCount();
    const res = await recompute('severity=low');
    expect(res.status).toBe(200);
    const jobs = await queue.getJobs(['completed'], 0, 1000);
    expect(jobs.length).toBe(before + 1);
    const job = jobs.find((j) => (j.data as { filters: { severity: string } }).filters.severity === 'low')!;
    expect(job.data).toEqual({
      caller: { kind: 'session', userId: actors.partnerA.id, role: 'partner', firmId: actors.firmA.id },
      filters: { firm_id: actors.firmA.id, primitive: null, severity: 'low', canonical_only: true },
      // The request that queued it, which the worker's log lines about the job carry.
      requestId: expect.any(String),
    });
    expect(job.id).toMatch(new RegExp(`^portfolio-${res.body.filter_key}-\\d+$`));
    expect(job.returnvalue).toEqual(res.body);
  });
});

describe('diff', () => {
  it('reports every cluster as added while there is no previous snapshot', async () => {
    const res = await diff(`firm_id=${actors.firmB.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      has_current: true,
      has_previous: false,
      previous_generated_at: null,
      summary: { added: 4, removed: 0, grew: 0, shrank: 0, unchanged: 0 },
    });
    expect(res.body.filter_key).toBe((await get('')).body.filter_key);
  });

  it('classifies clusters after findings change: added, removed, grew, shrank, unchanged', async () => {
    const [a1, a2, a3, a4] = engagementsA as [
      EngagementRecord,
      EngagementRecord,
      EngagementRecord,
      EngagementRecord,
    ];
    await add(a4, 'encryption', ENCRYPTION('Warehouse'));
    await add(a2, 'encryption', ENCRYPTION('Contractor'));
    for (const id of themes.vendor) await ctx.services.repos.findings.update(id, { isCanonical: false });
    await ctx.services.repos.findings.update(themes.backup[2]!, { status: 'rejected' });
    const incident = [
      await add(a1, 'oneOff', INCIDENT('this year')),
      await add(a3, 'oneOff', INCIDENT('since 2023')),
    ];

    const res = await recompute('');
    expect(res.body.result.clusters).toHaveLength(4);
    const changes = await diff('');
    expect(changes.body).toMatchObject({
      has_current: true,
      has_previous: true,
      current_generated_at: res.body.result.generated_at,
      summary: { added: 1, removed: 1, grew: 1, shrank: 1, unchanged: 1 },
    });
    const entry = (change: string) =>
      changes.body.entries.find((e: { change: string }) => e.change === change) as Record<string, unknown>;
    expect(entry('grew')).toMatchObject({ previous_size: 3, current_size: 5, member_overlap_pct: 60 });
    expect(entry('grew').theme).toMatch(/encrypt/i);
    expect(entry('shrank')).toMatchObject({ previous_size: 3, current_size: 2, member_overlap_pct: 66.7 });
    expect(entry('unchanged')).toMatchObject({ previous_size: 3, current_size: 3, member_overlap_pct: 100 });
    expect(entry('added')).toMatchObject({
      previous_cluster_id: null,
      previous_size: 0,
      current_size: 2,
      member_overlap_pct: 0,
    });
    expect(entry('added').theme).toMatch(/incident/i);
    const current = res.body.result.clusters as Cluster[];
    expect(
      current.find((c) => c.id === entry('added').current_cluster_id)!.member_finding_ids.sort(),
    ).toEqual(incident.map((f) => f.id).sort());
    expect(entry('removed')).toMatchObject({ current_cluster_id: null, current_size: 0, previous_size: 2 });
    expect(entry('removed').theme).toMatch(/vendor/i);
  });

  it('takes only firm_id and primitive; another primitive is another key', async () => {
    const res = await diff('primitive=flow_down_check');
    expect(res.body).toMatchObject({ has_current: false, has_previous: false, entries: [] });
    expect((await diff('severity=high')).status).toBe(200);
  });
});

describe('concurrency', () => {
  it('lets parallel recomputes of one key all succeed, keeping one current and one previous snapshot', async () => {
    const query = 'primitive=coverage_check';
    // One recompute first, so a previous snapshot is certain: parallel requests that reach the API
    // in the same millisecond share one job id (and so one job), and on a given machine all four
    // may do so, leaving a single snapshot.
    expect((await recompute(query)).status).toBe(200);
    const results = await Promise.all([1, 2, 3, 4].map(() => recompute(query)));
    expect(results.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    const changes = await diff(query);
    expect(changes.body).toMatchObject({ has_current: true, has_previous: true });
    expect(changes.body.summary.added + changes.body.summary.removed).toBe(0);
  });
});

describe('cache lifetime', () => {
  it('expires the cached result after 24 hours', async () => {
    const clock = useFakeClock(Date.now());
    try {
      // Sessions last 12 hours, so the admin token asks across the day.
      const headers = actors.headers.adminToken;
      const query = `firm_id=${actors.firmA.id}`;
      const computed = await recompute(query, headers);
      expect(computed.status).toBe(200);
      // The worker stamps the snapshot with its real clock, some time after this fake clock was
      // set (seconds, on a busy machine): count the 24 hours from that stamp, not from the start.
      const generatedAt = Date.parse(computed.body.result.generated_at as string);
      clock.set(generatedAt + 23 * 60 * 60 * 1000);
      expect((await get(query, headers)).body.cached).toBe(true);
      clock.set(generatedAt + 24 * 60 * 60 * 1000 + 1000);
      expect((await get(query, headers)).body).toMatchObject({ cached: false, result: null });
      // The expired snapshot still anchors the diff; a recompute makes the cache fresh again.
      expect((await diff(query, headers)).body.has_current).toBe(true);
      // The worker stamps a recompute with its own (real) clock, so the API goes back to it too.
      useRealClock();
      expect((await recompute(query, headers)).status).toBe(200);
      expect((await get(query, headers)).body.cached).toBe(true);
    } finally {
      useRealClock();
    }
  });
});

describe('remote provider', () => {
  // One loopback OpenAI-compatible server: it answers one cluster holding every listed finding (and
  // an invented id), or fails with 500 once `failing` is set.
  let failing = false;
  const prompts: string[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      if (failing) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end('{"error":{"message":"down"}}');
        return;
      }
      const prompt = (JSON.parse(raw) as { messages: { content: string }[] }).messages[1]!.content;
      prompts.push(prompt);
      const ids = [...prompt.matchAll(/^(f-[0-9a-f]+) \|/gm)].map((match) => match[1]);
      const answer = {
        clusters: [
          {
            theme: 'Password rotation conflicts',
            prevalence_summary: 'Two engagements rotate passwords on conflicting schedules.',
            member_finding_ids: [...ids, 'f-invented'],
            representative_quotes: ['rotated every 90 days'],
            suggested_standard_remediation: 'Adopt one password standard.',
            confidence: 0.8,
          },
        ],
      };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          choices: [
            { message: { role: 'assistant', content: JSON.stringify(answer) }, finish_reason: 'stop' },
          ],
          usage: { prompt_tokens: 2000, completion_tokens: 1000 },
        }),
      );
    });
  });
  let remote: TestContext;
  let people: Actors;
  let remoteWorker: TestProcess;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const providerEnv = {
      MODEL_PROVIDER: 'openai',
      OPENAI_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
      OPENAI_API_KEY: 'sk-test-loopback',
      MODEL_PRICING: JSON.stringify({ '*': { input_cents_per_1k: 1, output_cents_per_1k: 2 } }),
    };
    remote = await createTestContext(providerEnv);
    // The model call happens in the worker, so the worker gets the provider settings.
    remoteWorker = await startWorkerProcess(remote, providerEnv);
    people = await makeActors(remote);
  });
  afterAll(async () => {
    await remoteWorker?.stop();
    await remote.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends the findings to the server and keeps only real members of its clusters', async () => {
    const one = await makeEngagement(remote, people.firmA);
    const two = await makeEngagement(remote, people.firmA);
    const findings = [
      ...(await makeFindings(remote, one, [PASSWORD(90, 180)])),
      ...(await makeFindings(remote, two, [{ ...PASSWORD(60, 90), severity: 'critical' }])),
    ];
    const res = await remote.http().post(`${path}/recompute`).set(people.headers.partnerA);
    expect(res.status).toBe(200);
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toContain('Password rotation is 90 days');
    // 2,000 input tokens at 1 cent and 1,000 output tokens at 2 cents per 1K.
    expect(res.body.result).toMatchObject({ succeeded: true, cost_cents: 4 });
    expect(res.body.result.clusters).toEqual([
      {
        id: 'pc-1',
        theme: 'Password rotation conflicts',
        prevalence_summary: 'Two engagements rotate passwords on conflicting schedules.',
        member_engagement_ids: expect.arrayContaining([one.id, two.id]),
        member_finding_ids: expect.arrayContaining(findings.map((f) => f.id)),
        severity_distribution: { critical: 1, high: 0, medium: 1, low: 0 },
        representative_quotes: ['rotated every 90 days'],
        suggested_standard_remediation: 'Adopt one password standard.',
        confidence: 0.8,
      },
    ]);
    expect(res.body.result.clusters[0].member_finding_ids).toHaveLength(2);
  });

  it('answers succeeded false when the provider fails, and keeps the last good snapshot', async () => {
    failing = true;
    const res = await remote.http().post(`${path}/recompute`).set(people.headers.partnerA);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ succeeded: false, clusters: [], total_findings_considered: 2 });
    const cached = await remote.http().get(path).set(people.headers.partnerA);
    expect(cached.body.cached).toBe(true);
    expect(cached.body.result).toMatchObject({ succeeded: true, cost_cents: 4 });
    expect(cached.body.result.clusters).toHaveLength(1);
    // Not cached, so not rotated: the diff still has no previous snapshot.
    const changes = await remote.http().get(`${path}/diff`).set(people.headers.partnerA);
    expect(changes.body).toMatchObject({ has_current: true, has_previous: false });
  });
});
