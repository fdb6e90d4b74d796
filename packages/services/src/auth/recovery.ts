// Administrator recovery (spec 4.2): clear MFA, clear a lockout, reset a password. Each writes the
// structured warning line of spec 6.4, which never carries a secret.
import { NotFoundError } from '@auditsvc/core';
import type { Repositories, UserRecord } from '@auditsvc/db';
import type { Logger } from '@auditsvc/runtime';
import { PasswordHasher, assertPasswordAcceptable } from './passwords';
import { NO_SESSION_CACHE, SessionRevoker } from './service';

/** Minimum length of a password set by an administrator (spec 5.7). */
export const RESET_PASSWORD_MIN = 12;

export interface RecoveryDeps {
  repos: Pick<Repositories, 'users' | 'sessions' | 'loginAttempts' | 'transaction'>;
  passwords: PasswordHasher;
  logger: Logger;
  revoker?: SessionRevoker;
}

export function createRecoveryService(deps: RecoveryDeps) {
  const { repos, logger } = deps;
  const revoker = deps.revoker ?? NO_SESSION_CACHE;

  async function requireUser(id: string): Promise<UserRecord> {
    const user = await repos.users.findById(id);
    if (!user) throw new NotFoundError('User');
    return user;
  }

  /** `name key=value ...` as the message, and the same members as fields for log queries. */
  function warn(name: string, members: Record<string, string | number | boolean>): void {
    const pairs = Object.entries(members).map(([key, value]) => `${key}=${String(value)}`);
    logger.warn(`${name} ${pairs.join(' ')}`, { event: name, ...members });
  }

  return {
    async clearMfa(userId: string) {
      const user = await requireUser(userId);
      const wasEnabled = await repos.transaction((tx) => tx.totp.clear(user.id));
      // Sessions stay, but no process should keep answering from what it knew of the user.
      await revoker.revoke({ userId: user.id });
      warn('auditsvc_admin_clear_mfa', { user_id: user.id, email: user.email, was_enabled: wasEnabled });
      return { ok: true as const, id: user.id, was_enabled: wasEnabled };
    },

    async clearLockout(userId: string) {
      const user = await requireUser(userId);
      const hadRecord = await repos.loginAttempts.clear(user.email);
      warn('auditsvc_admin_clear_lockout', { user_id: user.id, email: user.email, had_record: hadRecord });
      return { ok: true as const, id: user.id, had_record: hadRecord };
    },

    async resetPassword(userId: string, newPassword: string) {
      assertPasswordAcceptable(newPassword, RESET_PASSWORD_MIN, ['body', 'new_password']);
      const user = await requireUser(userId);
      await repos.users.update(user.id, {
        passwordHash: await deps.passwords.hash(newPassword),
        mustChangePassword: true,
      });
      const sessionsRevoked = await repos.sessions.deleteForUser(user.id);
      await revoker.revoke({ userId: user.id });
      warn('auditsvc_admin_reset_password', {
        user_id: user.id,
        email: user.email,
        sessions_revoked: sessionsRevoked,
      });
      return { ok: true as const, id: user.id, sessions_revoked: sessionsRevoked };
    },
  };
}

export type RecoveryService = ReturnType<typeof createRecoveryService>;
