// Engagement lifecycle (spec 3.1): deliver, unfreeze, archive, unarchive, and 423 on frozen mutations.
import { createEngagementService } from '@auditsvc/services';
import { Actors, makeActors, makeEngagement, makeFindings } from '../../../test/helpers/builders';
import { TestContext, createTestContext } from '../../../test/helpers/context';

let ctx: TestContext;
let actors: Actors;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await makeActors(ctx);
});
afterAll(() => ctx.close());

const post = (path: string, headers: Record<string, string>, body: object = {}) =>
  ctx.http().post(path).set(headers).send(body);

describe('deliver', () => {
  // Found by fuzz.test.ts with requests in flight together: an unfreeze while the delivery waited
  // for its polished copy made the answer say is_frozen false (500 under strict response checks).
  it('answers the delivery it made, even when an unfreeze lands during the polish wait', async () => {
    const engagement = await makeEngagement(ctx, actors.firmA, { status: 'findings_review' });
    const admin = { kind: 'admin_token' } as const;
    const engagements = createEngagementService({
      repos: ctx.services.repos,
      now: () => new Date(),
      onDelivered: async (id) => {
        await ctx.services.engagements.unfreeze(admin, id);
      },
    });
    const answer = await engagements.deliver(admin, engagement.id);
    expect(answer).toEqual({
      ok: true,
      engagement_id: engagement.id,
      status: 'delivered',
      is_frozen: true,
      delivered_at: expect.any(String),
      already_delivered: false,
    });
    // The unfreeze happened after: the engagement is back in review.
    expect((await ctx.services.repos.engagements.findById(engagement.id))!.status).toBe('findings_review');
  });

  it('freezes the engagement; a repeat answers already_delivered', async () => {
    const engagement = await makeEngagement(ctx, actors.firmA, { status: 'findings_review' });
    const res = await post(`/auditsvc/engagement/${engagement.id}/deliver`, actors.headers.partnerA);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      engagement_id: engagement.id,
      status: 'delivered',
      is_frozen: true,
      delivered_at: expect.any(String),
      already_delivered: false,
    });
    const again = await post(`/auditsvc/engagement/${engagement.id}/deliver`, actors.headers.adminToken);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ already_delivered: true, delivered_at: res.body.delivered_at });
    const read = await ctx.http().get(`/auditsvc/engagement/${engagement.id}`).set(actors.headers.associateA);
    expect(read.body).toMatchObject({
      status: 'delivered',
      is_frozen: true,
      delivered_at: res.body.delivered_at,
    });
  });

  it('delivers once when asked several times at once', async () => {
    const engagement = await makeEngagement(ctx, actors.firmA, { status: 'findings_review' });
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(`/auditsvc/engagement/${engagement.id}/deliver`, actors.headers.partnerA),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(results.filter((r) => r.body.already_delivered === false)).toHaveLength(1);
    expect(new Set(results.map((r) => r.body.delivered_at)).size).toBe(1);
  });

  it('is for partners and admins; associates get 403, other firms 404', async () => {
    const engagement = await makeEngagement(ctx, actors.firmA);
    expect(
      (await post(`/auditsvc/engagement/${engagement.id}/deliver`, actors.headers.associateA)).status,
    ).toBe(403);
    expect(
      (await post(`/auditsvc/engagement/${engagement.id}/deliver`, actors.headers.partnerB)).status,
    ).toBe(404);
    expect(
      (await post(`/auditsvc/engagement/${engagement.id}/deliver`, actors.headers.adminSession)).status,
    ).toBe(200);
  });

  it.each(['queued', 'running'])('answers 409 while a run is %s', async (status) => {
    const engagement = await makeEngagement(ctx, actors.firmA, { status, isRunning: status === 'running' });
    const res = await post(`/auditsvc/engagement/${engagement.id}/deliver`, actors.headers.partnerA);
    expect(res.status).toBe(409);
  });
});

describe('unfreeze, archive, unarchive', () => {
  it('walks delivered -> archived -> delivered -> findings_review', async () => {
    const engagement = await makeEngagement(ctx, actors.firmA, { status: 'findings_review' });
    const base = `/auditsvc/engagement/${engagement.id}`;
    expect((await post(`${base}/archive`, actors.headers.adminToken)).status).toBe(409);
    await post(`${base}/deliver`, actors.headers.partnerA);
    expect((await post(`${base}/archive`, actors.headers.partnerA)).status).toBe(403);
    const archived = await post(`${base}/archive`, actors.headers.adminSession);
    expect(archived.body).toEqual({
      ok: true,
      engagement_id: engagement.id,
      status: 'archived',
      already_archived: false,
    });
    expect((await post(`${base}/archive`, actors.headers.adminToken)).body.already_archived).toBe(true);
    const list = await ctx.http().get('/auditsvc/engagement?limit=500').set(actors.headers.partnerA);
    expect(list.body.engagements.map((e: { id: string }) => e.id)).not.toContain(engagement.id);
    expect((await post(`${base}/unfreeze`, actors.headers.adminToken)).status).toBe(409);
    expect((await post(`${base}/unarchive`, actors.headers.partnerA)).status).toBe(403);
    const unarchived = await post(`${base}/unarchive`, actors.headers.adminToken);
    expect(unarchived.body).toEqual({
      ok: true,
      engagement_id: engagement.id,
      status: 'delivered',
      was_archived: true,
    });
    expect((await ctx.http().get(base).set(actors.headers.partnerA)).body.is_frozen).toBe(true);
    expect((await post(`${base}/unarchive`, actors.headers.adminToken)).body).toMatchObject({
      was_archived: false,
      status: 'delivered',
    });
    expect((await post(`${base}/unfreeze`, actors.headers.partnerA)).status).toBe(403);
    const unfrozen = await post(`${base}/unfreeze`, actors.headers.adminToken);
    expect(unfrozen.body).toEqual({
      ok: true,
      engagement_id: engagement.id,
      status: 'findings_review',
      is_frozen: false,
    });
    expect((await post(`${base}/unfreeze`, actors.headers.adminToken)).status).toBe(409);
    expect((await post(`${base}/intake`, actors.headers.partnerA, { domain: 'x' })).status).toBe(200);
  });
});

describe('a frozen engagement', () => {
  let engagementId: string;
  let findingId: string;

  beforeAll(async () => {
    const engagement = await makeEngagement(ctx, actors.firmA, { status: 'findings_review' });
    const [finding] = await makeFindings(ctx, engagement, [{}]);
    engagementId = engagement.id;
    findingId = finding!.id;
    await post(`/auditsvc/engagement/${engagementId}/deliver`, actors.headers.partnerA);
  });

  it.each([
    ['intake', () => `/auditsvc/engagement/${engagementId}/intake`, { domain: 'x' }],
    ['accept', () => `/auditsvc/finding/${findingId}/accept?engagement_id=${engagementId}`, {}],
    ['reject', () => `/auditsvc/finding/${findingId}/reject?engagement_id=${engagementId}`, {}],
    ['refine', () => `/auditsvc/finding/${findingId}/refine?engagement_id=${engagementId}`, {}],
    ['edit', () => `/auditsvc/finding/${findingId}/edit?engagement_id=${engagementId}`, { severity: 'low' }],
    [
      'bulk-action',
      () => `/auditsvc/findings/bulk-action?engagement_id=${engagementId}`,
      { finding_ids: ['f-1'], action: 'accepted' },
    ],
  ])('answers 423 to %s', async (_name, url, body) => {
    const res = await post(url(), actors.headers.partnerA, body);
    expect(res.status).toBe(423);
    expect(res.body).toEqual({ detail: expect.any(String) });
  });

  it('still takes comments and reads', async () => {
    expect(
      (await ctx.http().get(`/auditsvc/engagement/${engagementId}/findings`).set(actors.headers.associateA))
        .status,
    ).toBe(200);
    const comment = await post(
      `/auditsvc/finding/${findingId}/comments?engagement_id=${engagementId}`,
      actors.headers.partnerA,
      { body: 'for the file' },
    );
    expect(comment.status).toBe(201);
  });
});
