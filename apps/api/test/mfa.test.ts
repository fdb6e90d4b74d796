// TOTP enrolment, login with a second factor, backup codes and disabling MFA (spec 4.1, 5.3-5.5).
import { execFileSync } from 'node:child_process';
import { totpCode } from '@auditsvc/services';
import {
  Actors,
  DEFAULT_PASSWORD,
  bearer,
  makeActors,
  makeUser,
  tokenFor,
} from '../../../test/helpers/builders';
import { useFakeClock, useRealClock } from '../../../test/helpers/clock';
import { TestContext, createTestContext } from '../../../test/helpers/context';

let ctx: TestContext;
let actors: Actors;
/** Every secret, code and token this suite handles, checked against the captured logs at the end. */
const secretsSeen: string[] = [DEFAULT_PASSWORD];

const T = Date.parse('2026-05-04T12:00:10.000Z');
const STEP = 30_000;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await makeActors(ctx);
});
afterAll(() => ctx.close());
afterEach(() => useRealClock());

const login = (body: Record<string, string>) => ctx.http().post('/auditsvc/auth/login').send(body);

/**
 * Enrols a fresh user through the API, confirming with the server clock set to `confirmAt`;
 * returns the user, token, secret and backup codes, with the real clock back in place.
 */
async function enrolledUser(confirmAt: number) {
  useFakeClock(confirmAt);
  const user = await makeUser(ctx, 'partner', actors.firmA.id);
  const token = await tokenFor(ctx, user);
  const enroll = await ctx.http().post('/auditsvc/auth/totp/enroll').set(bearer(token));
  const secret: string = enroll.body.secret;
  const confirm = await ctx
    .http()
    .post('/auditsvc/auth/totp/confirm')
    .set(bearer(token))
    .send({ secret, totp_code: totpCode(secret, confirmAt) });
  expect(confirm.status).toBe(200);
  useRealClock();
  secretsSeen.push(token, secret, ...confirm.body.backup_codes);
  return { user, token, secret, backupCodes: confirm.body.backup_codes as string[] };
}

describe('enrolment', () => {
  it('enroll returns a secret and otpauth URI and stores nothing', async () => {
    const user = await makeUser(ctx, 'associate', actors.firmA.id);
    const token = await tokenFor(ctx, user);
    const res = await ctx.http().post('/auditsvc/auth/totp/enroll').set(bearer(token));
    expect(res.status).toBe(200);
    expect(res.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(res.body.provisioning_uri).toBe(
      `otpauth://totp/auditsvc:${encodeURIComponent(user.email)}?secret=${res.body.secret}&issuer=auditsvc&algorithm=SHA1&digits=6&period=30`,
    );
    expect(await ctx.services.db.prisma.totpEnrolment.count({ where: { userId: user.id } })).toBe(0);
    const me = await login({ email: user.email, password: DEFAULT_PASSWORD });
    expect(me.body.user.totp_enabled).toBe(false);
  });

  it('confirm checks the code, stores the secret encrypted and issues 10 single-view backup codes', async () => {
    const user = await makeUser(ctx, 'associate', actors.firmA.id);
    const token = await tokenFor(ctx, user);
    const { secret } = (await ctx.http().post('/auditsvc/auth/totp/enroll').set(bearer(token))).body;
    secretsSeen.push(token, secret);
    const wrong = await ctx
      .http()
      .post('/auditsvc/auth/totp/confirm')
      .set(bearer(token))
      .send({ secret, totp_code: '000000' });
    expect(wrong.status).toBe(401);
    const res = await ctx
      .http()
      .post('/auditsvc/auth/totp/confirm')
      .set(bearer(token))
      .send({ secret, totp_code: totpCode(secret, Date.now()) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, totp_enabled: true, backup_codes: expect.any(Array) });
    const codes: string[] = res.body.backup_codes;
    secretsSeen.push(...codes);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-f]{5}-[0-9a-f]{5}$/);
    const enrolment = await ctx.services.db.prisma.totpEnrolment.findUnique({ where: { userId: user.id } });
    expect(enrolment!.secretEncrypted).not.toContain(secret);
    const stored = await ctx.services.db.prisma.totpBackupCode.findMany({ where: { userId: user.id } });
    expect(stored).toHaveLength(10);
    for (const row of stored) {
      expect(row.codeHash).toMatch(/^\$2[aby]\$/);
      expect(codes).not.toContain(row.codeHash);
    }
    expect((await ctx.http().post('/auditsvc/auth/totp/enroll').set(bearer(token))).status).toBe(409);
    const again = await ctx
      .http()
      .post('/auditsvc/auth/totp/confirm')
      .set(bearer(token))
      .send({ secret, totp_code: totpCode(secret, Date.now()) });
    expect(again.status).toBe(409);
  });

  it('refuses the admin token on every TOTP endpoint with 403', async () => {
    const admin = { 'x-admin-token': ctx.adminToken };
    expect((await ctx.http().post('/auditsvc/auth/totp/enroll').set(admin)).status).toBe(403);
    const confirm = await ctx
      .http()
      .post('/auditsvc/auth/totp/confirm')
      .set(admin)
      .send({ secret: 'A'.repeat(32), totp_code: '123456' });
    expect(confirm.status).toBe(403);
    expect(
      (await ctx.http().post('/auditsvc/auth/totp/disable').set(admin).send({ totp_code: '123456' })).status,
    ).toBe(403);
  });

  it('validates the confirm body', async () => {
    const token = await tokenFor(ctx, await makeUser(ctx, 'associate', actors.firmA.id));
    const res = await ctx
      .http()
      .post('/auditsvc/auth/totp/confirm')
      .set(bearer(token))
      .send({ secret: 'not base32!', totp_code: '12' });
    expect(res.status).toBe(422);
    expect(res.body.detail.map((d: { loc: string[] }) => d.loc[1]).sort()).toEqual(['secret', 'totp_code']);
  });
});

describe('login with MFA on a fake clock', () => {
  it('asks for the code when none is sent, and that does not count as a failure', async () => {
    const { user } = await enrolledUser(Date.now());
    for (let i = 0; i < 7; i += 1) {
      const res = await login({ email: user.email, password: DEFAULT_PASSWORD });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: { mfa_required: true, message: 'MFA code required.' } });
    }
  });

  it('accepts the codes of T-30 s, T and T+30 s in turn, and rejects a replay', async () => {
    const { user, secret } = await enrolledUser(T - 10 * 60_000);
    useFakeClock(T);
    for (const at of [T - STEP, T, T + STEP]) {
      const res = await login({
        email: user.email,
        password: DEFAULT_PASSWORD,
        totp_code: totpCode(secret, at),
      });
      expect(res.status).toBe(200);
      secretsSeen.push(res.body.token);
    }
    const replay = await login({
      email: user.email,
      password: DEFAULT_PASSWORD,
      totp_code: totpCode(secret, T + STEP),
    });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ detail: 'Invalid MFA code.' });
  });

  it('rejects the codes of T-60 s and T+60 s', async () => {
    const { user, secret } = await enrolledUser(T - 10 * 60_000);
    useFakeClock(T);
    for (const at of [T - 2 * STEP, T + 2 * STEP]) {
      const res = await login({
        email: user.email,
        password: DEFAULT_PASSWORD,
        totp_code: totpCode(secret, at),
      });
      expect(res.status).toBe(401);
    }
    expect(
      (await login({ email: user.email, password: DEFAULT_PASSWORD, totp_code: totpCode(secret, T) })).status,
    ).toBe(200);
  });

  it('rejects the code used to confirm the enrolment', async () => {
    const { user, secret } = await enrolledUser(T);
    useFakeClock(T);
    const res = await login({
      email: user.email,
      password: DEFAULT_PASSWORD,
      totp_code: totpCode(secret, T),
    });
    expect(res.status).toBe(401);
  });

  it('counts wrong codes as failed logins', async () => {
    const { user, secret } = await enrolledUser(T - 10 * 60_000);
    useFakeClock(T);
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await login({ email: user.email, password: DEFAULT_PASSWORD, totp_code: '000000' })).status,
      ).toBe(401);
    }
    const locked = await login({
      email: user.email,
      password: DEFAULT_PASSWORD,
      totp_code: totpCode(secret, T),
    });
    expect(locked.status).toBe(423);
    expect(locked.body.locked_until).toEqual(expect.any(String));
  });
});

describe('backup codes', () => {
  it('work once each, in any case and with or without the hyphen', async () => {
    const { user, backupCodes } = await enrolledUser(Date.now());
    const first = await login({
      email: user.email,
      password: DEFAULT_PASSWORD,
      backup_code: backupCodes[0]!.toUpperCase(),
    });
    expect(first.status).toBe(200);
    const reuse = await login({
      email: user.email,
      password: DEFAULT_PASSWORD,
      backup_code: backupCodes[0]!,
    });
    expect(reuse.status).toBe(401);
    const compact = backupCodes[1]!.replace('-', '');
    expect(
      (await login({ email: user.email, password: DEFAULT_PASSWORD, backup_code: compact })).status,
    ).toBe(200);
  });

  it('succeed exactly once when one code is used twice in parallel', async () => {
    const { user, backupCodes } = await enrolledUser(Date.now());
    const results = await Promise.all([
      login({ email: user.email, password: DEFAULT_PASSWORD, backup_code: backupCodes[2]! }),
      login({ email: user.email, password: DEFAULT_PASSWORD, backup_code: backupCodes[2]! }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
  });
});

describe('disable', () => {
  it('needs a valid code, then turns MFA off', async () => {
    const { user, token, backupCodes } = await enrolledUser(Date.now());
    const none = await ctx.http().post('/auditsvc/auth/totp/disable').set(bearer(token)).send({});
    expect(none.status).toBe(422);
    const wrong = await ctx
      .http()
      .post('/auditsvc/auth/totp/disable')
      .set(bearer(token))
      .send({ totp_code: '000000' });
    expect(wrong.status).toBe(401);
    const res = await ctx
      .http()
      .post('/auditsvc/auth/totp/disable')
      .set(bearer(token))
      .send({ backup_code: backupCodes[3] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, totp_enabled: false });
    expect(await ctx.services.db.prisma.totpBackupCode.count({ where: { userId: user.id } })).toBe(0);
    const plain = await login({ email: user.email, password: DEFAULT_PASSWORD });
    expect(plain.status).toBe(200);
    expect(plain.body.user.totp_enabled).toBe(false);
    expect(
      (await ctx.http().post('/auditsvc/auth/totp/disable').set(bearer(token)).send({ totp_code: '123456' }))
        .status,
    ).toBe(409);
  });

  it('accepts a current TOTP code', async () => {
    const { token, secret } = await enrolledUser(Date.now() - 60_000);
    const res = await ctx
      .http()
      .post('/auditsvc/auth/totp/disable')
      .set(bearer(token))
      .send({ totp_code: totpCode(secret, Date.now()) });
    expect(res.status).toBe(200);
  });
});

describe('an independent TOTP implementation', () => {
  const oathtool = (() => {
    try {
      execFileSync('oathtool', ['--version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  // .ci/run installs oathtool; elsewhere the test runs when it is installed.
  (oathtool || process.env.CI ? it : it.skip)(
    'accepts at login a code computed by oathtool --totp',
    async () => {
      // Confirm one step earlier so the current step is still unused.
      const { user, secret } = await enrolledUser(Date.now() - STEP);
      const code = execFileSync('oathtool', ['--totp', '-b', secret], { encoding: 'utf8' }).trim();
      expect(code).toMatch(/^\d{6}$/);
      secretsSeen.push(code);
      const res = await login({ email: user.email, password: DEFAULT_PASSWORD, totp_code: code });
      expect(res.status).toBe(200);
    },
  );
});

afterAll(() => {
  const logs = ctx.logs.join('\n');
  expect(ctx.logs.length).toBeGreaterThan(20);
  for (const secret of secretsSeen) expect(logs).not.toContain(secret);
});
