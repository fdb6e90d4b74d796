import { roleSchema as ROLE } from '@auditsvc/services';

/** The user objects (packages/services/src/users/presenter.ts: UserView, CreatedUserView). */
export { createdUserViewSchema as createdUserObject, userViewSchema as userObject } from '@auditsvc/services';

/** The create body (packages/services/src/users/fields.ts, which types CreateUserInput). */
export { createUserSchema as userCreateBody } from '@auditsvc/services';

export const roleChangeBody = {
  type: 'object',
  properties: { role: ROLE, firm_id: { type: ['string', 'null'], maxLength: 200 } },
  required: ['role'],
  additionalProperties: false,
} as const;

export const roleChangeResponse = {
  type: 'object',
  properties: {
    ok: { const: true },
    id: { type: 'string' },
    new_role: ROLE,
    sessions_revoked: { type: 'integer', minimum: 0 },
  },
  required: ['ok', 'id', 'new_role', 'sessions_revoked'],
  additionalProperties: false,
} as const;

/** {ok, id, <flag or count>} of the recovery endpoints. */
export function recoveryResponse<const M extends 'was_enabled' | 'had_record' | 'sessions_revoked'>(
  member: M,
) {
  const value = member === 'sessions_revoked' ? { type: 'integer', minimum: 0 } : { type: 'boolean' };
  return {
    type: 'object',
    properties: {
      ok: { const: true },
      id: { type: 'string' },
      ...({ [member]: value } as {
        [K in M]: K extends 'sessions_revoked' ? { type: 'integer'; minimum: 0 } : { type: 'boolean' };
      }),
    },
    required: ['ok', 'id', member],
    additionalProperties: false,
  } as const;
}
