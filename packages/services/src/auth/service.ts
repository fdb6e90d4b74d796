// Login (password, lockout, second factor), session issue and lookup, logout, password change.
import {
  AccountLockedError,
  Caller,
  ForbiddenError,
  MfaRequiredError,
  NotFoundError,
  UnauthorizedError,
  isRole,
  newId,
} from '@auditsvc/core';
import type { Repositories, UserRecord } from '@auditsvc/db';
import { normalizeEmail } from './email';
import { createLockout } from './lockout';
import { secondFactorProperties, type MfaService } from './mfa';
import type { FromSchema } from 'json-schema-to-ts';
import { PasswordHasher, assertPasswordAcceptable } from './passwords';
import { SESSION_LIFETIME_MS, hashToken, newSessionToken, safeEqual } from './tokens';
import type { Revocation, SessionCache, SessionCaller } from './session-cache';
import { CREATE_PASSWORD_MIN } from '../users/service';

export interface AuthDeps {
  repos: Pick<Repositories, 'users' | 'sessions' | 'loginAttempts'>;
  passwords: PasswordHasher;
  mfa: Pick<MfaService, 'verifySecondFactor'>;
  adminToken: string | null;
  now: () => Date;
  /** Resolved sessions kept for a few seconds; without it every lookup reads the database. */
  sessionCache?: SessionCache;
  /** Ends cached sessions on every API process; see SessionRevoker. */
  revoker?: SessionRevoker;
}

/**
 * Called after sessions are revoked or their user changed in the database, so that no API process
 * keeps answering from its session cache (apps/api/src/session-revocation-channel.ts).
 */
export interface SessionRevoker {
  revoke(revocation: Revocation): Promise<void>;
}

/** A revoker for services built without a cache (scripts, unit tests): nothing to tell. */
export const NO_SESSION_CACHE: SessionRevoker = { revoke: async () => undefined };

/** POST /auditsvc/auth/login. */
export const loginSchema = {
  type: 'object',
  properties: {
    email: { type: 'string', minLength: 1, maxLength: 254 },
    password: { type: 'string', minLength: 1, maxLength: 1024 },
    ...secondFactorProperties,
  },
  required: ['email', 'password'],
  additionalProperties: false,
} as const;
export type LoginInput = FromSchema<typeof loginSchema>;

export interface IssuedSession {
  token: string;
  expiresAt: Date;
  user: UserRecord;
}

export interface Credentials {
  adminToken?: string;
  authorization?: string;
}

const BAD_CREDENTIALS = 'Invalid email or password.';

export function bearerToken(authorization: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match ? match[1]! : null;
}

export function createAuthService(deps: AuthDeps) {
  const { now } = deps;
  const revoker = deps.revoker ?? NO_SESSION_CACHE;
  const lockout = createLockout({ attempts: deps.repos.loginAttempts, now });

  async function issueSession(user: UserRecord): Promise<IssuedSession> {
    const token = newSessionToken();
    const expiresAt = new Date(now().getTime() + SESSION_LIFETIME_MS);
    await deps.repos.sessions.create({
      id: newId('session'),
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt,
    });
    return { token, expiresAt, user };
  }

  /** The live session of a token hash: from the cache when it may answer, else the database. */
  async function resolveSession(tokenHash: string) {
    const cache = deps.sessionCache;
    const cached = cache?.get(tokenHash);
    if (cached) return cached.expiresAt > now() ? cached : null;
    const generation = cache?.generation() ?? 0;
    const session = await deps.repos.sessions.findActiveByTokenHash(tokenHash, now());
    if (!session || !isRole(session.user.role)) return null;
    const resolved = {
      caller: {
        kind: 'session' as const,
        sessionId: session.id,
        userId: session.user.id,
        email: session.user.email,
        role: session.user.role,
        firmId: session.user.firmId,
      },
      expiresAt: session.expiresAt,
    };
    cache?.set(tokenHash, resolved, generation);
    return resolved;
  }

  /** A valid admin token wins over any bearer header. */
  function isAdminToken(credentials: Credentials): boolean {
    return (
      credentials.adminToken !== undefined &&
      deps.adminToken !== null &&
      safeEqual(credentials.adminToken, deps.adminToken)
    );
  }

  async function bearerSession(credentials: Credentials) {
    const token = bearerToken(credentials.authorization);
    if (!token) throw new UnauthorizedError();
    const tokenHash = hashToken(token);
    const session = await resolveSession(tokenHash);
    if (!session) throw new UnauthorizedError();
    return { ...session, tokenHash };
  }

  return {
    issueSession,

    /**
     * Password login with lockout and, for enrolled users, a TOTP or backup code. Unknown e-mails
     * take the same path and time as wrong passwords, lockout included.
     */
    async login(input: LoginInput): Promise<IssuedSession> {
      const email = normalizeEmail(input.email);
      const reservation = await lockout.reserve(email);
      if (reservation.locked) throw new AccountLockedError(reservation.lockedUntil);
      const failed = async (message: string): Promise<never> => {
        await lockout.fail(email, reservation.attempt);
        throw new UnauthorizedError(message);
      };
      const user = await deps.repos.users.findByEmail(email);
      const valid = user
        ? await deps.passwords.verify(input.password, user.passwordHash)
        : await deps.passwords.verifyNothing(input.password);
      if (!user || !valid) return failed(BAD_CREDENTIALS);
      if (user.totpEnabled) {
        if (input.totp_code === undefined && input.backup_code === undefined) {
          await lockout.release(email);
          throw new MfaRequiredError();
        }
        if (!(await deps.mfa.verifySecondFactor(user.id, input))) return failed('Invalid MFA code.');
      }
      await lockout.succeed(email);
      return issueSession(user);
    },

    /** Verifies the current password, sets the new one, and ends every other session of the user. */
    async changePassword(caller: Caller, currentPassword: string, newPassword: string) {
      if (caller.kind !== 'session') throw new ForbiddenError('The admin token has no password to change.');
      const user = await deps.repos.users.findById(caller.userId);
      if (!user) throw new NotFoundError('User');
      if (!(await deps.passwords.verify(currentPassword, user.passwordHash))) {
        throw new ForbiddenError('The current password is wrong.');
      }
      assertPasswordAcceptable(newPassword, CREATE_PASSWORD_MIN, ['body', 'new_password']);
      await deps.repos.users.update(user.id, {
        passwordHash: await deps.passwords.hash(newPassword),
        mustChangePassword: false,
      });
      const sessionsRevoked = await deps.repos.sessions.deleteForUser(user.id, caller.sessionId);
      await revoker.revoke({ userId: user.id });
      return { ok: true as const, sessions_revoked: sessionsRevoked };
    },

    /** Ends the session of a bearer token; a token already ended or unknown is fine (idempotent). */
    async logout(token: string): Promise<void> {
      const tokenHash = hashToken(token);
      await deps.repos.sessions.deleteByTokenHash(tokenHash);
      await revoker.revoke({ tokenHash });
    },

    /**
     * Resolves the caller from the request credentials, or throws 401. A valid admin token wins;
     * otherwise the bearer session must exist and be unexpired.
     */
    async authenticate(credentials: Credentials): Promise<Caller> {
      if (isAdminToken(credentials)) return { kind: 'admin_token' };
      return { ...(await bearerSession(credentials)).caller };
    },

    /**
     * The bearer session of the credentials with its expiry and token hash (for an open stream to
     * watch), or null for the admin token. Throws 401 as authenticate() does.
     */
    async session(
      credentials: Credentials,
    ): Promise<{ caller: SessionCaller; expiresAt: Date; tokenHash: string } | null> {
      if (isAdminToken(credentials)) return null;
      return bearerSession(credentials);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
