// Findings review (spec 3.2, 4.5): list order and limits, accept, reject, refine, edit, bulk-action.
import type { EngagementRecord, FindingRecord } from '@auditsvc/db';
import { Actors, makeActors, makeEngagement, makeFindings } from '../../../test/helpers/builders';
import { TestContext, createTestContext } from '../../../test/helpers/context';

let ctx: TestContext;
let actors: Actors;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await makeActors(ctx);
});
afterAll(() => ctx.close());

async function engagementWithFindings(count = 3) {
  const engagement = await makeEngagement(ctx, actors.firmA, { status: 'findings_review' });
  const findings = await makeFindings(
    ctx,
    engagement,
    Array.from({ length: count }, () => ({})),
  );
  return { engagement, findings };
}

const action = (
  finding: FindingRecord,
  engagement: EngagementRecord,
  name: string,
  body: object = {},
  headers = actors.headers.partnerA,
) =>
  ctx
    .http()
    .post(`/auditsvc/finding/${finding.id}/${name}?engagement_id=${engagement.id}`)
    .set(headers)
    .send(body);

describe('GET /auditsvc/engagement/{id}/findings', () => {
  it('sorts by severity then confidence, descending', async () => {
    const engagement = await makeEngagement(ctx, actors.firmA);
    await makeFindings(ctx, engagement, [
      { severity: 'low', confidence: 0.9 },
      { severity: 'critical', confidence: 0.4 },
      { severity: 'high', confidence: 0.8 },
      { severity: 'critical', confidence: 0.95 },
      { severity: 'medium', confidence: 0.5 },
      { severity: 'high', confidence: 0.3 },
    ]);
    const res = await ctx
      .http()
      .get(`/auditsvc/engagement/${engagement.id}/findings`)
      .set(actors.headers.associateA);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      engagement_id: engagement.id,
      count: 6,
      total: 6,
      limit: 200,
      offset: 0,
    });
    expect(
      res.body.findings.map((f: { severity: string; confidence: number }) => `${f.severity}:${f.confidence}`),
    ).toEqual(['critical:0.95', 'critical:0.4', 'high:0.8', 'high:0.3', 'medium:0.5', 'low:0.9']);
    const finding = res.body.findings[0];
    expect(finding).toMatchObject({
      engagement_id: engagement.id,
      status: 'pending',
      primitive: 'conflict_check',
      is_canonical: true,
      merged_finding_ids: [],
      filter_status: 'likely',
      filter_overridden_by: null,
      evidence: [{ document: 'Password-Policy.docx', quote: 'rotated every 90 days', quote_verified: true }],
      frameworks: ['SOC 2'],
      parent_finding_id: null,
      adversarial: null,
    });
    const paged = await ctx
      .http()
      .get(`/auditsvc/engagement/${engagement.id}/findings?limit=2&offset=4`)
      .set(actors.headers.associateA);
    expect(paged.body.findings.map((f: { severity: string }) => f.severity)).toEqual(['medium', 'low']);
  });

  it('accepts limit 1000 and refuses 1001 and 0', async () => {
    const { engagement } = await engagementWithFindings(1);
    const url = `/auditsvc/engagement/${engagement.id}/findings`;
    expect((await ctx.http().get(`${url}?limit=1000`).set(actors.headers.associateA)).status).toBe(200);
    const over = await ctx.http().get(`${url}?limit=1001`).set(actors.headers.associateA);
    expect(over.status).toBe(422);
    expect(over.body.detail[0]).toMatchObject({
      loc: ['query', 'limit'],
      msg: 'must be <= 1000',
      type: 'less_than_equal',
    });
    expect((await ctx.http().get(`${url}?limit=0`).set(actors.headers.associateA)).status).toBe(422);
    expect((await ctx.http().get(url).set(actors.headers.partnerB)).status).toBe(404);
  });
});

describe('accept, reject, refine', () => {
  it('set the status and notes, bump the engagement and its summary', async () => {
    const { engagement, findings } = await engagementWithFindings(3);
    const accepted = await action(findings[0]!, engagement, 'accept', {
      auditor_notes: 'confirmed with client',
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      id: findings[0]!.id,
      status: 'accepted',
      auditor_notes: 'confirmed with client',
    });
    const rejected = await action(findings[1]!, engagement, 'reject', { auditor_notes: 'out of scope' });
    expect(rejected.body).toMatchObject({ status: 'rejected', auditor_notes: 'out of scope' });
    const refined = await action(findings[2]!, engagement, 'refine', {});
    expect(refined.body.status).toBe('refined');
    const toPending = await action(findings[2]!, engagement, 'refine', {
      status: 'pending',
      auditor_notes: 'reopen',
    });
    expect(toPending.body).toMatchObject({ status: 'pending', auditor_notes: 'reopen' });
    const read = await ctx.http().get(`/auditsvc/engagement/${engagement.id}`).set(actors.headers.associateA);
    expect(read.body.findings).toMatchObject({ total: 3, accepted: 1, rejected: 1, pending: 1, refined: 0 });
    expect(Date.parse(read.body.updated_at)).toBeGreaterThan(engagement.updatedAt.getTime() - 1);
  });

  it('treat the current status as a no-op', async () => {
    const { engagement, findings } = await engagementWithFindings(1);
    const first = await action(findings[0]!, engagement, 'accept', { auditor_notes: 'first' });
    const again = await action(findings[0]!, engagement, 'accept', { auditor_notes: 'second' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });

  it('record the reviewer who accepts a finding the filter rejected', async () => {
    const engagement = await makeEngagement(ctx, actors.firmA);
    const [finding] = await makeFindings(ctx, engagement, [{ filterStatus: 'rejected' }]);
    const res = await action(finding!, engagement, 'accept', {});
    expect(res.body.filter_overridden_by).toBe(actors.partnerA.id);
  });

  it('answer 422 without engagement_id, 404 for a finding of another engagement, 403 to associates', async () => {
    const { engagement, findings } = await engagementWithFindings(1);
    const other = await makeEngagement(ctx, actors.firmA);
    const noEngagement = await ctx
      .http()
      .post(`/auditsvc/finding/${findings[0]!.id}/accept`)
      .set(actors.headers.partnerA)
      .send({});
    expect(noEngagement.status).toBe(422);
    expect(noEngagement.body.detail[0]).toMatchObject({ loc: ['query', 'engagement_id'], type: 'missing' });
    expect((await action(findings[0]!, other, 'accept')).status).toBe(404);
    expect((await action(findings[0]!, engagement, 'accept', {}, actors.headers.associateA)).status).toBe(
      403,
    );
    expect((await action(findings[0]!, engagement, 'accept', {}, actors.headers.partnerB)).status).toBe(404);
    expect((await action(findings[0]!, engagement, 'refine', { status: 'done' })).status).toBe(422);
  });
});

describe('edit', () => {
  it('changes only the supplied fields, sets refined and prepends [EDITED <fields>] in request order', async () => {
    const engagement = await makeEngagement(ctx, actors.firmA);
    const [finding] = await makeFindings(ctx, engagement, [
      { auditorNotes: 'original note', severity: 'low' },
    ]);
    const res = await action(finding!, engagement, 'edit', {
      severity: 'critical',
      description: 'Rotation differs: 90 vs 180 days.',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'refined',
      severity: 'critical',
      description: 'Rotation differs: 90 vs 180 days.',
      root_cause: finding!.rootCause,
      remediation_effort_hours: 4,
      auditor_notes: '[EDITED severity, description]\noriginal note',
    });
    const second = await action(finding!, engagement, 'edit', { remediation_effort_hours: 12.5 });
    expect(second.body.auditor_notes).toBe(
      '[EDITED remediation_effort_hours]\n[EDITED severity, description]\noriginal note',
    );
    const list = await ctx
      .http()
      .get(`/auditsvc/engagement/${engagement.id}/findings`)
      .set(actors.headers.partnerA);
    expect(list.body.findings[0].severity).toBe('critical');
  });

  it('answers 422 for nothing to edit or a bad value', async () => {
    const { engagement, findings } = await engagementWithFindings(1);
    expect((await action(findings[0]!, engagement, 'edit', {})).status).toBe(422);
    expect((await action(findings[0]!, engagement, 'edit', { severity: 'urgent' })).status).toBe(422);
    expect(
      (await action(findings[0]!, engagement, 'edit', { remediation_effort_hours: 'lots' })).status,
    ).toBe(422);
  });
});

describe('POST /auditsvc/findings/bulk-action', () => {
  const bulk = (engagement: EngagementRecord, body: object, headers = actors.headers.partnerA) =>
    ctx.http().post(`/auditsvc/findings/bulk-action?engagement_id=${engagement.id}`).set(headers).send(body);

  it('applies to every id, reports missing ones, and answers 200 on partial failure', async () => {
    const { engagement, findings } = await engagementWithFindings(3);
    const ids = [findings[0]!.id, 'f-missing', findings[1]!.id];
    const res = await bulk(engagement, { finding_ids: ids, action: 'accepted', auditor_notes: 'batch' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      engagement_id: engagement.id,
      action: 'accepted',
      total: 3,
      succeeded: 2,
      failed: 1,
      results: [
        { id: findings[0]!.id, ok: true, status: 'accepted' },
        { id: 'f-missing', ok: false, error: 'finding_not_found' },
        { id: findings[1]!.id, ok: true, status: 'accepted' },
      ],
    });
    const list = await ctx
      .http()
      .get(`/auditsvc/engagement/${engagement.id}/findings`)
      .set(actors.headers.partnerA);
    const byId = new Map(list.body.findings.map((f: { id: string }) => [f.id, f]));
    expect(byId.get(findings[0]!.id)).toMatchObject({ status: 'accepted', auditor_notes: 'batch' });
    expect(byId.get(findings[2]!.id)).toMatchObject({ status: 'pending' });
  });

  it('does not touch findings of another engagement', async () => {
    const { engagement } = await engagementWithFindings(1);
    const other = await engagementWithFindings(1);
    const res = await bulk(engagement, { finding_ids: [other.findings[0]!.id], action: 'rejected' });
    expect(res.body.results).toEqual([{ id: other.findings[0]!.id, ok: false, error: 'finding_not_found' }]);
  });

  it.each([
    [{ finding_ids: [], action: 'accepted' }, 'too_short'],
    [{ finding_ids: Array.from({ length: 201 }, (_, i) => `f-${i}`), action: 'accepted' }, 'too_long'],
    [{ finding_ids: ['f-1'], action: 'pending' }, 'enum'],
    [{ finding_ids: ['f-1'] }, 'missing'],
  ])('answers 422 for %j', async (body, type) => {
    const { engagement } = await engagementWithFindings(1);
    const res = await bulk(engagement, body);
    expect(res.status).toBe(422);
    expect(res.body.detail[0].type).toBe(type);
  });

  it('takes 200 ids, is for mutators only, and scopes by firm', async () => {
    const { engagement, findings } = await engagementWithFindings(200);
    const res = await bulk(engagement, { finding_ids: findings.map((f) => f.id), action: 'rejected' });
    expect(res.body).toMatchObject({ total: 200, succeeded: 200, failed: 0 });
    expect(
      (await bulk(engagement, { finding_ids: ['f-1'], action: 'accepted' }, actors.headers.associateA))
        .status,
    ).toBe(403);
    expect(
      (await bulk(engagement, { finding_ids: ['f-1'], action: 'accepted' }, actors.headers.partnerB)).status,
    ).toBe(404);
  });
});
