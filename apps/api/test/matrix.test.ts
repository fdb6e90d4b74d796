// The role x firm matrix of spec part 5 for every route of this slice: admin token, admin session,
// partner and associate of firm A, and partner of firm B, against records of firm A.
import { Actors, makeActors, makeEngagement, makeFindings, makeUser } from '../../../test/helpers/builders';
import { TestContext, createTestContext } from '../../../test/helpers/context';

let ctx: TestContext;
let actors: Actors;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await makeActors(ctx);
});
afterAll(() => ctx.close());

type Actor = keyof Actors['headers'] | 'anonymous';
type Expected = Record<Actor, number>;

interface Case {
  name: string;
  /** Builds a fresh request target, so destructive calls do not affect the next actor. */
  call: (headers: Record<string, string>) => Promise<{ status: number }>;
  expected: Expected;
}

const ADMIN_ONLY = (ok: number): Expected => ({
  anonymous: 401,
  adminToken: ok,
  adminSession: ok,
  partnerA: 403,
  associateA: 403,
  partnerB: 403,
});
const ANY_IN_FIRM_A = (ok: number): Expected => ({
  anonymous: 401,
  adminToken: ok,
  adminSession: ok,
  partnerA: ok,
  associateA: ok,
  partnerB: 404,
});
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(16)]);

const cases: Case[] = [
  {
    name: 'GET /auditsvc/firm',
    call: (h) => ctx.http().get('/auditsvc/firm').set(h),
    expected: { ...ANY_IN_FIRM_A(200), partnerB: 200 },
  },
  {
    name: 'GET /auditsvc/firm/{A}',
    call: (h) => ctx.http().get(`/auditsvc/firm/${actors.firmA.id}`).set(h),
    expected: ANY_IN_FIRM_A(200),
  },
  {
    name: 'POST /auditsvc/firm',
    call: (h) => ctx.http().post('/auditsvc/firm').set(h).send({ display_name: 'M' }),
    expected: ADMIN_ONLY(201),
  },
  {
    name: 'PUT /auditsvc/firm/{A}',
    call: (h) => ctx.http().put(`/auditsvc/firm/${actors.firmA.id}`).set(h).send({ tagline: 't' }),
    expected: ADMIN_ONLY(200),
  },
  {
    name: 'DELETE /auditsvc/firm/{new}',
    call: async (h) => {
      const firm = await ctx.services.firms.create({ display_name: 'Doomed' });
      return ctx.http().delete(`/auditsvc/firm/${firm.id}`).set(h);
    },
    expected: ADMIN_ONLY(200),
  },
  {
    name: 'POST /auditsvc/firm/{A}/logo',
    call: (h) =>
      ctx.http().post(`/auditsvc/firm/${actors.firmA.id}/logo`).set(h).attach('file', PNG, 'l.png'),
    expected: {
      anonymous: 401,
      adminToken: 200,
      adminSession: 200,
      partnerA: 200,
      associateA: 403,
      partnerB: 404,
    },
  },
  {
    name: 'DELETE /auditsvc/firm/{A}/logo',
    call: (h) => ctx.http().delete(`/auditsvc/firm/${actors.firmA.id}/logo`).set(h),
    expected: {
      anonymous: 401,
      adminToken: 200,
      adminSession: 200,
      partnerA: 200,
      associateA: 403,
      partnerB: 404,
    },
  },
  {
    name: 'POST /auditsvc/user',
    call: (h) =>
      ctx
        .http()
        .post('/auditsvc/user')
        .set(h)
        .send({
          email: `m${Math.random()}@x.test`,
          role: 'associate',
          firm_id: actors.firmA.id,
          password: 'password1',
        }),
    expected: ADMIN_ONLY(201),
  },
  {
    name: 'GET /auditsvc/user',
    call: (h) => ctx.http().get('/auditsvc/user').set(h),
    expected: ADMIN_ONLY(200),
  },
  {
    name: 'DELETE /auditsvc/user/{new}',
    call: async (h) =>
      ctx
        .http()
        .delete(`/auditsvc/user/${(await makeUser(ctx, 'associate', actors.firmA.id)).id}`)
        .set(h),
    expected: ADMIN_ONLY(200),
  },
  {
    name: 'POST /auditsvc/user/{new}/role',
    call: async (h) =>
      ctx
        .http()
        .post(`/auditsvc/user/${(await makeUser(ctx, 'associate', actors.firmA.id)).id}/role`)
        .set(h)
        .send({ role: 'partner' }),
    expected: ADMIN_ONLY(200),
  },
  ...(['clear-mfa', 'clear-lockout', 'reset-password'] as const).map((action) => ({
    name: `POST /auditsvc/user/{new}/${action}`,
    call: async (h: Record<string, string>) =>
      ctx
        .http()
        .post(`/auditsvc/user/${(await makeUser(ctx, 'associate', actors.firmA.id)).id}/${action}`)
        .set(h)
        .send(action === 'reset-password' ? { new_password: 'twelve chars or more' } : {}),
    expected: ADMIN_ONLY(200),
  })),
  {
    name: 'POST /auditsvc/auth/totp/enroll',
    call: (h) => ctx.http().post('/auditsvc/auth/totp/enroll').set(h),
    expected: {
      anonymous: 401,
      adminToken: 403,
      adminSession: 200,
      partnerA: 200,
      associateA: 200,
      partnerB: 200,
    },
  },
  {
    name: 'GET /auditsvc/auth/me',
    call: (h) => ctx.http().get('/auditsvc/auth/me').set(h),
    expected: {
      anonymous: 401,
      adminToken: 200,
      adminSession: 200,
      partnerA: 200,
      associateA: 200,
      partnerB: 200,
    },
  },
];

/** Mutations on a fresh firm-A engagement (with one finding): associates 403, firm B 404. */
const MUT_IN_FIRM_A = (ok: number): Expected => ({
  anonymous: 401,
  adminToken: ok,
  adminSession: ok,
  partnerA: ok,
  associateA: 403,
  partnerB: 404,
});
const ADMIN_ON_FIRM_A = (ok: number): Expected => ({ ...ADMIN_ONLY(ok), partnerB: 403 });

async function freshEngagement(status = 'findings_review') {
  const engagement = await makeEngagement(ctx, actors.firmA, {
    status,
    isFrozen: status === 'delivered' || status === 'archived',
  });
  const [finding] = await makeFindings(ctx, engagement, [{}]);
  return { e: engagement.id, f: finding!.id };
}

async function freshTemplate() {
  return (
    await ctx
      .http()
      .post('/auditsvc/template')
      .set({ 'x-admin-token': ctx.adminToken })
      .send({ firm_id: actors.firmA.id, name: 'T' })
  ).body.id as string;
}

cases.push(
  {
    name: 'POST /auditsvc/engagement (firm A)',
    call: (h) =>
      ctx.http().post('/auditsvc/engagement').set(h).send({ firm_id: actors.firmA.id, client_name: 'M' }),
    expected: MUT_IN_FIRM_A(201),
  },
  {
    name: 'GET /auditsvc/engagement/{A}',
    call: async (h) =>
      ctx
        .http()
        .get(`/auditsvc/engagement/${(await freshEngagement()).e}`)
        .set(h),
    expected: ANY_IN_FIRM_A(200),
  },
  {
    name: 'POST /auditsvc/engagement/{A}/intake',
    call: async (h) =>
      ctx
        .http()
        .post(`/auditsvc/engagement/${(await freshEngagement()).e}/intake`)
        .set(h)
        .send({ domain: 'x' }),
    expected: MUT_IN_FIRM_A(200),
  },
  {
    name: 'POST /auditsvc/engagement/{A}/assignment',
    call: async (h) =>
      ctx
        .http()
        .post(`/auditsvc/engagement/${(await freshEngagement()).e}/assignment`)
        .set(h)
        .send({ user_id: null }),
    expected: MUT_IN_FIRM_A(200),
  },
  {
    name: 'POST /auditsvc/engagement/{A}/deliver',
    call: async (h) =>
      ctx
        .http()
        .post(`/auditsvc/engagement/${(await freshEngagement()).e}/deliver`)
        .set(h),
    expected: MUT_IN_FIRM_A(200),
  },
  ...(['unfreeze', 'archive'] as const).map((action) => ({
    name: `POST /auditsvc/engagement/{A delivered}/${action}`,
    call: async (h: Record<string, string>) =>
      ctx
        .http()
        .post(`/auditsvc/engagement/${(await freshEngagement('delivered')).e}/${action}`)
        .set(h),
    expected: ADMIN_ON_FIRM_A(200),
  })),
  {
    name: 'POST /auditsvc/engagement/{A archived}/unarchive',
    call: async (h) =>
      ctx
        .http()
        .post(`/auditsvc/engagement/${(await freshEngagement('archived')).e}/unarchive`)
        .set(h),
    expected: ADMIN_ON_FIRM_A(200),
  },
  {
    name: 'DELETE /auditsvc/engagement/{A}',
    call: async (h) =>
      ctx
        .http()
        .delete(`/auditsvc/engagement/${(await freshEngagement()).e}`)
        .set(h),
    expected: ADMIN_ON_FIRM_A(200),
  },
  {
    name: 'GET /auditsvc/engagement/{A}/findings',
    call: async (h) =>
      ctx
        .http()
        .get(`/auditsvc/engagement/${(await freshEngagement()).e}/findings`)
        .set(h),
    expected: ANY_IN_FIRM_A(200),
  },
  ...(['accept', 'reject', 'refine', 'edit'] as const).map((action) => ({
    name: `POST /auditsvc/finding/{A}/${action}`,
    call: async (h: Record<string, string>) => {
      const { e, f } = await freshEngagement();
      return ctx
        .http()
        .post(`/auditsvc/finding/${f}/${action}?engagement_id=${e}`)
        .set(h)
        .send(action === 'edit' ? { severity: 'low' } : {});
    },
    expected: MUT_IN_FIRM_A(200),
  })),
  {
    name: 'POST /auditsvc/findings/bulk-action (A)',
    call: async (h) => {
      const { e, f } = await freshEngagement();
      return ctx
        .http()
        .post(`/auditsvc/findings/bulk-action?engagement_id=${e}`)
        .set(h)
        .send({ finding_ids: [f], action: 'accepted' });
    },
    expected: MUT_IN_FIRM_A(200),
  },
  {
    name: 'POST /auditsvc/finding/{A}/comments',
    call: async (h) => {
      const { e, f } = await freshEngagement();
      return ctx.http().post(`/auditsvc/finding/${f}/comments?engagement_id=${e}`).set(h).send({ body: 'b' });
    },
    expected: MUT_IN_FIRM_A(201),
  },
  {
    name: 'POST /auditsvc/template (firm A)',
    call: (h) => ctx.http().post('/auditsvc/template').set(h).send({ firm_id: actors.firmA.id, name: 'T' }),
    expected: MUT_IN_FIRM_A(201),
  },
  {
    name: 'PUT /auditsvc/template/{A}',
    call: async (h) =>
      ctx
        .http()
        .put(`/auditsvc/template/${await freshTemplate()}`)
        .set(h)
        .send({ name: 'U' }),
    expected: MUT_IN_FIRM_A(200),
  },
  {
    name: 'POST /auditsvc/template/{A}/instantiate',
    call: async (h) =>
      ctx
        .http()
        .post(`/auditsvc/template/${await freshTemplate()}/instantiate`)
        .set(h)
        .send({ client_name: 'C' }),
    expected: MUT_IN_FIRM_A(201),
  },
  {
    name: 'DELETE /auditsvc/template/{A}',
    call: async (h) =>
      ctx
        .http()
        .delete(`/auditsvc/template/${await freshTemplate()}`)
        .set(h),
    expected: MUT_IN_FIRM_A(200),
  },
);

const actorsList: Actor[] = ['anonymous', 'adminToken', 'adminSession', 'partnerA', 'associateA', 'partnerB'];

describe.each(cases)('$name', ({ call, expected }) => {
  it.each(actorsList)('as %s', async (actor) => {
    const headers = actor === 'anonymous' ? {} : actors.headers[actor];
    const res = await call(headers);
    expect(res.status).toBe(expected[actor]);
  });
});
