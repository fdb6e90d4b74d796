// Login lockout (spec 3.4, 5.6): counted per e-mail, atomic under concurrency, identical for
// unknown e-mails, and timed by a fake wall clock.
import {
  Actors,
  DEFAULT_PASSWORD,
  makeActors,
  makeEngagement,
  makeUser,
} from '../../../test/helpers/builders';
import { useFakeClock, useRealClock } from '../../../test/helpers/clock';
import { TestContext, createTestContext } from '../../../test/helpers/context';

let ctx: TestContext;
let actors: Actors;
const T0 = Date.parse('2026-03-02T09:00:00.000Z');
const MINUTE = 60_000;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await makeActors(ctx);
});
afterAll(() => ctx.close());
afterEach(() => useRealClock());

const login = (email: string, password: string) =>
  ctx.http().post('/auditsvc/auth/login').send({ email, password });

async function freshUser() {
  return makeUser(ctx, 'associate', actors.firmA.id);
}

it('locks after 5 failures within 15 minutes: 423 with locked_until, also for the right password', async () => {
  const clock = useFakeClock(T0);
  const user = await freshUser();
  for (let i = 0; i < 5; i += 1) {
    expect((await login(user.email, 'wrong password')).status).toBe(401);
    clock.advance(MINUTE);
  }
  const locked = await login(user.email, DEFAULT_PASSWORD);
  expect(locked.status).toBe(423);
  expect(locked.body).toEqual({
    detail: expect.any(String),
    locked_until: new Date(T0 + 4 * MINUTE + 15 * MINUTE).toISOString(),
  });
});

it('does not lock for 5 failures spread over more than 15 minutes', async () => {
  const clock = useFakeClock(T0);
  const user = await freshUser();
  for (let i = 0; i < 5; i += 1) {
    expect((await login(user.email, 'wrong password')).status).toBe(401);
    clock.advance(4 * MINUTE);
  }
  expect((await login(user.email, DEFAULT_PASSWORD)).status).toBe(200);
});

it('lifts the lock after 15 minutes', async () => {
  const clock = useFakeClock(T0);
  const user = await freshUser();
  for (let i = 0; i < 5; i += 1) await login(user.email, 'wrong password');
  clock.set(T0 + 15 * MINUTE - 1000);
  expect((await login(user.email, DEFAULT_PASSWORD)).status).toBe(423);
  clock.set(T0 + 15 * MINUTE);
  expect((await login(user.email, DEFAULT_PASSWORD)).status).toBe(200);
});

it('forgets earlier failures after a successful login', async () => {
  const user = await freshUser();
  for (let i = 0; i < 4; i += 1) await login(user.email, 'wrong password');
  expect((await login(user.email, DEFAULT_PASSWORD)).status).toBe(200);
  for (let i = 0; i < 4; i += 1) expect((await login(user.email, 'wrong password')).status).toBe(401);
  expect((await login(user.email, DEFAULT_PASSWORD)).status).toBe(200);
});

it('counts atomically: 20 concurrent wrong logins check 5 passwords and lock', async () => {
  const user = await freshUser();
  const results = await Promise.all(Array.from({ length: 20 }, () => login(user.email, 'wrong password')));
  const statuses = results.map((r) => r.status).sort();
  expect(statuses.filter((s) => s === 401)).toHaveLength(5);
  expect(statuses.filter((s) => s === 423)).toHaveLength(15);
  expect((await login(user.email, DEFAULT_PASSWORD)).status).toBe(423);
});

it('treats unknown e-mails exactly like wrong passwords, lock included', async () => {
  const user = await freshUser();
  const known: { status: number; body: unknown }[] = [];
  const unknown: { status: number; body: unknown }[] = [];
  for (let i = 0; i < 6; i += 1) {
    known.push(await login(user.email, 'wrong password'));
    unknown.push(await login(`ghost-${user.id}@example.test`, 'wrong password'));
  }
  expect(unknown.map((r) => r.status)).toEqual(known.map((r) => r.status));
  expect(unknown.slice(0, 5).map((r) => r.body)).toEqual(known.slice(0, 5).map((r) => r.body));
  expect(Object.keys(unknown[5]!.body as object).sort()).toEqual(['detail', 'locked_until']);
  expect((unknown[5]!.body as { detail: string }).detail).toBe((known[5]!.body as { detail: string }).detail);
});

it('spends the same time on an unknown e-mail as on a wrong password', async () => {
  const timed = async (email: string) => {
    const started = performance.now();
    await login(email, 'wrong password');
    return performance.now() - started;
  };
  const users = await Promise.all([freshUser(), freshUser(), freshUser()]);
  const knownTimes: number[] = [];
  const unknownTimes: number[] = [];
  for (const [index, user] of users.entries()) {
    for (let i = 0; i < 2; i += 1) {
      knownTimes.push(await timed(user.email));
      unknownTimes.push(await timed(`nobody-${index}-${user.id}@example.test`));
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const ratio = median(unknownTimes) / median(knownTimes);
  // Both paths run one bcrypt comparison at cost 12 (hundreds of milliseconds); without the dummy
  // hash the unknown path would take a few milliseconds (a ratio near 0.02). The bounds are wide
  // because other suites compete for the two cores.
  expect(median(knownTimes)).toBeGreaterThan(50);
  expect(ratio).toBeGreaterThan(0.4);
  expect(ratio).toBeLessThan(2.5);
});

it('loses no count when failing review transactions run at the same time (one SQLite connection)', async () => {
  const user = await freshUser();
  const engagement = await makeEngagement(ctx, actors.firmA, { status: 'findings_review' });
  const failingReviews = Array.from({ length: 15 }, () =>
    ctx
      .http()
      .post(`/auditsvc/finding/f-missing/accept?engagement_id=${engagement.id}`)
      .set(actors.headers.partnerA)
      .send({}),
  );
  const logins = Array.from({ length: 5 }, () => login(user.email, 'wrong password'));
  const results = await Promise.all([...failingReviews, ...logins]);
  expect(results.slice(0, 15).every((r) => r.status === 404)).toBe(true);
  expect(results.slice(15).map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
  expect((await login(user.email, DEFAULT_PASSWORD)).status).toBe(423);
});
