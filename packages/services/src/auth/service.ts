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
import type { MfaService, SecondFactor } from './mfa';
import { PasswordHasher, assertPasswordAcceptable } from './passwords';
import { SESSION_LIFETIME_MS, hashToken, newSessionToken, safeEqual } from './tokens';
import { CREATE_PASSWORD_MIN } from '../users/service';

export interface AuthDeps {
  repos: Pick<Repositories, 'users' | 'sessions' | 'loginAttempts'>;
  passwords: PasswordHasher;
  mfa: Pick<MfaService, 'verifySecondFactor'>;
  adminToken: string | null;
  now: () => Date;
}

export interface LoginInput extends SecondFactor {
  email: string;
  password: string;
}

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
      return { ok: true as const, sessions_revoked: sessionsRevoked };
    },

    /** Ends the session of a bearer token; a token already ended or unknown is fine (idempotent). */
    async logout(token: string): Promise<void> {
      await deps.repos.sessions.deleteByTokenHash(hashToken(token));
    },

    /**
     * Resolves the caller from the request credentials, or throws 401. A valid admin token wins;
     * otherwise the bearer session must exist and be unexpired.
     */
    async authenticate(credentials: Credentials): Promise<Caller> {
      if (credentials.adminToken !== undefined && deps.adminToken !== null) {
        if (safeEqual(credentials.adminToken, deps.adminToken)) return { kind: 'admin_token' };
      }
      const token = bearerToken(credentials.authorization);
      if (!token) throw new UnauthorizedError();
      const session = await deps.repos.sessions.findActiveByTokenHash(hashToken(token), now());
      if (!session || !isRole(session.user.role)) throw new UnauthorizedError();
      return {
        kind: 'session',
        sessionId: session.id,
        userId: session.user.id,
        email: session.user.email,
        role: session.user.role,
        firmId: session.user.firmId,
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
