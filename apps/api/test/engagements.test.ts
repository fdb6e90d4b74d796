// Engagements (spec 2.1-2.4, 4.3): create, list, read, delete, intake, assignment.
import {
  Actors,
  makeActors,
  makeEngagement,
  makeFindings,
  makeFirm,
  makeUser,
} from '../../../test/helpers/builders';
import { TestContext, createTestContext } from '../../../test/helpers/context';

let ctx: TestContext;
let actors: Actors;
let admin: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await makeActors(ctx);
  admin = actors.headers.adminToken;
  await ctx.services.firms.update({ kind: 'admin_token' }, actors.firmA.id, {
    default_archetype: 'premium_defensibility',
    default_budget_cents: 4321,
  });
});
afterAll(() => ctx.close());

const EMPTY_INTAKE = {
  domain: '',
  audit_purpose: '',
  frameworks: [],
  focus_areas: [],
  materiality: null,
  doc_hierarchy: {},
  known_concerns: [],
};

describe('POST /auditsvc/engagement', () => {
  it('creates with the firm defaults and answers the full engagement object', async () => {
    const res = await ctx
      .http()
      .post('/auditsvc/engagement')
      .set(actors.headers.partnerA)
      .send({ firm_id: actors.firmA.id, client_name: 'Northwind Health' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^eng-[0-9a-f]{16}$/),
      firm_id: actors.firmA.id,
      client_id: null,
      client_name: 'Northwind Health',
      archetype: 'premium_defensibility',
      status: 'created',
      intake: EMPTY_INTAKE,
      cost: {
        budget_cents: 4321,
        spent_cents: 0,
        by_stage: {},
        by_model: {},
        last_updated_at: expect.any(String),
      },
      findings: {
        total: 0,
        pending: 0,
        accepted: 0,
        rejected: 0,
        refined: 0,
        by_severity: { critical: 0, high: 0, medium: 0, low: 0 },
      },
      is_running: false,
      is_frozen: false,
      assigned_user_id: null,
      corpus: { status: 'empty', file_count: 0, total_bytes: 0, error: null, warnings: [] },
      progress: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      started_at: null,
      completed_at: null,
      delivered_at: null,
      failure_reason: null,
    });
  });

  it("takes archetype and budget when given, and a non-admin's own firm when firm_id is left out", async () => {
    const res = await ctx
      .http()
      .post('/auditsvc/engagement')
      .set(actors.headers.partnerB)
      .send({ client_name: 'Contoso', archetype: 'capability_leverage', budget_cents: 99 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      firm_id: actors.firmB.id,
      archetype: 'capability_leverage',
      cost: { budget_cents: 99 },
    });
  });

  it('answers 404 for a firm the caller cannot see and 403 to associates', async () => {
    const foreign = await ctx
      .http()
      .post('/auditsvc/engagement')
      .set(actors.headers.partnerA)
      .send({ firm_id: actors.firmB.id, client_name: 'X' });
    expect(foreign.status).toBe(404);
    const missing = await ctx
      .http()
      .post('/auditsvc/engagement')
      .set(admin)
      .send({ firm_id: 'firm-nope', client_name: 'X' });
    expect(missing.status).toBe(404);
    const associate = await ctx
      .http()
      .post('/auditsvc/engagement')
      .set(actors.headers.associateA)
      .send({ firm_id: actors.firmA.id, client_name: 'X' });
    expect(associate.status).toBe(403);
  });

  it.each([
    [{ firm_id: 'x' }, ['body', 'client_name'], 'missing'],
    [{ client_name: 'x', archetype: 'cheap' }, ['body', 'archetype'], 'enum'],
    [{ client_name: 'x', budget_cents: -1 }, ['body', 'budget_cents'], 'greater_than_equal'],
    [{ client_name: '   ' }, ['body', 'client_name'], 'string_pattern_mismatch'],
  ])('answers 422 for %j', async (body, loc, type) => {
    const res = await ctx.http().post('/auditsvc/engagement').set(actors.headers.partnerA).send(body);
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual(expect.arrayContaining([expect.objectContaining({ loc, type })]));
  });

  it('needs firm_id from the admin token', async () => {
    const res = await ctx.http().post('/auditsvc/engagement').set(admin).send({ client_name: 'X' });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'firm_id']);
  });
});

describe('GET /auditsvc/engagement', () => {
  it('sorts by updated_at descending, scopes to the firm, and hides archived ones by default', async () => {
    const firm = await makeFirm(ctx, 'Listing LLP');
    const partner = await makeUser(ctx, 'partner', firm.id);
    const token = (await ctx.services.auth.issueSession(partner)).token;
    const first = await makeEngagement(ctx, firm, { clientName: 'first' });
    const second = await makeEngagement(ctx, firm, { clientName: 'second' });
    const archived = await makeEngagement(ctx, firm, {
      clientName: 'archived',
      status: 'archived',
      isFrozen: true,
    });
    await ctx.services.repos.engagements.touch(first.id);
    const res = await ctx
      .http()
      .get('/auditsvc/engagement')
      .set({ authorization: `Bearer ${token}` });
    expect(res.status).toBe(200);
    expect(res.body.engagements.map((e: { client_name: string }) => e.client_name)).toEqual([
      'first',
      'second',
    ]);
    expect(res.body).toMatchObject({ count: 2, total: 2, limit: 100, offset: 0 });
    const withArchived = await ctx
      .http()
      .get('/auditsvc/engagement?include_archived=true')
      .set({ authorization: `Bearer ${token}` });
    expect(withArchived.body.engagements.map((e: { id: string }) => e.id)).toContain(archived.id);
    expect(withArchived.body.total).toBe(3);
    const forcedOwn = await ctx
      .http()
      .get(`/auditsvc/engagement?firm_id=${actors.firmA.id}`)
      .set({ authorization: `Bearer ${token}` });
    expect(forcedOwn.body.engagements.every((e: { firm_id: string }) => e.firm_id === firm.id)).toBe(true);
    const adminView = await ctx
      .http()
      .get(`/auditsvc/engagement?firm_id=${firm.id}&limit=1&offset=1`)
      .set(admin);
    expect(adminView.body).toMatchObject({ count: 1, total: 2, limit: 1, offset: 1 });
    expect(adminView.body.engagements[0].client_name).toBe('second');
    expect(second.id).toBeDefined();
  });

  it.each(['limit=0', 'limit=501', 'offset=-1', 'include_archived=maybe'])(
    'answers 422 for %s',
    async (query) => {
      expect((await ctx.http().get(`/auditsvc/engagement?${query}`).set(admin)).status).toBe(422);
    },
  );

  it('counts canonical findings by status and severity in the summary', async () => {
    const engagement = await makeEngagement(ctx, actors.firmA);
    await makeFindings(ctx, engagement, [
      { severity: 'critical', status: 'pending' },
      { severity: 'high', status: 'accepted' },
      { severity: 'high', status: 'rejected' },
      { severity: 'low', status: 'refined' },
      { severity: 'critical', status: 'pending', isCanonical: false },
    ]);
    const res = await ctx.http().get(`/auditsvc/engagement/${engagement.id}`).set(actors.headers.associateA);
    expect(res.body.findings).toEqual({
      total: 4,
      pending: 1,
      accepted: 1,
      rejected: 1,
      refined: 1,
      by_severity: { critical: 1, high: 2, medium: 0, low: 1 },
    });
  });
});

describe('GET and DELETE /auditsvc/engagement/{id}', () => {
  it('answers 404 alike for another firm and a missing id', async () => {
    const engagement = await makeEngagement(ctx, actors.firmA);
    const foreign = await ctx
      .http()
      .get(`/auditsvc/engagement/${engagement.id}`)
      .set(actors.headers.partnerB);
    const missing = await ctx.http().get('/auditsvc/engagement/eng-0000').set(actors.headers.partnerB);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
  });

  it('lets only admins delete, and the engagement is gone', async () => {
    const engagement = await makeEngagement(ctx, actors.firmA);
    await makeFindings(ctx, engagement, [{}]);
    expect(
      (await ctx.http().delete(`/auditsvc/engagement/${engagement.id}`).set(actors.headers.partnerA)).status,
    ).toBe(403);
    const res = await ctx
      .http()
      .delete(`/auditsvc/engagement/${engagement.id}`)
      .set(actors.headers.adminSession);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect((await ctx.http().get(`/auditsvc/engagement/${engagement.id}`).set(admin)).status).toBe(404);
    expect((await ctx.http().delete(`/auditsvc/engagement/${engagement.id}`).set(admin)).status).toBe(404);
  });
});

describe('POST /auditsvc/engagement/{id}/intake', () => {
  it('stores the intake with defaults for members not sent and bumps updated_at', async () => {
    const engagement = await makeEngagement(ctx, actors.firmA);
    const intake = {
      domain: 'healthcare',
      frameworks: ['SOC 2', 'HIPAA'],
      materiality: { threshold: 5 },
      doc_hierarchy: { policy: ['*-Policy.*'] },
    };
    const res = await ctx
      .http()
      .post(`/auditsvc/engagement/${engagement.id}/intake`)
      .set(actors.headers.partnerA)
      .send(intake);
    expect(res.status).toBe(200);
    expect(res.body.intake).toEqual({ ...EMPTY_INTAKE, ...intake });
    expect(Date.parse(res.body.updated_at)).toBeGreaterThanOrEqual(engagement.updatedAt.getTime());
  });

  it.each([
    [{ frameworks: 'SOC 2' }, ['body', 'frameworks'], 'list_type'],
    [{ frameworks: [1] }, ['body', 'frameworks', 0], 'string_type'],
    [{ domain: 5 }, ['body', 'domain'], 'string_type'],
    [{ doc_hierarchy: [] }, ['body', 'doc_hierarchy'], 'dict_type'],
  ])('answers 422 for %j', async (body, loc, type) => {
    const engagement = await makeEngagement(ctx, actors.firmA);
    const res = await ctx
      .http()
      .post(`/auditsvc/engagement/${engagement.id}/intake`)
      .set(actors.headers.partnerA)
      .send(body);
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([expect.objectContaining({ loc, type })]);
  });
});

describe('a stored intake that does not match its schema', () => {
  it('answers 409 naming the damaged value and logs it, instead of passing on a wrong type', async () => {
    const engagement = await makeEngagement(ctx, actors.firmA, { intake: { domain: 5, frameworks: 'x' } });
    const res = await ctx.http().get(`/auditsvc/engagement/${engagement.id}`).set(actors.headers.partnerA);
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(
      /^The stored intake is not in its expected shape \(.+\); the record needs repair\.$/,
    );
    expect(ctx.logs.some((line) => line.includes('stored_value_invalid'))).toBe(true);
  });
});

describe('POST /auditsvc/engagement/{id}/assignment', () => {
  it("assigns a user of the firm, clears with null, and refuses another firm's user with 409", async () => {
    const engagement = await makeEngagement(ctx, actors.firmA);
    const url = `/auditsvc/engagement/${engagement.id}/assignment`;
    const res = await ctx
      .http()
      .post(url)
      .set(actors.headers.partnerA)
      .send({ user_id: actors.associateA.id });
    expect(res.status).toBe(200);
    expect(res.body.assigned_user_id).toBe(actors.associateA.id);
    const cross = await ctx
      .http()
      .post(url)
      .set(actors.headers.partnerA)
      .send({ user_id: actors.partnerB.id });
    expect(cross.status).toBe(409);
    const byAdmin = await ctx
      .http()
      .post(url)
      .set(actors.headers.adminSession)
      .send({ user_id: actors.partnerB.id });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.assigned_user_id).toBe(actors.partnerB.id);
    const cleared = await ctx.http().post(url).set(actors.headers.partnerA).send({ user_id: null });
    expect(cleared.body.assigned_user_id).toBeNull();
    expect(
      (await ctx.http().post(url).set(actors.headers.partnerA).send({ user_id: 'u-nobody' })).status,
    ).toBe(404);
    expect((await ctx.http().post(url).set(actors.headers.associateA).send({ user_id: null })).status).toBe(
      403,
    );
    expect((await ctx.http().post(url).set(actors.headers.partnerA).send({})).status).toBe(422);
  });
});
