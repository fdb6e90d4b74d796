import {
  Actors,
  DEFAULT_PASSWORD,
  bearer,
  makeActors,
  makeUser,
  tokenFor,
} from '../../../test/helpers/builders';
import { TestContext, createTestContext } from '../../../test/helpers/context';

let ctx: TestContext;
let actors: Actors;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await makeActors(ctx);
});
afterAll(() => ctx.close());

describe('POST /auditsvc/auth/login', () => {
  it('returns a token, its expiry 12 hours ahead, and the user, field by field', async () => {
    const before = Date.now();
    const res = await ctx
      .http()
      .post('/auditsvc/auth/login')
      .send({ email: actors.partnerA.email.toUpperCase(), password: DEFAULT_PASSWORD });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['expires_at', 'token', 'user']);
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expiresIn = Date.parse(res.body.expires_at) - before;
    expect(expiresIn).toBeGreaterThan(12 * 3600_000 - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(12 * 3600_000 + 60_000);
    expect(res.body.user).toEqual({
      id: actors.partnerA.id,
      email: actors.partnerA.email,
      firm_id: actors.firmA.id,
      role: 'partner',
      display_name: actors.partnerA.displayName,
      must_change_password: false,
      totp_enabled: false,
    });
    const me = await ctx.http().get('/auditsvc/auth/me').set(bearer(res.body.token));
    expect(me.status).toBe(200);
    expect(me.body.user_id).toBe(actors.partnerA.id);
  });

  it('stores only a hash of the token', async () => {
    const res = await ctx
      .http()
      .post('/auditsvc/auth/login')
      .send({ email: actors.associateA.email, password: DEFAULT_PASSWORD });
    const sessions = await ctx.services.db.prisma.session.findMany({
      where: { userId: actors.associateA.id },
    });
    expect(sessions.length).toBeGreaterThan(0);
    for (const session of sessions) {
      expect(session.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(session.tokenHash).not.toContain(res.body.token);
    }
  });

  it('answers a wrong password and an unknown e-mail with the same 401 body', async () => {
    const wrong = await ctx
      .http()
      .post('/auditsvc/auth/login')
      .send({ email: actors.partnerA.email, password: 'not the password' });
    const unknown = await ctx
      .http()
      .post('/auditsvc/auth/login')
      .send({ email: 'nobody@example.test', password: 'whatever it is' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ detail: 'Invalid email or password.' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it.each([
    [{}, ['body', 'email'], 'missing'],
    [{ email: 'a@b.co' }, ['body', 'password'], 'missing'],
    [{ email: 42, password: 'x' }, ['body', 'email'], 'string_type'],
    [{ email: 'a@b.co', password: ['x'] }, ['body', 'password'], 'string_type'],
  ])('rejects malformed body %j with 422', async (body, loc, type) => {
    const res = await ctx.http().post('/auditsvc/auth/login').send(body);
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual(expect.arrayContaining([expect.objectContaining({ loc, type })]));
  });

  it('answers malformed JSON with 422 json_invalid', async () => {
    const res = await ctx
      .http()
      .post('/auditsvc/auth/login')
      .set('content-type', 'application/json')
      .send('{"email":');
    expect(res.status).toBe(422);
    expect(res.body.detail[0].type).toBe('json_invalid');
  });
});

describe('POST /auditsvc/auth/logout', () => {
  it('ends the session and stays ok when repeated', async () => {
    const user = await makeUser(ctx, 'partner', actors.firmA.id);
    const token = await tokenFor(ctx, user);
    expect((await ctx.http().get('/auditsvc/auth/me').set(bearer(token))).status).toBe(200);
    const first = await ctx.http().post('/auditsvc/auth/logout').set(bearer(token));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ok: true });
    expect((await ctx.http().get('/auditsvc/auth/me').set(bearer(token))).status).toBe(401);
    const again = await ctx.http().post('/auditsvc/auth/logout').set(bearer(token));
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ok: true });
  });

  it('answers 401 without a bearer token, also for the admin token', async () => {
    expect((await ctx.http().post('/auditsvc/auth/logout')).status).toBe(401);
    const admin = await ctx.http().post('/auditsvc/auth/logout').set(actors.headers.adminToken);
    expect(admin.status).toBe(401);
    expect(admin.body).toEqual({ detail: 'Authentication required.' });
  });
});

describe('GET /auditsvc/auth/me', () => {
  it('describes each kind of caller', async () => {
    const token = await ctx.http().get('/auditsvc/auth/me').set(actors.headers.adminToken);
    expect(token.body).toEqual({ is_admin: true, user_id: null, firm_id: null, email: null });
    const admin = await ctx.http().get('/auditsvc/auth/me').set(actors.headers.adminSession);
    expect(admin.body).toEqual({
      is_admin: true,
      user_id: actors.admin.id,
      firm_id: null,
      email: actors.admin.email,
    });
    const associate = await ctx.http().get('/auditsvc/auth/me').set(actors.headers.associateA);
    expect(associate.body).toEqual({
      is_admin: false,
      user_id: actors.associateA.id,
      firm_id: actors.firmA.id,
      email: actors.associateA.email,
    });
  });

  it.each([
    ['no credentials', {}],
    ['a wrong admin token', { 'x-admin-token': 'wrong' }],
    ['an unknown bearer token', { authorization: 'Bearer nope' }],
    ['a malformed authorization header', { authorization: 'Basic abc' }],
  ])('answers 401 for %s', async (_label, headers: Record<string, string>) => {
    const res = await ctx.http().get('/auditsvc/auth/me').set(headers);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Authentication required.' });
  });

  it('answers 401 once the session has expired', async () => {
    const user = await makeUser(ctx, 'associate', actors.firmA.id);
    const token = await tokenFor(ctx, user);
    await ctx.services.db.prisma.session.updateMany({
      where: { userId: user.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await ctx.http().get('/auditsvc/auth/me').set(bearer(token))).status).toBe(401);
  });
});

describe('logs', () => {
  it('never contain a password, a token or the admin token', async () => {
    const res = await ctx
      .http()
      .post('/auditsvc/auth/login')
      .send({ email: actors.partnerB.email, password: DEFAULT_PASSWORD });
    await ctx.http().get('/auditsvc/auth/me').set(bearer(res.body.token));
    await ctx.http().get('/auditsvc/auth/me').set(actors.headers.adminToken);
    const all = ctx.logs.join('\n');
    expect(ctx.logs.length).toBeGreaterThan(3);
    expect(all).not.toContain(DEFAULT_PASSWORD);
    expect(all).not.toContain(res.body.token);
    expect(all).not.toContain(ctx.adminToken);
    const requestLine = ctx.logs
      .map((line) => JSON.parse(line))
      .find((line) => line.path === '/auditsvc/auth/me');
    expect(requestLine).toMatchObject({ message: 'request', method: 'GET', status: 200 });
    expect(requestLine.request_id).toEqual(expect.any(String));
  });
});
