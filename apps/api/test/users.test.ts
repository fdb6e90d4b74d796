import bcrypt from 'bcrypt';
import {
  Actors,
  DEFAULT_PASSWORD,
  bearer,
  makeActors,
  makeFirm,
  makeUser,
  tokenFor,
} from '../../../test/helpers/builders';
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

describe('POST /auditsvc/user', () => {
  it('creates a user: 201 with every field, e-mail normalised, password hashed with bcrypt cost 12', async () => {
    const res = await ctx.http().post('/auditsvc/user').set(admin).send({
      email: '  New.Partner@Example.TEST ',
      firm_id: actors.firmA.id,
      role: 'partner',
      password: 'eight888',
      display_name: 'New Partner',
      must_change_password: true,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^u-[0-9a-f]{16}$/),
      email: 'new.partner@example.test',
      firm_id: actors.firmA.id,
      role: 'partner',
      display_name: 'New Partner',
      must_change_password: true,
      totp_enabled: false,
      created_at: expect.any(String),
    });
    expect(new Date(res.body.created_at).toISOString()).toBe(res.body.created_at);
    const stored = await ctx.services.db.prisma.user.findUnique({ where: { id: res.body.id } });
    expect(stored!.passwordHash).toMatch(/^\$2[aby]\$12\$/);
    expect(await bcrypt.compare('eight888', stored!.passwordHash)).toBe(true);
    const login = await ctx
      .http()
      .post('/auditsvc/auth/login')
      .send({ email: 'new.partner@example.test', password: 'eight888' });
    expect(login.status).toBe(200);
  });

  it('creates a platform admin without a firm', async () => {
    const res = await ctx
      .http()
      .post('/auditsvc/user')
      .set(admin)
      .send({ email: 'root2@example.test', role: 'admin', password: 'long enough' });
    expect(res.status).toBe(201);
    expect(res.body.firm_id).toBeNull();
    expect(res.body.display_name).toBe('root2');
  });

  it('answers 409 for an e-mail that exists, whatever its case', async () => {
    const res = await ctx.http().post('/auditsvc/user').set(admin).send({
      email: actors.partnerA.email.toUpperCase(),
      firm_id: actors.firmA.id,
      role: 'associate',
      password: 'password1',
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: expect.any(String) });
  });

  it.each([
    ['a password under 8 characters', { password: 'short' }, ['body', 'password'], 'string_too_short'],
    ['a password over 72 bytes', { password: 'é'.repeat(40) }, ['body', 'password'], 'string_too_long'],
    ['an unknown role', { role: 'owner' }, ['body', 'role'], 'enum'],
    ['a missing e-mail', { email: undefined }, ['body', 'email'], 'missing'],
    ['an e-mail of the wrong type', { email: 7 }, ['body', 'email'], 'string_type'],
    ['a malformed e-mail', { email: 'not-an-email' }, ['body', 'email'], 'value_error'],
    ['a partner without a firm', { firm_id: null }, ['body', 'firm_id'], 'missing'],
    [
      'a boolean of the wrong type',
      { must_change_password: 'yes' },
      ['body', 'must_change_password'],
      'bool_type',
    ],
  ])('answers 422 for %s', async (_label, override, loc, type) => {
    const body = {
      email: 'valid@example.test',
      firm_id: actors.firmA.id,
      role: 'partner',
      password: 'password1',
      ...override,
    };
    const res = await ctx.http().post('/auditsvc/user').set(admin).send(body);
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual(
      expect.arrayContaining([expect.objectContaining({ loc, type, msg: expect.any(String) })]),
    );
  });

  it('answers 422 for an admin given a firm, and 404 for a firm that does not exist', async () => {
    const adminWithFirm = await ctx
      .http()
      .post('/auditsvc/user')
      .set(admin)
      .send({ email: 'x1@example.test', role: 'admin', firm_id: actors.firmA.id, password: 'password1' });
    expect(adminWithFirm.status).toBe(422);
    const noFirm = await ctx
      .http()
      .post('/auditsvc/user')
      .set(admin)
      .send({ email: 'x2@example.test', role: 'partner', firm_id: 'firm-missing', password: 'password1' });
    expect(noFirm.status).toBe(404);
  });
});

describe('GET /auditsvc/user', () => {
  it('lists users sorted by firm_id then e-mail, admins first, with count and total', async () => {
    const res = await ctx.http().get('/auditsvc/user?limit=500').set(admin);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['count', 'limit', 'offset', 'total', 'users']);
    const keys = res.body.users.map((u: { firm_id: string | null; email: string }) => [
      u.firm_id ?? '',
      u.email,
    ]);
    const sorted = [...keys].sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1));
    expect(keys).toEqual(sorted);
    expect(res.body.count).toBe(res.body.users.length);
    expect(res.body.total).toBe(res.body.users.length);
    expect(res.body.users[0]).not.toHaveProperty('password_hash');
  });

  it('filters by firm_id and pages with limit and offset', async () => {
    const firm = await makeFirm(ctx, 'Paging Partners');
    for (const name of ['c', 'a', 'b'])
      await makeUser(ctx, 'associate', firm.id, { email: `${name}@paging.test` });
    const first = await ctx.http().get(`/auditsvc/user?firm_id=${firm.id}&limit=2`).set(admin);
    expect(first.body).toMatchObject({ count: 2, total: 3, limit: 2, offset: 0 });
    expect(first.body.users.map((u: { email: string }) => u.email)).toEqual([
      'a@paging.test',
      'b@paging.test',
    ]);
    const second = await ctx.http().get(`/auditsvc/user?firm_id=${firm.id}&limit=2&offset=2`).set(admin);
    expect(second.body.users.map((u: { email: string }) => u.email)).toEqual(['c@paging.test']);
    expect(second.body).toMatchObject({ count: 1, total: 3, offset: 2 });
  });

  it.each([
    ['limit=0', ['query', 'limit'], 'greater_than_equal'],
    ['limit=501', ['query', 'limit'], 'less_than_equal'],
    ['offset=-1', ['query', 'offset'], 'greater_than_equal'],
    ['limit=ten', ['query', 'limit'], 'int_type'],
  ])('answers 422 naming the constraint for %s', async (query, loc, type) => {
    const res = await ctx.http().get(`/auditsvc/user?${query}`).set(admin);
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([expect.objectContaining({ loc, type })]);
  });

  it('accepts the bounds limit=1 and limit=500', async () => {
    expect((await ctx.http().get('/auditsvc/user?limit=1').set(admin)).body.count).toBe(1);
    expect((await ctx.http().get('/auditsvc/user?limit=500').set(admin)).status).toBe(200);
  });
});

describe('DELETE /auditsvc/user/{id}', () => {
  it("deletes the user and ends the user's sessions", async () => {
    const user = await makeUser(ctx, 'associate', actors.firmA.id);
    const token = await tokenFor(ctx, user);
    const res = await ctx.http().delete(`/auditsvc/user/${user.id}`).set(admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, id: user.id });
    expect((await ctx.http().get('/auditsvc/auth/me').set(bearer(token))).status).toBe(401);
    expect((await ctx.http().delete(`/auditsvc/user/${user.id}`).set(admin)).status).toBe(404);
  });
});

describe('POST /auditsvc/user/{id}/role', () => {
  it('changes the role and revokes every session of the user', async () => {
    const user = await makeUser(ctx, 'associate', actors.firmA.id);
    const tokens = [await tokenFor(ctx, user), await tokenFor(ctx, user)];
    const res = await ctx.http().post(`/auditsvc/user/${user.id}/role`).set(admin).send({ role: 'partner' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, id: user.id, new_role: 'partner', sessions_revoked: 2 });
    for (const token of tokens)
      expect((await ctx.http().get('/auditsvc/auth/me').set(bearer(token))).status).toBe(401);
    const login = await ctx
      .http()
      .post('/auditsvc/auth/login')
      .send({ email: user.email, password: DEFAULT_PASSWORD });
    expect(login.body.user.role).toBe('partner');
    expect(login.body.user.firm_id).toBe(actors.firmA.id);
  });

  it('makes a platform admin without a firm, and needs a firm to leave admin', async () => {
    const user = await makeUser(ctx, 'partner', actors.firmB.id);
    const promoted = await ctx
      .http()
      .post(`/auditsvc/user/${user.id}/role`)
      .set(admin)
      .send({ role: 'admin' });
    expect(promoted.body).toMatchObject({ new_role: 'admin', sessions_revoked: 0 });
    expect((await ctx.services.repos.users.findById(user.id))!.firmId).toBeNull();
    const noFirm = await ctx
      .http()
      .post(`/auditsvc/user/${user.id}/role`)
      .set(admin)
      .send({ role: 'partner' });
    expect(noFirm.status).toBe(422);
    const back = await ctx
      .http()
      .post(`/auditsvc/user/${user.id}/role`)
      .set(admin)
      .send({ role: 'partner', firm_id: actors.firmB.id });
    expect(back.status).toBe(200);
  });

  it('answers 422 for an unknown role and 404 for an unknown user', async () => {
    const bad = await ctx
      .http()
      .post(`/auditsvc/user/${actors.partnerA.id}/role`)
      .set(admin)
      .send({ role: 'boss' });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0]).toMatchObject({ loc: ['body', 'role'], type: 'enum' });
    expect(
      (await ctx.http().post('/auditsvc/user/u-missing/role').set(admin).send({ role: 'partner' })).status,
    ).toBe(404);
  });
});
