// The tenancy world the fuzzer plays in: the callers of the role x firm matrix (admin token, admin
// session, firm A partner and associate, firm B partner; see makeActors) and, in firms A and B,
// engagements in several states with findings and comments, templates and spare users, plus a
// firm C that nobody belongs to. Records are written through the real services and repositories.
// Every record carries the firm that owns it, which is what the oracle judges tenancy by.
import { newId } from '@auditsvc/core';
import { createAuditLogWriter } from '@auditsvc/services';
import {
  Actors,
  bearer,
  makeActors,
  makeEngagement,
  makeFindings,
  makeFirm,
  makeUser,
  tokenFor,
} from '../builders';
import type { TestContext } from '../context';

export type FirmLabel = 'A' | 'B' | 'C';

/** The callers a request is sent as: the matrix's five, and no credential at all. */
export const ACTOR_NAMES = [
  'anonymous',
  'adminToken',
  'adminSession',
  'partnerA',
  'associateA',
  'partnerB',
] as const;
export type ActorName = (typeof ACTOR_NAMES)[number];

export type RecordKind = 'firm' | 'engagement' | 'finding' | 'comment' | 'template' | 'user';

export interface WorldRecord {
  kind: RecordKind;
  id: string;
  firm: FirmLabel;
  /** Findings and comments: the engagement they belong to. */
  engagementId?: string;
  /** Records a destructive call may use up (DELETE targets, users whose role or password change). */
  victim: boolean;
}

export interface World {
  /** Credential headers of each caller ({} for anonymous). */
  headers: Record<ActorName, Record<string, string>>;
  /** A second session of each user caller, for logout, so logging out never ends the caller's own. */
  spareHeaders: Record<ActorName, Record<string, string>>;
  /** The firm a caller belongs to; null for platform administrators and anonymous. */
  firmOf: Record<ActorName, FirmLabel | null>;
  /** The users of the firm callers (assignment targets; the fuzzer never changes them). */
  actorUsers: WorldRecord[];
  records: WorldRecord[];
  emails: string[];
  /** A signed audit-log download link per firm, as the API issued it. */
  signedDownloads: { engagementId: string; firm: FirmLabel; query: Record<string, string> }[];
  /** Record ids by firm, for the leak check: a firm's caller must never be shown another firm's. */
  idsOf: Record<FirmLabel, Set<string>>;
}

const ADMIN: { kind: 'admin_token' } = { kind: 'admin_token' };

async function seedFirm(
  ctx: TestContext,
  firmId: string,
  label: FirmLabel,
): Promise<{ records: WorldRecord[]; email: string }> {
  const firm = (await ctx.services.repos.firms.findById(firmId))!;
  const records: WorldRecord[] = [];
  const add = (kind: RecordKind, id: string, victim = false, engagementId?: string) =>
    records.push({ kind, id, firm: label, victim, ...(engagementId ? { engagementId } : {}) });

  const review = await makeEngagement(ctx, firm, { status: 'findings_review' });
  const draft = await makeEngagement(ctx, firm);
  // Delivered and archived through the service, as the API does it (delivered_at, the polished copy).
  const delivered = await makeEngagement(ctx, firm, { status: 'findings_review' });
  const archived = await makeEngagement(ctx, firm, { status: 'findings_review' });
  const doomed = await makeEngagement(ctx, firm, { status: 'findings_review' });
  for (const engagement of [review, draft, delivered, archived]) add('engagement', engagement.id);
  // One model call in the audit log, so the review engagement has a log to sign a link for.
  await createAuditLogWriter({
    repos: ctx.services.repos,
    storage: ctx.services.storage,
    engagementId: review.id,
  }).append({
    event: 'llm_call',
    model: 'local-analyst-mid',
    provider: 'local',
    input_tokens: 10,
    output_tokens: 10,
    cost_cents: 0.01,
    latency_ms: 3,
    downshifted_from: null,
    budget_utilization: 0.1,
    metadata: {
      engagement_id: review.id,
      stage: 'investigate',
      step: 'verdict',
      question_id: 'q-1',
      prompt_version: 'question_verdict@test',
    },
    ts: new Date(Date.UTC(2026, 10, 22, 12)).toISOString(),
  });
  add('engagement', doomed.id, true);

  const findings = [
    ...(await makeFindings(ctx, review, [{}, { severity: 'high', status: 'accepted' }])),
    ...(await makeFindings(ctx, delivered, [{ severity: 'low' }])),
  ];
  for (const finding of findings) add('finding', finding.id, false, finding.engagementId);
  await ctx.services.engagements.deliver(ADMIN, delivered.id);
  await ctx.services.engagements.deliver(ADMIN, archived.id);
  await ctx.services.engagements.archive(ADMIN, archived.id);
  for (const finding of findings.slice(0, 2)) {
    const comment = await ctx.services.comments.create(ADMIN, finding.engagementId, finding.id, 'A note.');
    add('comment', comment.id, true, finding.engagementId);
  }

  for (const victim of [false, true]) {
    const template = await ctx.services.templates.create(ADMIN, {
      firm_id: firm.id,
      name: `Template ${label}`,
    });
    add('template', template.id, victim);
  }
  const spare = await makeUser(ctx, 'associate', firm.id);
  add('user', spare.id, true);
  return { records, email: spare.email };
}

/** The audit-log download link the API issues for an engagement (GET audit-log?delivery=signed_url). */
async function signedDownload(ctx: TestContext, adminHeaders: Record<string, string>, engagementId: string) {
  const res = await ctx
    .http()
    .get(`/auditsvc/engagement/${engagementId}/audit-log?delivery=signed_url&format=json`)
    .set(adminHeaders);
  if (res.status !== 200) throw new Error(`signed audit-log link: ${res.status} ${JSON.stringify(res.body)}`);
  const url = new URL(res.body.signed_url as string);
  return Object.fromEntries(url.searchParams.entries());
}

export async function createWorld(ctx: TestContext): Promise<World> {
  const actors: Actors = await makeActors(ctx);
  const firmC = await makeFirm(ctx, `Gamma ${newId('firm')}`);
  const seededA = await seedFirm(ctx, actors.firmA.id, 'A');
  const seededB = await seedFirm(ctx, actors.firmB.id, 'B');
  const records: WorldRecord[] = [
    { kind: 'firm', id: actors.firmA.id, firm: 'A', victim: false },
    { kind: 'firm', id: actors.firmB.id, firm: 'B', victim: false },
    { kind: 'firm', id: firmC.id, firm: 'C', victim: true },
    ...seededA.records,
    ...seededB.records,
  ];
  const actorUsers: WorldRecord[] = [
    { kind: 'user', id: actors.partnerA.id, firm: 'A', victim: false },
    { kind: 'user', id: actors.associateA.id, firm: 'A', victim: false },
    { kind: 'user', id: actors.partnerB.id, firm: 'B', victim: false },
  ];

  const spare = async (user: typeof actors.admin) => bearer(await tokenFor(ctx, user));
  const headers = { anonymous: {}, ...actors.headers };
  const spareHeaders = {
    anonymous: {},
    adminToken: actors.headers.adminToken,
    adminSession: await spare(actors.admin),
    partnerA: await spare(actors.partnerA),
    associateA: await spare(actors.associateA),
    partnerB: await spare(actors.partnerB),
  };

  const engagementOf = (firm: FirmLabel) =>
    records.find((r) => r.kind === 'engagement' && r.firm === firm && !r.victim)!.id;
  const signedDownloads = [];
  for (const firm of ['A', 'B'] as const) {
    const engagementId = engagementOf(firm);
    signedDownloads.push({
      engagementId,
      firm,
      query: await signedDownload(ctx, headers.adminToken, engagementId),
    });
  }

  const idsOf: World['idsOf'] = { A: new Set(), B: new Set(), C: new Set() };
  // Users are left out: an admin may assign another firm's user as reviewer (the firm then sees
  // that reviewer's id), and spare users change firm with a role change.
  for (const record of records) if (record.kind !== 'user') idsOf[record.firm].add(record.id);

  return {
    headers,
    spareHeaders,
    firmOf: {
      anonymous: null,
      adminToken: null,
      adminSession: null,
      partnerA: 'A',
      associateA: 'A',
      partnerB: 'B',
    },
    actorUsers,
    records,
    // The spare users' addresses: logins that fail lock them out, never a caller of the matrix.
    emails: [seededA.email, seededB.email],
    signedDownloads,
    idsOf,
  };
}
