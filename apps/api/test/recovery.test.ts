// Admin recovery endpoints (spec 4.2, 6.4) and change-password (spec 4.1, 5.12).
import { totpCode } from '@auditsvc/services';
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
let admin: Record<string, string>;
const secretsSeen: string[] = [DEFAULT_PASSWORD];

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await makeActors(ctx);
  admin = actors.headers.adminToken;
});
afterAll(() => ctx.close());

const login = (body: Record<string, string>) => ctx.http().post('/auditsvc/auth/login').send(body);
const me = (token: string) => ctx.http().get('/auditsvc/auth/me').set(bearer(token));

async function enrol(token: string) {
  const { secret } = (await ctx.http().post('/auditsvc/auth/totp/enroll').set(bearer(token))).body;
  const confirm = await ctx
    .http()
    .post('/auditsvc/auth/totp/confirm')
    .set(bearer(token))
    .send({ secret, totp_code: totpCode(secret, Date.now()) });
  secretsSeen.push(secret, ...confirm.body.backup_codes);
  return secret as string;
}

function warnings(name: string) {
  return ctx.logs
    .map((line) => JSON.parse(line))
    .filter((line) => line.level === 'warn' && line.event === name);
}

describe('POST /auditsvc/user/{id}/clear-mfa', () => {
  it('removes the enrolment, keeps sessions, and is a no-op the second time', async () => {
    const user = await makeUser(ctx, 'partner', actors.firmA.id);
    const token = await tokenFor(ctx, user);
    secretsSeen.push(token);
    await enrol(token);
    expect((await login({ email: user.email, password: DEFAULT_PASSWORD })).status).toBe(401);
    const res = await ctx.http().post(`/auditsvc/user/${user.id}/clear-mfa`).set(admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, id: user.id, was_enabled: true });
    expect((await me(token)).status).toBe(200);
    const plain = await login({ email: user.email, password: DEFAULT_PASSWORD });
    expect(plain.status).toBe(200);
    expect(plain.body.user.totp_enabled).toBe(false);
    const again = await ctx
      .http()
      .post(`/auditsvc/user/${user.id}/clear-mfa`)
      .set(actors.headers.adminSession);
    expect(again.body).toEqual({ ok: true, id: user.id, was_enabled: false });
    const [line] = warnings('auditsvc_admin_clear_mfa').filter(
      (l) => l.user_id === user.id && l.was_enabled === true,
    );
    expect(line.message).toBe(
      `auditsvc_admin_clear_mfa user_id=${user.id} email=${user.email} was_enabled=true`,
    );
  });
});

describe('POST /auditsvc/user/{id}/clear-lockout', () => {
  it('reports had_record false without failures, true while failures accumulate, and lifts a lock', async () => {
    const user = await makeUser(ctx, 'associate', actors.firmA.id);
    const none = await ctx.http().post(`/auditsvc/user/${user.id}/clear-lockout`).set(admin);
    expect(none.body).toEqual({ ok: true, id: user.id, had_record: false });
    await login({ email: user.email, password: 'wrong password' });
    const counting = await ctx.http().post(`/auditsvc/user/${user.id}/clear-lockout`).set(admin);
    expect(counting.body).toEqual({ ok: true, id: user.id, had_record: true });
    for (let i = 0; i < 5; i += 1) await login({ email: user.email, password: 'wrong password' });
    expect((await login({ email: user.email, password: DEFAULT_PASSWORD })).status).toBe(423);
    const locked = await ctx.http().post(`/auditsvc/user/${user.id}/clear-lockout`).set(admin);
    expect(locked.body.had_record).toBe(true);
    expect((await login({ email: user.email, password: DEFAULT_PASSWORD })).status).toBe(200);
    const line = warnings('auditsvc_admin_clear_lockout').find(
      (l) => l.user_id === user.id && l.had_record === false,
    );
    expect(line.message).toBe(
      `auditsvc_admin_clear_lockout user_id=${user.id} email=${user.email} had_record=false`,
    );
  });
});

describe('POST /auditsvc/user/{id}/reset-password', () => {
  it('sets the password, revokes all sessions, requires a change, and leaves TOTP alone', async () => {
    const user = await makeUser(ctx, 'partner', actors.firmA.id);
    const tokens = [await tokenFor(ctx, user), await tokenFor(ctx, user)];
    secretsSeen.push(...tokens);
    const secret = await enrol(tokens[0]!);
    const newPassword = 'a brand new passphrase';
    secretsSeen.push(newPassword);
    const res = await ctx
      .http()
      .post(`/auditsvc/user/${user.id}/reset-password`)
      .set(admin)
      .send({ new_password: newPassword });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, id: user.id, sessions_revoked: 2 });
    for (const token of tokens) expect((await me(token)).status).toBe(401);
    expect((await login({ email: user.email, password: DEFAULT_PASSWORD, totp_code: '000000' })).status).toBe(
      401,
    );
    const mfa = await login({ email: user.email, password: newPassword });
    expect(mfa.body).toEqual({ detail: { mfa_required: true, message: 'MFA code required.' } });
    const ok = await login({
      email: user.email,
      password: newPassword,
      totp_code: totpCode(secret, Date.now() + 30_000),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ must_change_password: true, totp_enabled: true });
    const line = warnings('auditsvc_admin_reset_password').find((l) => l.user_id === user.id);
    expect(line.message).toBe(
      `auditsvc_admin_reset_password user_id=${user.id} email=${user.email} sessions_revoked=2`,
    );
  });

  it('answers 422 under 12 characters', async () => {
    const res = await ctx
      .http()
      .post(`/auditsvc/user/${actors.partnerA.id}/reset-password`)
      .set(admin)
      .send({ new_password: 'elevenchars' });
    expect(res.status).toBe(422);
    expect(res.body.detail[0]).toMatchObject({ loc: ['body', 'new_password'], type: 'string_too_short' });
  });
});

describe.each([
  ['clear-mfa', {}],
  ['clear-lockout', {}],
  ['reset-password', { new_password: 'twelve chars!' }],
])('POST /auditsvc/user/{id}/%s access', (action, body) => {
  it('answers 404 for an unknown user and 403 to non-admin sessions', async () => {
    expect((await ctx.http().post(`/auditsvc/user/u-missing/${action}`).set(admin).send(body)).status).toBe(
      404,
    );
    for (const headers of [actors.headers.partnerA, actors.headers.associateA, actors.headers.partnerB]) {
      expect(
        (await ctx.http().post(`/auditsvc/user/${actors.associateA.id}/${action}`).set(headers).send(body))
          .status,
      ).toBe(403);
    }
    expect(
      (await ctx.http().post(`/auditsvc/user/${actors.associateA.id}/${action}`).send(body)).status,
    ).toBe(401);
  });
});

describe('POST /auditsvc/auth/change-password', () => {
  it('applies the new password, clears must_change_password, ends the other sessions only', async () => {
    const user = await makeUser(ctx, 'associate', actors.firmA.id);
    await ctx.services.repos.users.update(user.id, { mustChangePassword: true });
    const current = await tokenFor(ctx, user);
    const others = [await tokenFor(ctx, user), await tokenFor(ctx, user)];
    secretsSeen.push(current, ...others, 'my new password');
    const res = await ctx
      .http()
      .post('/auditsvc/auth/change-password')
      .set(bearer(current))
      .send({ current_password: DEFAULT_PASSWORD, new_password: 'my new password' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, sessions_revoked: 2 });
    expect((await me(current)).status).toBe(200);
    for (const token of others) expect((await me(token)).status).toBe(401);
    expect((await login({ email: user.email, password: DEFAULT_PASSWORD })).status).toBe(401);
    const fresh = await login({ email: user.email, password: 'my new password' });
    expect(fresh.status).toBe(200);
    expect(fresh.body.user.must_change_password).toBe(false);
  });

  it('answers 403 to a wrong current password, 422 to a short new one, 403 to the admin token', async () => {
    const token = await tokenFor(ctx, await makeUser(ctx, 'associate', actors.firmA.id));
    const wrong = await ctx
      .http()
      .post('/auditsvc/auth/change-password')
      .set(bearer(token))
      .send({ current_password: 'nope nope', new_password: 'long enough' });
    expect(wrong.status).toBe(403);
    const short = await ctx
      .http()
      .post('/auditsvc/auth/change-password')
      .set(bearer(token))
      .send({ current_password: DEFAULT_PASSWORD, new_password: 'short' });
    expect(short.status).toBe(422);
    const adminToken = await ctx
      .http()
      .post('/auditsvc/auth/change-password')
      .set(admin)
      .send({ current_password: 'x', new_password: 'long enough' });
    expect(adminToken.status).toBe(403);
  });
});

afterAll(() => {
  const logs = ctx.logs.join('\n');
  for (const secret of secretsSeen) expect(logs).not.toContain(secret);
});
