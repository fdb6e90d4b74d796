// Small builders for test data. They call the same repositories and services as production code.
import bcrypt from 'bcrypt';
import { Role, newId } from '@auditsvc/core';
import { EngagementRecord, FirmRecord, SEVERITY_RANK, Severity, UserRecord } from '@auditsvc/db';
import type { TestContext } from './context';

export const DEFAULT_PASSWORD = 'correct horse battery';

// One real bcrypt hash (cost 12) shared by every built user, so suites do not spend a quarter
// second per user; logins still verify it for real.
let defaultHash: Promise<string> | null = null;
function defaultPasswordHash(): Promise<string> {
  defaultHash ??= bcrypt.hash(DEFAULT_PASSWORD, 12);
  return defaultHash;
}

export async function makeFirm(ctx: TestContext, displayName = `Firm ${newId('firm')}`): Promise<FirmRecord> {
  return ctx.services.firms.create({ display_name: displayName });
}

export async function makeUser(
  ctx: TestContext,
  role: Role,
  firmId: string | null,
  overrides: { email?: string; displayName?: string } = {},
): Promise<UserRecord> {
  const id = newId('user');
  return ctx.services.repos.users.create({
    id,
    email: overrides.email ?? `${id}@example.test`,
    firmId: role === 'admin' ? null : firmId,
    role,
    displayName: overrides.displayName ?? `${role} ${id}`,
    passwordHash: await defaultPasswordHash(),
  });
}

/** A bearer token for the user, issued by the real session service. */
export async function tokenFor(ctx: TestContext, user: UserRecord): Promise<string> {
  return (await ctx.services.auth.issueSession(user)).token;
}

export type Headers = Record<string, string>;

export function bearer(token: string): Headers {
  return { authorization: `Bearer ${token}` };
}

/** The callers of the role x firm matrix: admin token, admin session, firm A partner and associate, firm B partner. */
export interface Actors {
  firmA: FirmRecord;
  firmB: FirmRecord;
  admin: UserRecord;
  partnerA: UserRecord;
  associateA: UserRecord;
  partnerB: UserRecord;
  headers: {
    adminToken: Headers;
    adminSession: Headers;
    partnerA: Headers;
    associateA: Headers;
    partnerB: Headers;
  };
}

export async function makeActors(ctx: TestContext): Promise<Actors> {
  const firmA = await makeFirm(ctx, 'Alpha Assurance');
  const firmB = await makeFirm(ctx, 'Beta Advisory');
  const admin = await makeUser(ctx, 'admin', null);
  const partnerA = await makeUser(ctx, 'partner', firmA.id);
  const associateA = await makeUser(ctx, 'associate', firmA.id);
  const partnerB = await makeUser(ctx, 'partner', firmB.id);
  return {
    firmA,
    firmB,
    admin,
    partnerA,
    associateA,
    partnerB,
    headers: {
      adminToken: { 'x-admin-token': ctx.adminToken },
      adminSession: bearer(await tokenFor(ctx, admin)),
      partnerA: bearer(await tokenFor(ctx, partnerA)),
      associateA: bearer(await tokenFor(ctx, associateA)),
      partnerB: bearer(await tokenFor(ctx, partnerB)),
    },
  };
}

export async function makeEngagement(
  ctx: TestContext,
  firm: FirmRecord,
  overrides: Partial<{
    clientName: string;
    status: string;
    isFrozen: boolean;
    isRunning: boolean;
    intake: object;
  }> = {},
) {
  const engagement = await ctx.services.engagements.create(
    { kind: 'admin_token' },
    {
      firm_id: firm.id,
      client_name: overrides.clientName ?? `Client ${newId('engagement')}`,
    },
  );
  const { clientName: _clientName, ...state } = overrides;
  if (Object.keys(state).length === 0) return engagement;
  return ctx.services.repos.engagements.update(engagement.id, state);
}

export interface FindingOverrides {
  status?: string;
  severity?: Severity;
  confidence?: number;
  description?: string;
  rootCause?: string;
  auditorNotes?: string;
  primitive?: string;
  isCanonical?: boolean;
  filterStatus?: string | null;
}

/**
 * Findings as the engine will store them, written through the findings repository. (Until the
 * engine exists, tests need findings; no production route creates them.)
 */
export async function makeFindings(
  ctx: TestContext,
  engagement: EngagementRecord,
  specs: FindingOverrides[],
) {
  const rows = specs.map((spec) => {
    const severity = spec.severity ?? 'medium';
    return {
      id: newId('finding'),
      engagementId: engagement.id,
      firmId: engagement.firmId,
      status: spec.status ?? 'pending',
      severity,
      severityRank: SEVERITY_RANK[severity],
      title: 'A finding',
      description: spec.description ?? 'Password rotation is 90 days in one policy and 180 in another.',
      rootCause: spec.rootCause ?? 'Policies were revised separately.',
      remediationScope: 'Align the policies.',
      remediationEffortHours: 4,
      auditorNotes: spec.auditorNotes ?? '',
      primitive: spec.primitive ?? 'conflict_check',
      isCanonical: spec.isCanonical ?? true,
      mergedFindingIds: [],
      corroborationScore: 0.5,
      filterStatus: spec.filterStatus === undefined ? 'likely' : spec.filterStatus,
      confidence: spec.confidence ?? 0.7,
      evidence: [
        {
          document: 'Password-Policy.docx',
          chunk_id: null,
          quote: 'rotated every 90 days',
          quote_verified: true,
          page: null,
        },
      ],
      frameworks: ['SOC 2'],
      iteration: 1,
    };
  });
  await ctx.services.repos.findings.createMany(rows);
  return ctx.services.repos.findings
    .findByIds(rows.map((row) => row.id))
    .then((found) => rows.map((row) => found.find((f) => f.id === row.id)!));
}
