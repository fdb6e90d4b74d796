// A user as POST /auditsvc/user creates one, defined once: the API validates the body with this
// schema and the service's CreateUserInput is inferred from it.
import { ROLES } from '@auditsvc/core';
import type { FromSchema } from 'json-schema-to-ts';

/** Minimum length of a password set at user creation (spec 5.7). */
export const CREATE_PASSWORD_MIN = 8;

export const roleSchema = { type: 'string', enum: ROLES } as const;

export const createUserSchema = {
  type: 'object',
  properties: {
    email: { type: 'string', minLength: 3, maxLength: 254 },
    firm_id: { type: ['string', 'null'], maxLength: 200 },
    role: roleSchema,
    password: { type: 'string', minLength: CREATE_PASSWORD_MIN, maxLength: 256 },
    display_name: { type: 'string', maxLength: 200 },
    must_change_password: { type: 'boolean' },
  },
  required: ['email', 'role', 'password'],
  additionalProperties: false,
} as const;
export type CreateUserInput = FromSchema<typeof createUserSchema>;
