// The findings list is served from memory while its engagement's findings version holds
// (apps/api/src/http/versioned-json-cache.ts): every write to the findings, through the API or
// straight through the repositories as the worker writes, shows on the next read; a rolled-back
// write changes nothing; access is checked before anything is served; If-None-Match answers 304.
import { newId } from '@auditsvc/core';
import { SEVERITY_RANK } from '@auditsvc/db';
import { createVersionedJsonCache, JsonBytes } from '../src/http/versioned-json-cache';
import { Actors, makeActors, makeEngagement, makeFindings } from '../../../test/helpers/builders';
import { TestContext, createTestContext } from '../../../test/helpers/context';

let ctx: TestContext;
let actors: Actors;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await makeActors(ctx);
});
afterAll(() => ctx.close());

async function reviewedEngagement() {
  const engagement = await makeEngagement(ctx, actors.firmA, { status: 'findings_review' });
  const findings = await makeFindings(ctx, engagement, [{ severity: 'high' }, { severity: 'low' }]);
  return { engagement, findings };
}

const list = (engagementId: string, headers = actors.headers.partnerA) =>
  ctx.http().get(`/auditsvc/engagement/${engagementId}/findings`).set(headers);

const statuses = (body: { findings: Array<{ id: string; status: string }> }) =>
  Object.fromEntries(body.findings.map((finding) => [finding.id, finding.status]));

describe('the findings page from memory', () => {
  it('is the same bytes under one ETag, and If-None-Match answers 304 without a body', async () => {
    const { engagement } = await reviewedEngagement();
    const first = await list(engagement.id);
    const second = await list(engagement.id);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(second.text).toBe(first.text);
    expect(second.headers.etag).toBe(first.headers.etag);
    const unchanged = await list(engagement.id).set('if-none-match', first.headers.etag!);
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBe('');
  });

  it('shows every write through the API on the next read', async () => {
    const { engagement, findings } = await reviewedEngagement();
    const [high, low] = findings;
    await list(engagement.id);
    const accepted = await ctx
      .http()
      .post(`/auditsvc/finding/${high!.id}/accept?engagement_id=${engagement.id}`)
      .set(actors.headers.partnerA)
      .send({});
    expect(accepted.status).toBe(200);
    expect(statuses((await list(engagement.id)).body)).toEqual({
      [high!.id]: 'accepted',
      [low!.id]: 'pending',
    });

    const edited = await ctx
      .http()
      .post(`/auditsvc/finding/${low!.id}/edit?engagement_id=${engagement.id}`)
      .set(actors.headers.partnerA)
      .send({ description: 'Rewritten by the reviewer.' });
    expect(edited.status).toBe(200);
    const afterEdit = (await list(engagement.id)).body.findings.find((f: { id: string }) => f.id === low!.id);
    expect(afterEdit.description).toContain('Rewritten by the reviewer.');

    const bulk = await ctx
      .http()
      .post(`/auditsvc/findings/bulk-action?engagement_id=${engagement.id}`)
      .set(actors.headers.partnerA)
      .send({ finding_ids: [high!.id, low!.id], action: 'rejected' });
    expect(bulk.status).toBe(200);
    expect(statuses((await list(engagement.id)).body)).toEqual({
      [high!.id]: 'rejected',
      [low!.id]: 'rejected',
    });
  });

  it('shows writes the worker makes through the repositories (as another process would)', async () => {
    const { engagement, findings } = await reviewedEngagement();
    const before = await list(engagement.id);
    expect(before.body.total).toBe(2);

    await ctx.services.repos.findings.update(findings[0]!.id, { status: 'accepted' });
    expect(statuses((await list(engagement.id)).body)[findings[0]!.id]).toBe('accepted');

    const [template] = await ctx.services.repos.findings.findByIds([findings[1]!.id]);
    const { id: _id, createdAt: _created, updatedAt: _updated, ...copy } = template!;
    await ctx.services.repos.findings.createMany([
      {
        ...copy,
        id: newId('finding'),
        severity: 'critical',
        severityRank: SEVERITY_RANK.critical,
        mergedFindingIds: [],
        evidence: [],
        frameworks: [],
        adversarial: undefined,
      },
    ]);
    const grown = await list(engagement.id);
    expect(grown.body.total).toBe(3);
    expect(grown.body.findings[0].severity).toBe('critical');

    // A re-run removes the pending findings no reviewer touched.
    await ctx.services.repos.runs.deleteReplaceableFindings(engagement.id);
    const shrunk = await list(engagement.id);
    expect(shrunk.body.findings.map((f: { id: string }) => f.id)).toEqual([findings[0]!.id]);
    expect(shrunk.headers.etag).not.toBe(before.headers.etag);
  });

  it('is unchanged by a rolled-back write, and the engagement keeps its updated_at', async () => {
    const { engagement, findings } = await reviewedEngagement();
    const before = await list(engagement.id);
    const engagementBefore = await ctx
      .http()
      .get(`/auditsvc/engagement/${engagement.id}`)
      .set(actors.headers.partnerA);

    await expect(
      ctx.services.repos.transaction(async (tx) => {
        await tx.findings.update(findings[0]!.id, { status: 'accepted' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const after = await list(engagement.id);
    expect(after.text).toBe(before.text);
    expect(statuses(after.body)[findings[0]!.id]).toBe('pending');

    await ctx.services.repos.findings.update(findings[0]!.id, { auditorNotes: 'noted' });
    const engagementAfter = await ctx
      .http()
      .get(`/auditsvc/engagement/${engagement.id}`)
      .set(actors.headers.partnerA);
    expect(engagementAfter.body.updated_at).toBe(engagementBefore.body.updated_at);
  });

  it('checks access before serving: another firm gets 404, and each page size is its own entry', async () => {
    const { engagement } = await reviewedEngagement();
    expect((await list(engagement.id)).status).toBe(200);
    const stranger = await list(engagement.id, actors.headers.partnerB);
    expect(stranger.status).toBe(404);
    expect(stranger.text).not.toContain('findings');
    const one = await ctx
      .http()
      .get(`/auditsvc/engagement/${engagement.id}/findings?limit=1&offset=1`)
      .set(actors.headers.partnerA);
    expect(one.body.findings).toHaveLength(1);
    expect(one.body.total).toBe(2);
  });
});

describe('the findings summary of the engagement object', () => {
  it('is kept while the findings are unchanged and follows every write to them', async () => {
    const { engagement, findings } = await reviewedEngagement();
    const summary = async () =>
      (await ctx.http().get(`/auditsvc/engagement/${engagement.id}`).set(actors.headers.partnerA)).body
        .findings;
    expect(await summary()).toMatchObject({ total: 2, pending: 2, accepted: 0 });
    expect(await summary()).toMatchObject({ total: 2, pending: 2, accepted: 0 });
    await ctx.services.repos.findings.update(findings[0]!.id, { status: 'accepted' });
    expect(await summary()).toMatchObject({ total: 2, pending: 1, accepted: 1 });
    await ctx.services.repos.runs.deleteReplaceableFindings(engagement.id);
    expect(await summary()).toMatchObject({ total: 1, pending: 0, accepted: 1 });
    // The engagement list shows the same summary.
    const listed = await ctx.http().get('/auditsvc/engagement?limit=100').set(actors.headers.partnerA);
    const row = listed.body.engagements.find((e: { id: string }) => e.id === engagement.id);
    expect(row.findings).toMatchObject({ total: 1, accepted: 1 });
  });
});

describe('the versioned cache', () => {
  const bytes = (size: number) => new JsonBytes(Buffer.alloc(size, 'a'), `"${size}"`);

  it('makes an entry again when the version moves, and keeps the others', async () => {
    const cache = createVersionedJsonCache(1000);
    const make = jest.fn(async () => bytes(10));
    await cache.get('a', 1, make);
    await cache.get('a', 1, make);
    expect(make).toHaveBeenCalledTimes(1);
    await cache.get('a', 2, make);
    expect(make).toHaveBeenCalledTimes(2);
    expect(cache.size()).toBe(10);
  });

  it('keeps an entry under the version its maker says the data had, and compares lists value by value', async () => {
    const cache = createVersionedJsonCache(1000);
    const make = jest.fn(async () => ({ value: bytes(10), version: ['e1', 2, 1] }));
    await cache.get('page', ['e1', 1, 1], make); // the data was read at a later version
    await cache.get('page', ['e1', 2, 1], make);
    expect(make).toHaveBeenCalledTimes(1);
    await cache.get('page', ['e1', 1, 1], make);
    expect(make).toHaveBeenCalledTimes(2);
    await cache.get('page', ['e1', 2], make);
    expect(make).toHaveBeenCalledTimes(3);
  });

  it('makes an entry once for concurrent callers of one version, apart for another version', async () => {
    const cache = createVersionedJsonCache(1000);
    let release: () => void = () => undefined;
    const make = jest.fn(() => new Promise<JsonBytes>((resolve) => (release = () => resolve(bytes(10)))));
    const burst = [cache.get('page', 3, make), cache.get('page', 3, make), cache.get('page', 3, make)];
    const newer = cache.get('page', 4, async () => bytes(20));
    expect(make).toHaveBeenCalledTimes(1);
    release();
    const answers = await Promise.all(burst);
    expect(new Set(answers).size).toBe(1);
    expect((await newer).bytes.length).toBe(20);

    // A failed make fails its waiters, and the next caller makes again.
    const failing = jest.fn(async () => {
      throw new Error('database away');
    });
    await expect(
      Promise.all([cache.get('other', 1, failing), cache.get('other', 1, failing)]),
    ).rejects.toThrow('database away');
    expect(failing).toHaveBeenCalledTimes(1);
    expect((await cache.get('other', 1, async () => bytes(5))).bytes.length).toBe(5);
  });

  it('stays within its bytes, dropping the least recently used first', async () => {
    const cache = createVersionedJsonCache(250);
    for (const key of ['a', 'b']) await cache.get(key, 1, async () => bytes(100));
    await cache.get('a', 1, async () => bytes(100)); // "a" is now the most recently used
    await cache.get('c', 1, async () => bytes(100));
    expect(cache.size()).toBe(200);
    const remade: string[] = [];
    for (const key of ['a', 'c', 'b']) await cache.get(key, 1, async () => (remade.push(key), bytes(100)));
    expect(remade).toEqual(['b']);
    // A body larger than the whole cache is served and not kept.
    await cache.get('huge', 1, async () => bytes(1000));
    expect(cache.size()).toBeLessThanOrEqual(250);
  });
});
