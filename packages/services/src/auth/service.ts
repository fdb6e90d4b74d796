// Login, session issue and lookup, logout. Account-security rules (lockout, MFA) hook in here.
import { Caller, UnauthorizedError, isRole, newId } from '@auditsvc/core';
import type { Repositories, UserRecord } from '@auditsvc/db';
import { normalizeEmail } from './email';
import type { PasswordHasher } from './passwords';
import { SESSION_LIFETIME_MS, hashToken, newSessionToken, safeEqual } from './tokens';

export interface AuthDeps {
  repos: Pick<Repositories, 'users' | 'sessions'>;
  passwords: PasswordHasher;
  adminToken: string | null;
  now?: () => Date;
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
  const now = deps.now ?? (() => new Date());

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

    async login(input: { email: string; password: string }): Promise<IssuedSession> {
      const user = await deps.repos.users.findByEmail(normalizeEmail(input.email));
      const valid = user
        ? await deps.passwords.verify(input.password, user.passwordHash)
        : await deps.passwords.verifyNothing(input.password);
      if (!user || !valid) throw new UnauthorizedError(BAD_CREDENTIALS);
      return issueSession(user);
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

    /** True while the session still exists: lets long-lived streams notice a revocation. */
    async isSessionAlive(sessionId: string): Promise<boolean> {
      const session = await deps.repos.sessions.findById(sessionId);
      return session !== null && session.expiresAt > now();
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
