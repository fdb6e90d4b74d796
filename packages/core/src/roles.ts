// Roles, callers and the authorisation rules of spec part 5, with no I/O.
import { ForbiddenError, NotFoundError } from './errors';

export const ROLES = ['admin', 'partner', 'associate'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Who is calling: the shared admin token, or a user's session. */
export type Caller =
  | { kind: 'admin_token' }
  | {
      kind: 'session';
      sessionId: string;
      userId: string;
      email: string;
      role: Role;
      firmId: string | null;
    };

/** Platform-wide callers: the admin token and sessions of users with the admin role. */
export function isPlatformAdmin(caller: Caller): boolean {
  return caller.kind === 'admin_token' || caller.role === 'admin';
}

/**
 * The firm a non-admin caller is confined to; null for platform admins, who see every firm.
 * A non-admin without a firm (which user creation prevents) is confined to nothing: ''.
 */
export function firmScope(caller: Caller): string | null {
  if (caller.kind === 'admin_token' || caller.role === 'admin') return null;
  return caller.firmId ?? '';
}

/** `Admin` endpoints: admin token or admin session, else 403. */
export function requireAdmin(caller: Caller): void {
  if (!isPlatformAdmin(caller)) throw new ForbiddenError('This endpoint is for administrators.');
}

/** `Mut` endpoints: associates are read-only, else 403. */
export function requireMutator(caller: Caller): void {
  if (caller.kind === 'session' && caller.role === 'associate') {
    throw new ForbiddenError('Associates have read-only access.');
  }
}

/** Partner-or-admin actions (deliver, template mutations, firm logo). */
export function requirePartnerOrAdmin(caller: Caller): void {
  if (caller.kind === 'session' && caller.role !== 'admin' && caller.role !== 'partner') {
    throw new ForbiddenError('Only partners and administrators may do this.');
  }
}

/**
 * Tenancy: a non-admin caller may only touch its own firm's records. Anything else answers 404,
 * exactly like an id that does not exist, so ids of other firms cannot be probed.
 */
export function assertFirmVisible(caller: Caller, firmId: string | null, what: string): void {
  const scope = firmScope(caller);
  if (scope !== null && firmId !== scope) throw new NotFoundError(what);
}
