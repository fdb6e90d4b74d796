import type { UserRecord } from '@auditsvc/db';

/** The user object of spec 2.7; secrets and hashes never leave the service. */
export function presentUser(user: UserRecord) {
  return {
    id: user.id,
    email: user.email,
    firm_id: user.firmId,
    role: user.role,
    display_name: user.displayName,
    must_change_password: user.mustChangePassword,
    totp_enabled: user.totpEnabled,
  };
}

export function presentUserWithCreated(user: UserRecord) {
  return { ...presentUser(user), created_at: user.createdAt.toISOString() };
}
