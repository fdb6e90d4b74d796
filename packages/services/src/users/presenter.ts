import { ROLES, readEnumColumn, timestampSchema } from '@auditsvc/core';
import type { UserRecord } from '@auditsvc/db';
import type { FromSchema } from 'json-schema-to-ts';
import { roleSchema } from './fields';

/** The user object of spec 2.7; secrets and hashes never leave the service. */
export const userViewSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', pattern: '^u-' },
    email: { type: 'string' },
    firm_id: { type: ['string', 'null'] },
    role: roleSchema,
    display_name: { type: 'string' },
    must_change_password: { type: 'boolean' },
    totp_enabled: { type: 'boolean' },
  },
  required: ['id', 'email', 'firm_id', 'role', 'display_name', 'must_change_password', 'totp_enabled'],
  additionalProperties: false,
} as const;

/** The user object with its creation time, as POST /auditsvc/user answers it. */
export const createdUserViewSchema = {
  ...userViewSchema,
  properties: { ...userViewSchema.properties, created_at: timestampSchema },
  required: [...userViewSchema.required, 'created_at'],
} as const;

export type UserView = FromSchema<typeof userViewSchema>;
export type CreatedUserView = FromSchema<typeof createdUserViewSchema>;

/** The user object of spec 2.7; secrets and hashes never leave the service. */
export function presentUser(user: UserRecord): UserView {
  return {
    id: user.id,
    email: user.email,
    firm_id: user.firmId,
    role: readEnumColumn(ROLES, user.role, `role of user ${user.id}`),
    display_name: user.displayName,
    must_change_password: user.mustChangePassword,
    totp_enabled: user.totpEnabled,
  };
}

export function presentUserWithCreated(user: UserRecord): CreatedUserView {
  return { ...presentUser(user), created_at: user.createdAt.toISOString() };
}
