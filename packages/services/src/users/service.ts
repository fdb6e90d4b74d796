// User administration (spec 4.2). Every entry point here is Admin-only; the route enforces it.
import { ConflictError, NotFoundError, Role, ValidationError, newId } from '@auditsvc/core';
import type { Repositories, UserRecord } from '@auditsvc/db';
import { assertEmail, normalizeEmail } from '../auth/email';
import { PasswordHasher, assertPasswordAcceptable } from '../auth/passwords';
import { NO_SESSION_CACHE, SessionRevoker } from '../auth/service';
import { isUniqueViolation } from '../prisma-errors';
import { CREATE_PASSWORD_MIN, type CreateUserInput } from './fields';

export { CREATE_PASSWORD_MIN, type CreateUserInput } from './fields';

export interface UserDeps {
  repos: Pick<Repositories, 'users' | 'sessions' | 'firms'>;
  passwords: PasswordHasher;
  revoker?: SessionRevoker;
}

export function createUserService(deps: UserDeps) {
  const { repos } = deps;
  const revoker = deps.revoker ?? NO_SESSION_CACHE;

  /** Platform admins have no firm; partners and associates need an existing one. */
  async function resolveFirmForRole(role: Role, firmId: string | null | undefined): Promise<string | null> {
    if (role === 'admin') {
      if (firmId) {
        throw ValidationError.of(
          ['body', 'firm_id'],
          'must be null for the admin role (admins are platform-wide)',
        );
      }
      return null;
    }
    if (!firmId) throw ValidationError.of(['body', 'firm_id'], `is required for the ${role} role`, 'missing');
    if (!(await repos.firms.findById(firmId))) throw new NotFoundError('Firm');
    return firmId;
  }

  async function requireUser(id: string): Promise<UserRecord> {
    const user = await repos.users.findById(id);
    if (!user) throw new NotFoundError('User');
    return user;
  }

  return {
    requireUser,

    async create(input: CreateUserInput): Promise<UserRecord> {
      const email = normalizeEmail(input.email);
      assertEmail(email, ['body', 'email']);
      assertPasswordAcceptable(input.password, CREATE_PASSWORD_MIN, ['body', 'password']);
      const firmId = await resolveFirmForRole(input.role, input.firm_id);
      if (await repos.users.findByEmail(email))
        throw new ConflictError('A user with this e-mail already exists.');
      const passwordHash = await deps.passwords.hash(input.password);
      try {
        return await repos.users.create({
          id: newId('user'),
          email,
          firmId,
          role: input.role,
          displayName: input.display_name?.trim() || email.split('@')[0]!,
          passwordHash,
          mustChangePassword: input.must_change_password ?? false,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError('A user with this e-mail already exists.');
        throw error;
      }
    },

    list(filter: { firmId: string | null }, page: { limit: number; offset: number }) {
      return repos.users.list(filter, page);
    },

    /** Deletes the user; the user's sessions end with it (cascade). */
    async delete(id: string): Promise<void> {
      if (!(await repos.users.delete(id))) throw new NotFoundError('User');
      await revoker.revoke({ userId: id });
    },

    /**
     * Changes a user's role and revokes all of the user's sessions, so the new role applies at once.
     * Becoming admin clears the firm; leaving admin needs `firm_id`.
     */
    async changeRole(id: string, role: Role, firmId?: string | null) {
      const user = await requireUser(id);
      const nextFirm =
        role === 'admin'
          ? null
          : user.role !== 'admin' && !firmId
            ? user.firmId
            : await resolveFirmForRole(role, firmId);
      await repos.users.update(id, { role, firmId: nextFirm });
      const sessionsRevoked = await repos.sessions.deleteForUser(id);
      await revoker.revoke({ userId: id });
      return { ok: true as const, id, new_role: role, sessions_revoked: sessionsRevoked };
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
