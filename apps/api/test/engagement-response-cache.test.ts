// The engagement object and the engagement list are served from memory while a fresh read of what
// they are made from (each engagement's row, with its findings version and corpus figures, and the
// list's total) is equal to the read they were made from (apps/api/src/http/versioned-json-cache.ts).
// So every write shows on the next read, whoever made it: through this API process, through the
// repositories as the worker writes (raw SQL that leaves updated_at as it is included), or through
// another API process; a rolled-back write changes nothing; access is checked before anything is
// served, and one firm's list is never another's.
import { newId } from '@auditsvc/core';
import { Actors, makeActors, makeEngagement, makeFindings } from '../../../test/helpers/builders';
import { TestContext, createTestContext } from '../../../test/helpers/context';
import { startApiProcess } from '../../../test/helpers/processes';

let ctx: TestContext;
let actors: Actors;
let other: Awaited<ReturnType<typeof startApiProcess>>;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await makeActors(ctx);
  other = await startApiProcess(ctx);
}, 120_000);
afterAll(async () => {
  await other?.stop();
  await ctx.close();
});

const object = (id: string, headers = actors.headers.partnerA) =>
  ctx.http().get(`/auditsvc/engagement/${id}`).set(headers);
const list = (headers = actors.headers.partnerA, query = 'limit=500') =>
  ctx.http().get(`/auditsvc/engagement?${query}`).set(headers);
const listed = async (id: string, headers = actors.headers.partnerA) =>
  (await list(headers)).body.engagements.find((e: { id: string }) => e.id === id);

/** A GET on the other API process. */
async function otherGet(path: string, headers = actors.headers.partnerA) {
  const response = await fetch(`${other.baseUrl}${path}`, { headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the engagement object and list from memory', () => {
  it('are the same bytes under one ETag, and If-None-Match answers 304 without a body', async () => {
    const engagement = await makeEngagement(ctx, actors.firmA);
    for (const get of [() => object(engagement.id), () => list()]) {
      const first = await get();
      const second = await get();
      expect(first.status).toBe(200);
      expect(second.text).toBe(first.text);
      expect(second.headers.etag).toBe(first.headers.etag);
      const unchanged = await get().set('if-none-match', first.headers.etag!);
      expect(unchanged.status).toBe(304);
      expect(unchanged.text).toBe('');
    }
  });

  it('show every write through the API on the next read', async () => {
    const engagement = await makeEngagement(ctx, actors.firmA, { status: 'findings_review' });
    const [finding] = await makeFindings(ctx, engagement, [{ severity: 'high' }]);
    await object(engagement.id);
    await list();

    const intake = await ctx
      .http()
      .post(`/auditsvc/engagement/${engagement.id}/intake`)
      .set(actors.headers.partnerA)
      .send({ audit_purpose: 'Readiness for a first SOC 2 report.' });
    expect(intake.status).toBe(200);
    expect((await object(engagement.id)).body.intake.audit_purpose).toBe(
      'Readiness for a first SOC 2 report.',
    );
    expect((await listed(engagement.id)).intake.audit_purpose).toBe('Readiness for a first SOC 2 report.');

    const assigned = await ctx
      .http()
      .post(`/auditsvc/engagement/${engagement.id}/assignment`)
      .set(actors.headers.partnerA)
      .send({ user_id: actors.associateA.id });
    expect(assigned.status).toBe(200);
    expect((await object(engagement.id)).body.assigned_user_id).toBe(actors.associateA.id);
    expect((await listed(engagement.id)).assigned_user_id).toBe(actors.associateA.id);

    const accepted = await ctx
      .http()
      .post(`/auditsvc/finding/${finding!.id}/accept?engagement_id=${engagement.id}`)
      .set(actors.headers.partnerA)
      .send({});
    expect(accepted.status).toBe(200);
    expect((await object(engagement.id)).body.findings).toMatchObject({ total: 1, accepted: 1, pending: 0 });
    expect((await listed(engagement.id)).findings).toMatchObject({ total: 1, accepted: 1 });

    const delivered = await ctx
      .http()
      .post(`/auditsvc/engagement/${engagement.id}/deliver`)
      .set(actors.headers.partnerA);
    expect(delivered.status).toBe(200);
    expect((await object(engagement.id)).body).toMatchObject({ status: 'delivered', is_frozen: true });
    expect((await listed(engagement.id)).status).toBe('delivered');
  });

  it('show writes made straight through the repositories, as the worker makes them', async () => {
    const engagement = await makeEngagement(ctx, actors.firmA, { status: 'running' });
    const before = (await object(engagement.id)).body;
    await list();

    // Run progress (the worker's compare-and-set update).
    await ctx.services.repos.runs.updateEngagementIfActive(engagement.id, { progress: { stage: 'verify' } });
    expect((await object(engagement.id)).body.progress).toEqual({ stage: 'verify' });

    // Spend: raw SQL on the amounts, then the cost maps, in one transaction.
    await ctx.services.repos.transaction((tx) =>
      tx.spend.settle(engagement.id, {
        reservedMicrocents: 0n,
        chargedMicrocents: 25_000_000n,
        stage: 'discovery',
        model: 'local',
        at: new Date(),
      }),
    );
    expect((await object(engagement.id)).body.cost).toMatchObject({
      spent_cents: 25,
      by_stage: { discovery: 25 },
    });
    expect((await listed(engagement.id)).cost.spent_cents).toBe(25);

    // A corpus file: counted, though the engagement's row is untouched.
    const updatedAt = (await object(engagement.id)).body.updated_at;
    await ctx.services.repos.corpus.createFile({
      id: newId('corpusFile'),
      engagementId: engagement.id,
      filename: 'policy.md',
      storedName: newId('corpusFile'),
      sizeBytes: 1234,
      contentType: 'text/markdown',
      sha256: 'x',
    });
    const withFile = (await object(engagement.id)).body;
    expect(withFile.corpus).toMatchObject({ file_count: 1, total_bytes: 1234 });
    expect(withFile.updated_at).toBe(updatedAt);
    expect((await listed(engagement.id)).corpus.file_count).toBe(1);

    // Findings written by a run move the findings version only (updated_at stays as it is).
    await makeFindings(ctx, engagement, [{ severity: 'critical' }, { severity: 'low' }]);
    const withFindings = (await object(engagement.id)).body;
    expect(withFindings.findings).toMatchObject({ total: 2, by_severity: { critical: 1, low: 1 } });
    expect(withFindings.updated_at).toBe(updatedAt);
    expect((await listed(engagement.id)).findings.total).toBe(2);
    expect(before.findings.total).toBe(0);
  });

  it('show a write through another API process on the next read here, and one made here there', async () => {
    const engagement = await makeEngagement(ctx, actors.firmA);
    const path = `/auditsvc/engagement/${engagement.id}`;
    expect((await otherGet(path)).status).toBe(200);
    await object(engagement.id);
    await list();

    const there = await fetch(`${other.baseUrl}${path}/intake`, {
      method: 'POST',
      headers: { ...actors.headers.partnerA, 'content-type': 'application/json' },
      body: JSON.stringify({ audit_purpose: 'Written through the other process.' }),
    });
    expect(there.status).toBe(200);
    expect((await object(engagement.id)).body.intake.audit_purpose).toBe(
      'Written through the other process.',
    );
    expect((await listed(engagement.id)).intake.audit_purpose).toBe('Written through the other process.');

    const here = await ctx
      .http()
      .post(`${path}/intake`)
      .set(actors.headers.partnerA)
      .send({ audit_purpose: 'Written through this process.' });
    expect(here.status).toBe(200);
    const seen = await otherGet(path);
    expect((seen.body.intake as { audit_purpose: string }).audit_purpose).toBe(
      'Written through this process.',
    );
    const otherList = (await otherGet('/auditsvc/engagement?limit=500')).body.engagements as Array<{
      id: string;
      intake: { audit_purpose: string };
    }>;
    expect(otherList.find((e) => e.id === engagement.id)!.intake.audit_purpose).toBe(
      'Written through this process.',
    );
  });

  it('show a write to every request made after it, while concurrent requests share version reads', async () => {
    const engagement = await makeEngagement(ctx, actors.firmA, { clientName: 'Before the flood' });
    const flood = (count: number) =>
      Promise.all(
        Array.from({ length: count }, () =>
          Promise.all([object(engagement.id), list()]).then(([one, page]) => ({
            name: one.body.client_name as string,
            listed: page.body.engagements.find((e: { id: string }) => e.id === engagement.id)
              .client_name as string,
          })),
        ),
      );
    for (let round = 1; round <= 3; round++) {
      const during = flood(20);
      await ctx.services.repos.engagements.update(engagement.id, { clientName: `Renamed ${round}` });
      const after = await flood(20);
      expect(
        after.every((seen) => seen.name === `Renamed ${round}` && seen.listed === `Renamed ${round}`),
      ).toBe(true);
      await during;
    }
  });

  it('are unchanged by a rolled-back write', async () => {
    const engagement = await makeEngagement(ctx, actors.firmA);
    const before = await object(engagement.id);
    const listBefore = await list();

    await expect(
      ctx.services.repos.transaction(async (tx) => {
        await tx.engagements.update(engagement.id, { clientName: 'Never committed' });
        await tx.corpus.createFile({
          id: newId('corpusFile'),
          engagementId: engagement.id,
          filename: 'never.md',
          storedName: newId('corpusFile'),
          sizeBytes: 10,
          contentType: 'text/markdown',
          sha256: 'x',
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const after = await object(engagement.id);
    expect(after.text).toBe(before.text);
    expect(after.body.client_name).not.toBe('Never committed');
    expect((await list()).text).toBe(listBefore.text);
  });

  it('check access before serving: another firm gets 404, and each firm lists its own', async () => {
    const engagement = await makeEngagement(ctx, actors.firmA, { clientName: 'Only for firm A' });
    expect((await object(engagement.id)).status).toBe(200);
    const stranger = await object(engagement.id, actors.headers.partnerB);
    expect(stranger.status).toBe(404);
    expect(stranger.text).not.toContain('Only for firm A');
    expect((await object(engagement.id, actors.headers.associateA)).status).toBe(200);
    expect((await object(engagement.id, actors.headers.adminToken)).status).toBe(200);

    // Same query, different callers: each gets its own firm's page, whatever firm_id it passes.
    const mine = await list(actors.headers.partnerA);
    expect(mine.text).toContain('Only for firm A');
    for (const query of ['limit=500', `limit=500&firm_id=${actors.firmA.id}`]) {
      const theirs = await list(actors.headers.partnerB, query);
      expect(theirs.status).toBe(200);
      expect(theirs.text).not.toContain('Only for firm A');
      expect(theirs.body.engagements.every((e: { firm_id: string }) => e.firm_id === actors.firmB.id)).toBe(
        true,
      );
    }
    const adminFirmB = await list(actors.headers.adminToken, `limit=500&firm_id=${actors.firmB.id}`);
    expect(adminFirmB.text).not.toContain('Only for firm A');
    expect((await list(actors.headers.adminToken, 'limit=500')).text).toContain('Only for firm A');
  });

  it('follow an engagement added to the top of a page and removed again', async () => {
    const firm = actors.firmB;
    const first = await makeEngagement(ctx, firm, { clientName: 'First of B' });
    const page = () => list(actors.headers.partnerB, 'limit=1');
    expect((await page()).body.engagements[0].id).toBe(first.id);
    const newer = await makeEngagement(ctx, firm, { clientName: 'Newer of B' });
    expect((await page()).body.engagements[0].id).toBe(newer.id);
    expect((await object(newer.id, actors.headers.partnerB)).status).toBe(200);
    const removed = await ctx
      .http()
      .delete(`/auditsvc/engagement/${newer.id}`)
      .set(actors.headers.adminToken);
    expect(removed.status).toBe(200);
    expect((await page()).body.engagements[0].id).toBe(first.id);
    expect((await object(newer.id, actors.headers.partnerB)).status).toBe(404);
  });

  it('count an engagement added beyond the page in the total', async () => {
    await makeEngagement(ctx, actors.firmB);
    const first = await list(actors.headers.partnerB, 'limit=1');
    await makeEngagement(ctx, actors.firmB);
    const second = await list(actors.headers.partnerB, 'limit=1');
    expect(second.body.total).toBe(first.body.total + 1);
  });
});
