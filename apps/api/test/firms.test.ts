import { Actors, makeActors } from '../../../test/helpers/builders';
import { TestContext, createTestContext } from '../../../test/helpers/context';

let ctx: TestContext;
let actors: Actors;
let admin: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await makeActors(ctx);
  admin = actors.headers.adminToken;
});
afterAll(() => ctx.close());

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(64, 2)]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([60, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(48, 3),
]);
const GIF = Buffer.from('GIF89a' + 'x'.repeat(40));

describe('POST /auditsvc/firm', () => {
  it('creates a firm from display_name alone, with defaults for the rest', async () => {
    const res = await ctx.http().post('/auditsvc/firm').set(admin).send({ display_name: 'Gamma Group' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^firm-[0-9a-f]{16}$/),
      display_name: 'Gamma Group',
      short_name: '',
      tagline: '',
      logo_url: '',
      primary_color: '#1f2937',
      accent_color: '#2563eb',
      methodology_disclaimer: '',
      footer_text: '',
      confidentiality_notice: '',
      default_archetype: 'remediation_pipeline',
      default_budget_cents: 2000,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('stores every member it is given', async () => {
    const fields = {
      display_name: 'Delta LLP',
      short_name: 'Delta',
      tagline: 'Assurance you can read',
      logo_url: 'https://cdn.example.test/delta.png',
      primary_color: '#112233',
      accent_color: '#abc',
      methodology_disclaimer: 'Sampled evidence only.',
      footer_text: 'Delta LLP, London',
      confidentiality_notice: 'Confidential.',
      default_archetype: 'continuous_monitoring',
      default_budget_cents: 12345,
    };
    const res = await ctx.http().post('/auditsvc/firm').set(admin).send(fields);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject(fields);
    const read = await ctx.http().get(`/auditsvc/firm/${res.body.id}`).set(admin);
    expect(read.body).toEqual(res.body);
  });

  it.each([
    ['no display_name', {}, ['body', 'display_name'], 'missing'],
    ['an empty display_name', { display_name: '' }, ['body', 'display_name'], 'string_too_short'],
    [
      'a colour that is not hex',
      { display_name: 'x', primary_color: 'red' },
      ['body', 'primary_color'],
      'string_pattern_mismatch',
    ],
    [
      'an unknown archetype',
      { display_name: 'x', default_archetype: 'cheap' },
      ['body', 'default_archetype'],
      'enum',
    ],
    [
      'a fractional budget',
      { display_name: 'x', default_budget_cents: 1.5 },
      ['body', 'default_budget_cents'],
      'int_type',
    ],
    [
      'a javascript: logo URL',
      { display_name: 'x', logo_url: 'javascript:alert(1)' },
      ['body', 'logo_url'],
      'string_pattern_mismatch',
    ],
  ])('answers 422 for %s', async (_label, body, loc, type) => {
    const res = await ctx.http().post('/auditsvc/firm').set(admin).send(body);
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual(expect.arrayContaining([expect.objectContaining({ loc, type })]));
  });

  it('answers 413 for a JSON body over 1 MB', async () => {
    const res = await ctx
      .http()
      .post('/auditsvc/firm')
      .set(admin)
      .send({ display_name: 'x', tagline: 'y'.repeat(1_100_000) });
    expect(res.status).toBe(413);
    expect(res.body.detail).toEqual(expect.any(String));
  });
});

describe('GET /auditsvc/firm', () => {
  it('sorts by display_name and shows a non-admin only its own firm', async () => {
    const all = await ctx.http().get('/auditsvc/firm').set(admin);
    const names = all.body.firms.map((f: { display_name: string }) => f.display_name);
    expect(names).toEqual([...names].sort());
    expect(all.body.total).toBeGreaterThanOrEqual(2);
    const mine = await ctx.http().get('/auditsvc/firm').set(actors.headers.associateA);
    expect(mine.body).toMatchObject({ count: 1, total: 1, limit: 100, offset: 0 });
    expect(mine.body.firms[0].id).toBe(actors.firmA.id);
  });

  it('enforces limit bounds of 1 to 500', async () => {
    expect((await ctx.http().get('/auditsvc/firm?limit=501').set(admin)).status).toBe(422);
    expect((await ctx.http().get('/auditsvc/firm?limit=500').set(admin)).status).toBe(200);
    const paged = await ctx.http().get('/auditsvc/firm?limit=1&offset=1').set(admin);
    expect(paged.body).toMatchObject({ count: 1, limit: 1, offset: 1 });
  });
});

describe('GET and PUT /auditsvc/firm/{id}', () => {
  it('answers 404 alike for another firm and for a firm that does not exist', async () => {
    const other = await ctx.http().get(`/auditsvc/firm/${actors.firmB.id}`).set(actors.headers.partnerA);
    const missing = await ctx.http().get('/auditsvc/firm/firm-nope').set(actors.headers.partnerA);
    expect(other.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(other.body).toEqual(missing.body);
  });

  it('applies only the members sent', async () => {
    const created = await ctx
      .http()
      .post('/auditsvc/firm')
      .set(admin)
      .send({ display_name: 'Epsilon', tagline: 'keep me' });
    const res = await ctx
      .http()
      .put(`/auditsvc/firm/${created.body.id}`)
      .set(admin)
      .send({ primary_color: '#000000' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ display_name: 'Epsilon', tagline: 'keep me', primary_color: '#000000' });
    expect((await ctx.http().put('/auditsvc/firm/firm-nope').set(admin).send({ tagline: 'x' })).status).toBe(
      404,
    );
  });
});

describe('DELETE /auditsvc/firm/{id}', () => {
  it('deletes the firm and answers 404 afterwards', async () => {
    const created = await ctx.http().post('/auditsvc/firm').set(admin).send({ display_name: 'Zeta' });
    const res = await ctx.http().delete(`/auditsvc/firm/${created.body.id}`).set(admin);
    expect(res.body).toEqual({ ok: true, id: created.body.id });
    expect((await ctx.http().get(`/auditsvc/firm/${created.body.id}`).set(admin)).status).toBe(404);
    expect((await ctx.http().delete(`/auditsvc/firm/${created.body.id}`).set(admin)).status).toBe(404);
  });
});

describe('firm logo', () => {
  const upload = (
    firmId: string,
    headers: Record<string, string>,
    bytes: Buffer,
    filename: string,
    contentType?: string,
  ) =>
    ctx
      .http()
      .post(`/auditsvc/firm/${firmId}/logo`)
      .set(headers)
      .attach('file', bytes, { filename, contentType: contentType ?? 'application/octet-stream' });

  it.each([
    ['png', PNG, 'image/png'],
    ['jpeg', JPEG, 'image/jpeg'],
    ['webp', WEBP, 'image/webp'],
  ])('stores a %s logo as a base64 data URL', async (_label, bytes, type) => {
    const res = await upload(actors.firmA.id, actors.headers.partnerA, bytes, 'logo.bin');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      firm_id: actors.firmA.id,
      logo_url: `data:${type};base64,${bytes.toString('base64')}`,
      size_bytes: bytes.length,
      content_type: type,
    });
    const firm = await ctx.http().get(`/auditsvc/firm/${actors.firmA.id}`).set(admin);
    expect(firm.body.logo_url).toBe(res.body.logo_url);
  });

  it('sanitises SVG: no script, event handler, foreignObject or external reference survives', async () => {
    const svg = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">
  <script>alert('x')</script>
  <foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.test"/></body></foreignObject>
  <style>@import url(https://evil.test/x.css);</style>
  <rect width="10" height="10" fill="url(https://evil.test/p#x)" onclick="steal()"/>
  <use xlink:href="https://evil.test/sprite.svg#icon"/>
  <image href="https://evil.test/track.png"/>
  <a href="javascript:alert(2)"><text>link</text></a>
  <circle cx="5" cy="5" r="4" fill="#123456"/>
</svg>`;
    const res = await upload(actors.firmA.id, admin, Buffer.from(svg), 'logo.svg', 'image/svg+xml');
    expect(res.status).toBe(200);
    expect(res.body.content_type).toBe('image/svg+xml');
    const stored = Buffer.from(res.body.logo_url.split(',')[1], 'base64').toString('utf8');
    expect(stored).toContain('<circle');
    for (const banned of [
      'script',
      'onload',
      'onclick',
      'foreignObject',
      'iframe',
      'evil.test',
      'javascript',
      '@import',
      '<image',
      '<a ',
    ]) {
      expect(stored).not.toContain(banned);
    }
    expect(res.body.size_bytes).toBe(Buffer.byteLength(stored));
  });

  it('answers 413 above 200 KB', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(200 * 1024)]);
    const res = await upload(actors.firmA.id, admin, big, 'big.png', 'image/png');
    expect(res.status).toBe(413);
  });

  it.each([
    ['a GIF', GIF, 'logo.gif', 'image/gif'],
    ['text', Buffer.from('hello, not an image'), 'logo.png', 'image/png'],
    ['a PNG declared as JPEG', PNG, 'logo.jpg', 'image/jpeg'],
    [
      'malformed SVG',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>'),
      'x.svg',
      'image/svg+xml',
    ],
  ])('answers 415 for %s', async (_label, bytes, filename, type) => {
    const res = await upload(actors.firmA.id, admin, bytes, filename, type);
    expect(res.status).toBe(415);
    expect(res.body.detail).toEqual(expect.any(String));
  });

  it('answers 422 without a file or with another field name', async () => {
    const none = await ctx
      .http()
      .post(`/auditsvc/firm/${actors.firmA.id}/logo`)
      .set(admin)
      .field('note', 'x');
    expect(none.status).toBe(422);
    expect(none.body.detail[0]).toMatchObject({ loc: ['body', 'file'], type: 'missing' });
    const wrongField = await ctx
      .http()
      .post(`/auditsvc/firm/${actors.firmA.id}/logo`)
      .set(admin)
      .attach('image', PNG, 'a.png');
    expect(wrongField.status).toBe(422);
    const two = await ctx
      .http()
      .post(`/auditsvc/firm/${actors.firmA.id}/logo`)
      .set(admin)
      .attach('file', PNG, 'a.png')
      .attach('file', PNG, 'b.png');
    expect(two.status).toBe(422);
  });

  it('lets partners brand their own firm only; associates get 403', async () => {
    expect((await upload(actors.firmB.id, actors.headers.partnerA, PNG, 'a.png')).status).toBe(404);
    expect((await upload(actors.firmA.id, actors.headers.associateA, PNG, 'a.png')).status).toBe(403);
    expect((await upload(actors.firmB.id, actors.headers.partnerB, PNG, 'a.png')).status).toBe(200);
  });

  it('removes the logo', async () => {
    await upload(actors.firmB.id, admin, PNG, 'a.png');
    const res = await ctx
      .http()
      .delete(`/auditsvc/firm/${actors.firmB.id}/logo`)
      .set(actors.headers.partnerB);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, logo_url: '' });
    expect((await ctx.http().get(`/auditsvc/firm/${actors.firmB.id}`).set(admin)).body.logo_url).toBe('');
  });
});
