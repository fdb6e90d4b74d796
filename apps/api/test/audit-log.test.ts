// The audit log (spec 4.3, DECISIONS "Audit log and signed URLs"): events written by the real
// gateway writer (1,001 of them: two shards), read back as NDJSON, JSON and through signed URLs.
import type { AuditEvent } from '@auditsvc/engine';
import { createAuditLogWriter } from '@auditsvc/services';
import { Actors, makeActors, makeEngagement } from '../../../test/helpers/builders';
import { useFakeClock, useRealClock } from '../../../test/helpers/clock';
import { TestContext, createTestContext } from '../../../test/helpers/context';

jest.setTimeout(120_000);

const EVENTS = 1_001;
const BASE_URL = 'https://audit.example.test';

let ctx: TestContext;
let actors: Actors;
let engagementId: string;
let emptyId: string;
let otherId: string;

function event(index: number): AuditEvent {
  return {
    event: 'llm_call',
    model: 'local-analyst-mid',
    provider: 'local',
    input_tokens: index,
    output_tokens: 10,
    cost_cents: 0.01,
    latency_ms: 3,
    downshifted_from: null,
    budget_utilization: 0.1,
    metadata: {
      engagement_id: engagementId,
      stage: 'investigate',
      step: 'verdict',
      question_id: `q-${index}`,
      prompt_version: 'question_verdict@1',
    },
    ts: new Date(Date.UTC(2026, 10, 22, 12, 0, 0, index)).toISOString(),
  };
}

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_BASE_URL: BASE_URL });
  actors = await makeActors(ctx);
  engagementId = (await makeEngagement(ctx, actors.firmA)).id;
  emptyId = (await makeEngagement(ctx, actors.firmA)).id;
  otherId = (await makeEngagement(ctx, actors.firmA)).id;
  const writer = createAuditLogWriter({
    repos: ctx.services.repos,
    storage: ctx.services.storage,
    engagementId,
  });
  for (let index = 0; index < EVENTS; index++) await writer.append(event(index));
  // Another engagement's log, to prove a signature does not carry over.
  await createAuditLogWriter({
    repos: ctx.services.repos,
    storage: ctx.services.storage,
    engagementId: otherId,
  }).append(event(0));
});
afterAll(() => ctx.close());

const logPath = (id: string) => `/auditsvc/engagement/${id}/audit-log`;

/** The path and query of a signed URL, to request it from the in-process app. */
function local(signedUrl: string): string {
  const url = new URL(signedUrl);
  expect(url.origin).toBe(BASE_URL);
  return `${url.pathname}${url.search}`;
}

async function signedUrl(query: Record<string, string | number> = {}) {
  const res = await ctx
    .http()
    .get(logPath(engagementId))
    .query({ delivery: 'signed_url', ...query })
    .set(actors.headers.associateA);
  expect(res.status).toBe(200);
  return res.body as { signed_url: string; size_bytes: number; event_count: number; expires_at: string };
}

function ndjsonLines(text: string): AuditEvent[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as AuditEvent);
}

describe('GET /auditsvc/engagement/{id}/audit-log', () => {
  it('streams NDJSON as an attachment by default, every shard in order', async () => {
    const res = await ctx
      .http()
      .get(logPath(engagementId))
      .set(actors.headers.associateA)
      .buffer(true)
      .parse((response, done) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        response.on('end', () => done(null, text));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="audit-log-${engagementId}.jsonl"`);
    const events = ndjsonLines(res.body as string);
    expect(events).toHaveLength(EVENTS);
    expect(events.map((e) => e.input_tokens)).toEqual(Array.from({ length: EVENTS }, (_, i) => i));
    expect(events[0]).toEqual(event(0));
  });

  it('answers JSON with shard and event counts (1,001 events: two shards)', async () => {
    const res = await ctx
      .http()
      .get(logPath(engagementId))
      .query({ format: 'json' })
      .set(actors.headers.partnerA);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ engagement_id: engagementId, shard_count: 2, event_count: EVENTS });
    expect(res.body.events).toHaveLength(EVENTS);
    expect(res.body.events[1000]).toEqual(event(1000));
    const shards = await ctx.services.repos.auditLog.listShards(engagementId);
    expect(shards.map((s) => s.eventCount)).toEqual([1000, 1]);
  });

  it('answers a signed URL that downloads the log without any credential', async () => {
    const before = Date.now();
    const link = await signedUrl();
    expect(link).toMatchObject({
      event_count: EVENTS,
      shard_count: 2,
      expires_in: 900,
      format: 'jsonl',
      empty: false,
      engagement_id: engagementId,
    });
    expect(link.signed_url.startsWith(`${BASE_URL}${logPath(engagementId)}/download?`)).toBe(true);
    const expiresAt = Date.parse(link.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 900_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 900_000);

    const res = await ctx
      .http()
      .get(local(link.signed_url))
      .buffer(true)
      .parse((response, done) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        response.on('end', () => done(null, text));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(Buffer.byteLength(res.body as string)).toBe(link.size_bytes);
    expect(ndjsonLines(res.body as string)).toHaveLength(EVENTS);
  });

  it('signs the json format too', async () => {
    const link = await signedUrl({ format: 'json', expires_in: 60 });
    const res = await ctx.http().get(local(link.signed_url));
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.body).toMatchObject({ engagement_id: engagementId, shard_count: 2, event_count: EVENTS });
    expect(Buffer.byteLength(res.text)).toBe(link.size_bytes);
  });

  it('refuses an altered link with 403: signature, expiry, engagement, format, key id', async () => {
    const link = new URL((await signedUrl()).signed_url);
    const variant = (change: (url: URL) => void) => {
      const copy = new URL(link.toString());
      change(copy);
      return `${copy.pathname}${copy.search}`;
    };
    const sig = link.searchParams.get('sig')!;
    const flipped = `${sig.slice(0, 10)}${sig[10] === 'A' ? 'B' : 'A'}${sig.slice(11)}`;
    const cases = [
      variant((u) => u.searchParams.set('sig', flipped)),
      variant((u) => u.searchParams.set('sig', sig.slice(0, 12))),
      variant((u) => u.searchParams.set('sig', `${sig}A`)),
      variant((u) => u.searchParams.set('sig', 'é'.repeat(43))),
      variant((u) => u.searchParams.delete('sig')),
      variant((u) => u.searchParams.set('expires', String(Number(u.searchParams.get('expires')) + 3600))),
      variant((u) => u.searchParams.set('expires', 'soon')),
      variant((u) => u.searchParams.set('format', 'json')),
      variant((u) => u.searchParams.set('kid', 'deadbeef0000')),
      variant((u) => (u.pathname = logPath(otherId) + '/download')),
      // A repeated member arrives as an array: still a wrong signature, not a validation error.
      variant((u) => u.searchParams.append('sig', sig)),
      variant((u) => u.searchParams.append('expires', u.searchParams.get('expires')!)),
    ];
    for (const path of cases) {
      const res = await ctx.http().get(path);
      expect([path, res.status]).toEqual([path, 403]);
      expect(res.body.detail).toMatch(/invalid or has expired/);
    }
  });

  it('refuses an expired link with 403', async () => {
    // The clock is fixed at a whole second before the link is issued: the link expires 60 s after
    // the second it was issued in, so a real clock moving on between issuing the link and faking
    // the clock (on a slow machine, or late in a second) would leave less than 59 s.
    const clock = useFakeClock(Math.floor(Date.now() / 1000) * 1000);
    try {
      const link = await signedUrl({ expires_in: 60 });
      clock.advance(59_000);
      expect((await ctx.http().get(local(link.signed_url))).status).toBe(200);
      clock.advance(2_000);
      expect((await ctx.http().get(local(link.signed_url))).status).toBe(403);
    } finally {
      useRealClock();
    }
  });

  it('validates expires_in (60 to 3600 seconds)', async () => {
    for (const expiresIn of [59, 3601, 0]) {
      const res = await ctx
        .http()
        .get(logPath(engagementId))
        .query({ delivery: 'signed_url', expires_in: expiresIn })
        .set(actors.headers.partnerA);
      expect(res.status).toBe(422);
      expect(res.body.detail[0].loc).toEqual(['query', 'expires_in']);
    }
    expect((await signedUrl({ expires_in: 3600 })).event_count).toBe(EVENTS);
    const bad = await ctx
      .http()
      .get(logPath(engagementId))
      .query({ format: 'xml' })
      .set(actors.headers.partnerA);
    expect(bad.status).toBe(422);
  });

  it('an empty log: signed_url null and empty true; empty NDJSON and JSON', async () => {
    const link = await ctx
      .http()
      .get(logPath(emptyId))
      .query({ delivery: 'signed_url' })
      .set(actors.headers.partnerA);
    expect(link.status).toBe(200);
    expect(link.body).toMatchObject({
      signed_url: null,
      empty: true,
      event_count: 0,
      size_bytes: 0,
      shard_count: 0,
    });
    const json = await ctx
      .http()
      .get(logPath(emptyId))
      .query({ format: 'json' })
      .set(actors.headers.partnerA);
    expect(json.body).toEqual({ engagement_id: emptyId, shard_count: 0, event_count: 0, events: [] });
    const ndjson = await ctx.http().get(logPath(emptyId)).set(actors.headers.partnerA);
    expect(ndjson.status).toBe(200);
    expect(ndjson.headers['content-type']).toMatch(/^application\/x-ndjson/);
    expect(ndjson.text ?? '').toBe('');
  });

  it("another firm's engagement answers 404; no credential 401; the admin token sees it", async () => {
    for (const query of [{}, { format: 'json' }, { delivery: 'signed_url' }]) {
      const res = await ctx.http().get(logPath(engagementId)).query(query).set(actors.headers.partnerB);
      expect(res.status).toBe(404);
    }
    expect((await ctx.http().get(logPath('eng-missing')).set(actors.headers.partnerA)).status).toBe(404);
    expect((await ctx.http().get(logPath(engagementId)).query({ format: 'json' })).status).toBe(401);
    const admin = await ctx
      .http()
      .get(logPath(engagementId))
      .query({ format: 'json' })
      .set(actors.headers.adminToken);
    expect(admin.body.event_count).toBe(EVENTS);
  });
});
