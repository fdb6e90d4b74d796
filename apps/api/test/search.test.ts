// Cross-engagement finding search (spec 4.5): substring semantics on both index paths (trigram and
// short-query fallback), filters, canonical_only, firm scoping, pagination.
import { Actors, makeActors, makeEngagement, makeFindings } from '../../../test/helpers/builders';
import { TestContext, createTestContext } from '../../../test/helpers/context';

let ctx: TestContext;
let actors: Actors;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await makeActors(ctx);
  const a = await makeEngagement(ctx, actors.firmA, { clientName: 'Northwind' });
  const b = await makeEngagement(ctx, actors.firmB, { clientName: 'Contoso' });
  const [encryption, vendor, raw, notes, percent] = await makeFindings(ctx, a, [
    {
      description: 'Laptop ENCRYPTION standard cites FIPS 140-2.',
      severity: 'high',
      confidence: 0.9,
      primitive: 'currency_check',
    },
    {
      description: 'Vendor contract lacks breach notice.',
      rootCause: 'Flow-down of encryption duties missing',
      severity: 'critical',
      status: 'accepted',
      primitive: 'flow_down_check',
    },
    { description: 'Raw duplicate about encryption keys.', isCanonical: false },
    {
      description: 'Backups untested.',
      auditorNotes: 'Client says Encryptions happen nightly',
      severity: 'low',
    },
    { description: 'Coverage is 100% except a_b "quoted" items.', severity: 'medium' },
  ]);
  const [foreign] = await makeFindings(ctx, b, [{ description: 'Encryption at rest missing for backups.' }]);
  Object.assign(ids, {
    encryption: encryption!.id,
    vendor: vendor!.id,
    raw: raw!.id,
    notes: notes!.id,
    percent: percent!.id,
    foreign: foreign!.id,
  });
});
afterAll(() => ctx.close());

const search = (query: string, headers = actors.headers.adminToken) =>
  ctx.http().get(`/auditsvc/findings/search?${query}`).set(headers);

const foundIds = (body: { matches: { finding: { id: string } }[] }) => body.matches.map((m) => m.finding.id);

it('finds a case-insensitive substring in description, root_cause or auditor_notes, across engagements', async () => {
  const res = await search('q=ENCRYPT');
  expect(res.status).toBe(200);
  expect(foundIds(res.body).sort()).toEqual([ids.encryption, ids.vendor, ids.notes, ids.foreign].sort());
  expect(res.body).toMatchObject({ query: 'ENCRYPT', count: 4, total: 4, limit: 100, offset: 0 });
  expect(res.body.filters).toEqual({
    primitive: null,
    severity: null,
    status: null,
    firm_id: null,
    canonical_only: true,
  });
  const match = res.body.matches.find((m: { finding: { id: string } }) => m.finding.id === ids.foreign);
  expect(match).toMatchObject({ engagement_client_name: 'Contoso', firm_id: actors.firmB.id });
});

it('orders matches by severity, then confidence', async () => {
  const res = await search('q=encrypt&firm_id=' + actors.firmA.id);
  expect(res.body.matches.map((m: { finding: { severity: string } }) => m.finding.severity)).toEqual([
    'critical',
    'high',
    'low',
  ]);
});

it('serves queries shorter than three characters with the same meaning', async () => {
  const res = await search('q=0%25');
  expect(foundIds(res.body)).toEqual([ids.percent]);
  const two = await search('q=a_');
  expect(foundIds(two.body)).toEqual([ids.percent]);
});

it('matches wildcard and quote characters literally', async () => {
  expect(foundIds((await search('q=' + encodeURIComponent('100%'))).body)).toEqual([ids.percent]);
  expect(foundIds((await search('q=' + encodeURIComponent('"quoted"'))).body)).toEqual([ids.percent]);
  expect((await search('q=' + encodeURIComponent('10_%'))).body.total).toBe(0);
});

it('hides raw findings swallowed by a canonical one unless canonical_only=false', async () => {
  expect(foundIds((await search('q=encryption keys')).body)).toEqual([]);
  expect(foundIds((await search('q=encryption keys&canonical_only=false')).body)).toEqual([ids.raw]);
});

it('filters by primitive, severity and status', async () => {
  expect(foundIds((await search('q=encrypt&primitive=currency_check')).body)).toEqual([ids.encryption]);
  expect(foundIds((await search('severity=critical')).body)).toEqual([ids.vendor]);
  expect(foundIds((await search('status=accepted')).body)).toEqual([ids.vendor]);
  expect((await search('severity=urgent')).status).toBe(422);
  expect((await search('primitive=magic')).status).toBe(422);
});

it('confines non-admin callers to their firm, whatever firm_id they pass', async () => {
  const own = await search(`q=encrypt&firm_id=${actors.firmB.id}`, actors.headers.associateA);
  expect(own.status).toBe(200);
  expect(own.body.filters.firm_id).toBe(actors.firmA.id);
  expect(foundIds(own.body)).not.toContain(ids.foreign);
  expect(own.body.total).toBe(3);
  const admin = await search(`q=encrypt&firm_id=${actors.firmB.id}`);
  expect(foundIds(admin.body)).toEqual([ids.foreign]);
});

it('pages with limit and offset, within 1 to 200', async () => {
  const page = await search('q=encrypt&limit=2&offset=1');
  expect(page.body).toMatchObject({ count: 2, total: 4, limit: 2, offset: 1 });
  expect((await search('limit=201')).status).toBe(422);
  expect((await search('limit=200')).status).toBe(200);
  expect((await search('offset=-5')).status).toBe(422);
});

it('keeps the index in step when notes are edited', async () => {
  await ctx
    .http()
    .post(
      `/auditsvc/finding/${ids.encryption}/accept?engagement_id=${(await ctx.services.repos.findings.findByIds([ids.encryption]))[0]!.engagementId}`,
    )
    .set(actors.headers.adminToken)
    .send({ auditor_notes: 'zebra crossing reviewed' });
  expect(foundIds((await search('q=zebra')).body)).toEqual([ids.encryption]);
});

describe('very common matches (more than 10,000)', () => {
  let expectedOrder: string[];

  beforeAll(async () => {
    const engagement = await makeEngagement(ctx, actors.firmB, { clientName: 'Bulk' });
    const specs = Array.from({ length: 10_050 }, (_, i) => ({
      description: `Common needle finding number ${i}`,
      severity: (['critical', 'high', 'medium', 'low'] as const)[i % 4],
      confidence: (i % 97) / 97,
    }));
    const created = await makeFindings(ctx, engagement, specs);
    const rank = { critical: 4, high: 3, medium: 2, low: 1 } as Record<string, number>;
    expectedOrder = [...created]
      .sort(
        (a, b) =>
          rank[b.severity]! - rank[a.severity]! || b.confidence - a.confidence || (a.id < b.id ? 1 : -1),
      )
      .map((finding) => finding.id);
  }, 120_000);

  it('pages in result order and reports the total as at least 10,000', async () => {
    const first = await search('q=NEEDLE&limit=200');
    expect(first.body).toMatchObject({ total: 10_000, total_relation: 'gte', count: 200 });
    expect(foundIds(first.body)).toEqual(expectedOrder.slice(0, 200));
    const deep = await search('q=needle&limit=50&offset=9990');
    expect(foundIds(deep.body)).toEqual(expectedOrder.slice(9990, 10_040));
  });

  it('counts exactly with exact_total=true, and exactly below the cap', async () => {
    const exact = await search('q=needle&exact_total=true&limit=1');
    expect(exact.body).toMatchObject({ total: 10_050, total_relation: 'eq' });
    expect(foundIds(exact.body)).toEqual(expectedOrder.slice(0, 1));
    const fewer = await search('q=finding number 99&limit=200');
    expect(fewer.body.total_relation).toBe('eq');
    expect(fewer.body.total).toBe(111); // 99, 990-999, 9900-9999
  });

  it('serves a short query over the same rows in the same order', async () => {
    const short = await search('q=ed&limit=20&firm_id=' + actors.firmB.id);
    expect(short.body.total_relation).toBe('gte');
    expect(foundIds(short.body)).toEqual(expectedOrder.slice(0, 20));
  });
});
