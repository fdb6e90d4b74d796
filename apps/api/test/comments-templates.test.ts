// Comments (spec 4.6) and templates (spec 4.7).
import { Actors, makeActors, makeEngagement, makeFindings } from '../../../test/helpers/builders';
import { TestContext, createTestContext } from '../../../test/helpers/context';

let ctx: TestContext;
let actors: Actors;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await makeActors(ctx);
});
afterAll(() => ctx.close());

describe('comments', () => {
  it('are created, listed oldest first and deleted by their author or an admin', async () => {
    const engagement = await makeEngagement(ctx, actors.firmA);
    const [finding] = await makeFindings(ctx, engagement, [{}]);
    const base = `/auditsvc/finding/${finding!.id}/comments?engagement_id=${engagement.id}`;
    const created = await ctx
      .http()
      .post(base)
      .set(actors.headers.partnerA)
      .send({ body: 'Check the 2023 revision.' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^c-[0-9a-f]{16}$/),
      finding_id: finding!.id,
      engagement_id: engagement.id,
      author_user_id: actors.partnerA.id,
      body: 'Check the 2023 revision.',
      created_at: expect.any(String),
    });
    const second = await ctx
      .http()
      .post(base)
      .set(actors.headers.adminToken)
      .send({ body: 'x'.repeat(4000) });
    expect(second.body.author_user_id).toBeNull();
    const list = await ctx.http().get(base).set(actors.headers.associateA);
    expect(list.body).toMatchObject({ count: 2, total: 2, limit: 100, offset: 0 });
    expect(list.body.comments.map((c: { id: string }) => c.id)).toEqual([created.body.id, second.body.id]);
    const paged = await ctx.http().get(`${base}&limit=1&offset=1`).set(actors.headers.associateA);
    expect(paged.body.comments.map((c: { id: string }) => c.id)).toEqual([second.body.id]);

    const other = await ctx.services.auth.issueSession(
      (await ctx.services.repos.users.findById(actors.partnerA.id))!,
    );
    expect(other.token).toBeDefined();
    const del = (id: string, headers: Record<string, string>) =>
      ctx.http().delete(`/auditsvc/comment/${id}?engagement_id=${engagement.id}`).set(headers);
    expect((await del(second.body.id, actors.headers.partnerA)).status).toBe(403);
    expect((await del(created.body.id, actors.headers.associateA)).status).toBe(403);
    expect((await del(created.body.id, actors.headers.partnerB)).status).toBe(404);
    const removed = await del(created.body.id, actors.headers.partnerA);
    expect(removed.body).toEqual({ ok: true, id: created.body.id });
    expect((await del(second.body.id, actors.headers.adminSession)).status).toBe(200);
    expect((await del(second.body.id, actors.headers.adminSession)).status).toBe(404);
    expect((await ctx.http().get(base).set(actors.headers.associateA)).body.total).toBe(0);
  });

  it('validate body length, the finding and the engagement', async () => {
    const engagement = await makeEngagement(ctx, actors.firmA);
    const [finding] = await makeFindings(ctx, engagement, [{}]);
    const base = `/auditsvc/finding/${finding!.id}/comments?engagement_id=${engagement.id}`;
    expect((await ctx.http().post(base).set(actors.headers.partnerA).send({ body: '' })).status).toBe(422);
    expect(
      (
        await ctx
          .http()
          .post(base)
          .set(actors.headers.partnerA)
          .send({ body: 'x'.repeat(4001) })
      ).status,
    ).toBe(422);
    expect((await ctx.http().post(base).set(actors.headers.associateA).send({ body: 'hi' })).status).toBe(
      403,
    );
    expect((await ctx.http().post(base).set(actors.headers.partnerB).send({ body: 'hi' })).status).toBe(404);
    expect(
      (
        await ctx
          .http()
          .get(`/auditsvc/finding/f-none/comments?engagement_id=${engagement.id}`)
          .set(actors.headers.partnerA)
      ).status,
    ).toBe(404);
    expect(
      (await ctx.http().get(`/auditsvc/finding/${finding!.id}/comments`).set(actors.headers.partnerA)).status,
    ).toBe(422);
  });
});

describe('templates', () => {
  it('snapshot an engagement, list and read within the firm, update, instantiate and delete', async () => {
    const source = await makeEngagement(ctx, actors.firmA);
    await ctx
      .http()
      .post(`/auditsvc/engagement/${source.id}/intake`)
      .set(actors.headers.partnerA)
      .send({ domain: 'health', frameworks: ['HIPAA'] });
    await ctx.services.repos.engagements.update(source.id, {
      budgetCents: 777,
      archetype: 'continuous_monitoring',
    });
    const created = await ctx
      .http()
      .post('/auditsvc/template')
      .set(actors.headers.partnerA)
      .send({ firm_id: actors.firmA.id, name: 'Health baseline', from_engagement_id: source.id });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^tpl-[0-9a-f]{16}$/),
      firm_id: actors.firmA.id,
      name: 'Health baseline',
      description: '',
      archetype: 'continuous_monitoring',
      budget_cents: 777,
      intake: expect.objectContaining({ domain: 'health', frameworks: ['HIPAA'], focus_areas: [] }),
      source_engagement_id: source.id,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const id = created.body.id;
    expect((await ctx.http().get(`/auditsvc/template/${id}`).set(actors.headers.associateA)).status).toBe(
      200,
    );
    expect((await ctx.http().get(`/auditsvc/template/${id}`).set(actors.headers.partnerB)).status).toBe(404);
    const listB = await ctx
      .http()
      .get(`/auditsvc/template?firm_id=${actors.firmA.id}`)
      .set(actors.headers.partnerB);
    expect(listB.body.templates.map((t: { id: string }) => t.id)).not.toContain(id);
    const listA = await ctx.http().get('/auditsvc/template').set(actors.headers.associateA);
    expect(listA.body.templates.map((t: { id: string }) => t.id)).toContain(id);

    const updated = await ctx
      .http()
      .put(`/auditsvc/template/${id}`)
      .set(actors.headers.partnerA)
      .send({ description: 'For clinics', budget_cents: 888 });
    expect(updated.body).toMatchObject({
      description: 'For clinics',
      budget_cents: 888,
      name: 'Health baseline',
    });
    expect(
      (await ctx.http().put(`/auditsvc/template/${id}`).set(actors.headers.associateA).send({ name: 'x' }))
        .status,
    ).toBe(403);

    const engagement = await ctx
      .http()
      .post(`/auditsvc/template/${id}/instantiate`)
      .set(actors.headers.partnerA)
      .send({ client_name: 'Clinic One' });
    expect(engagement.status).toBe(201);
    expect(engagement.body).toMatchObject({
      firm_id: actors.firmA.id,
      client_name: 'Clinic One',
      archetype: 'continuous_monitoring',
      cost: { budget_cents: 888 },
      intake: { domain: 'health', frameworks: ['HIPAA'] },
      status: 'created',
    });
    const cheaper = await ctx
      .http()
      .post(`/auditsvc/template/${id}/instantiate`)
      .set(actors.headers.adminToken)
      .send({ client_name: 'Clinic Two', budget_cents: 5 });
    expect(cheaper.body.cost.budget_cents).toBe(5);
    expect(
      (
        await ctx
          .http()
          .post(`/auditsvc/template/${id}/instantiate`)
          .set(actors.headers.associateA)
          .send({ client_name: 'x' })
      ).status,
    ).toBe(403);

    expect((await ctx.http().delete(`/auditsvc/template/${id}`).set(actors.headers.partnerB)).status).toBe(
      404,
    );
    const deleted = await ctx.http().delete(`/auditsvc/template/${id}`).set(actors.headers.partnerA);
    expect(deleted.body).toEqual({ ok: true, id });
    expect((await ctx.http().get(`/auditsvc/template/${id}`).set(actors.headers.partnerA)).status).toBe(404);
  });

  it('take intake fields and firm defaults when there is no source engagement', async () => {
    const res = await ctx
      .http()
      .post('/auditsvc/template')
      .set(actors.headers.adminToken)
      .send({ firm_id: actors.firmB.id, name: 'Plain', intake: { known_concerns: ['backups'] } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      archetype: 'remediation_pipeline',
      budget_cents: 2000,
      source_engagement_id: null,
    });
    expect(res.body.intake.known_concerns).toEqual(['backups']);
  });

  it('refuse associates, other firms and sources from another firm', async () => {
    const foreignSource = await makeEngagement(ctx, actors.firmB);
    expect(
      (
        await ctx
          .http()
          .post('/auditsvc/template')
          .set(actors.headers.associateA)
          .send({ firm_id: actors.firmA.id, name: 'x' })
      ).status,
    ).toBe(403);
    expect(
      (
        await ctx
          .http()
          .post('/auditsvc/template')
          .set(actors.headers.partnerA)
          .send({ firm_id: actors.firmB.id, name: 'x' })
      ).status,
    ).toBe(404);
    expect(
      (
        await ctx
          .http()
          .post('/auditsvc/template')
          .set(actors.headers.partnerA)
          .send({ firm_id: actors.firmA.id, name: 'x', from_engagement_id: foreignSource.id })
      ).status,
    ).toBe(404);
    expect(
      (
        await ctx
          .http()
          .post('/auditsvc/template')
          .set(actors.headers.adminToken)
          .send({ firm_id: actors.firmA.id, name: 'x', from_engagement_id: foreignSource.id })
      ).status,
    ).toBe(422);
    expect(
      (
        await ctx
          .http()
          .post('/auditsvc/template')
          .set(actors.headers.partnerA)
          .send({ firm_id: actors.firmA.id })
      ).status,
    ).toBe(422);
  });
});
