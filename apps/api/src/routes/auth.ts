import { ForbiddenError } from '@auditsvc/core';
import { ValidationError } from '@auditsvc/core';
import { bearerToken, loginSchema, presentUser, secondFactorSchema } from '@auditsvc/services';
import { defineRoute } from '../http/route';
import { okOnly, timestamp } from '../schemas/common';
import { userObject } from '../schemas/user';

export const authRoutes = [
  defineRoute({
    method: 'post',
    path: '/auditsvc/auth/login',
    operationId: 'login',
    summary: 'Log in with e-mail and password; returns a 12-hour bearer token.',
    tag: 'auth',
    auth: 'none',
    body: loginSchema,
    response: {
      type: 'object',
      properties: { token: { type: 'string', minLength: 40 }, expires_at: timestamp, user: userObject },
      required: ['token', 'expires_at', 'user'],
      additionalProperties: false,
    },
    errors: [401, 422, 423],
    handler: async ({ body, services }) => {
      const session = await services.auth.login(body);
      return {
        token: session.token,
        expires_at: session.expiresAt.toISOString(),
        user: presentUser(session.user),
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auditsvc/auth/logout',
    operationId: 'logout',
    summary: 'End the bearer session. Idempotent: an ended or expired token also answers ok.',
    tag: 'auth',
    auth: 'bearer',
    body: false,
    response: okOnly,
    errors: [401],
    handler: async ({ req, services }) => {
      await services.auth.logout(bearerToken(req.headers.authorization)!);
      return { ok: true };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/auditsvc/auth/me',
    operationId: 'me',
    summary: 'Who the credentials belong to.',
    tag: 'auth',
    auth: 'any',
    response: {
      type: 'object',
      properties: {
        is_admin: { type: 'boolean' },
        user_id: { type: ['string', 'null'] },
        firm_id: { type: ['string', 'null'] },
        email: { type: ['string', 'null'] },
      },
      required: ['is_admin', 'user_id', 'firm_id', 'email'],
      additionalProperties: false,
    },
    errors: [401],
    handler: async ({ caller }) => {
      if (!caller) throw new ForbiddenError();
      if (caller.kind === 'admin_token') return { is_admin: true, user_id: null, firm_id: null, email: null };
      return {
        is_admin: caller.role === 'admin',
        user_id: caller.userId,
        firm_id: caller.firmId,
        email: caller.email,
      };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auditsvc/auth/change-password',
    operationId: 'changePassword',
    summary: "Change the caller's password; every other session of the user ends.",
    tag: 'auth',
    auth: 'session',
    body: {
      type: 'object',
      properties: {
        current_password: { type: 'string', minLength: 1, maxLength: 1024 },
        new_password: { type: 'string', minLength: 8, maxLength: 256 },
      },
      required: ['current_password', 'new_password'],
      additionalProperties: false,
    },
    response: {
      type: 'object',
      properties: { ok: { const: true }, sessions_revoked: { type: 'integer', minimum: 0 } },
      required: ['ok', 'sessions_revoked'],
      additionalProperties: false,
    },
    errors: [401, 403, 422],
    handler: async ({ caller, body, services }) =>
      services.auth.changePassword(caller, body.current_password, body.new_password),
  }),
  defineRoute({
    method: 'post',
    path: '/auditsvc/auth/totp/enroll',
    operationId: 'totpEnroll',
    summary: 'Start TOTP enrolment: a new secret and its otpauth:// URI. Nothing is stored yet.',
    tag: 'auth',
    auth: 'session',
    body: false,
    response: {
      type: 'object',
      properties: {
        secret: { type: 'string', pattern: '^[A-Z2-7]{32}$' },
        provisioning_uri: { type: 'string', pattern: '^otpauth://totp/' },
      },
      required: ['secret', 'provisioning_uri'],
      additionalProperties: false,
    },
    errors: [401, 403, 409],
    handler: async ({ caller, services }) => services.mfa.enroll(caller),
  }),
  defineRoute({
    method: 'post',
    path: '/auditsvc/auth/totp/confirm',
    operationId: 'totpConfirm',
    summary: 'Finish TOTP enrolment with a code for the secret; returns 10 backup codes, shown once.',
    tag: 'auth',
    auth: 'session',
    body: {
      type: 'object',
      properties: {
        secret: { type: 'string', pattern: '^[A-Za-z2-7 ]{16,128}=*$' },
        totp_code: { type: 'string', pattern: '^\\s*\\d{6}\\s*$' },
      },
      required: ['secret', 'totp_code'],
      additionalProperties: false,
    },
    response: {
      type: 'object',
      properties: {
        ok: { const: true },
        totp_enabled: { const: true },
        backup_codes: {
          type: 'array',
          items: { type: 'string', pattern: '^[0-9a-f]{5}-[0-9a-f]{5}$' },
          minItems: 10,
          maxItems: 10,
        },
      },
      required: ['ok', 'totp_enabled', 'backup_codes'],
      additionalProperties: false,
    },
    errors: [401, 403, 409, 422],
    handler: async ({ caller, body, services }) => services.mfa.confirm(caller, body.secret, body.totp_code),
  }),
  defineRoute({
    method: 'post',
    path: '/auditsvc/auth/totp/disable',
    operationId: 'totpDisable',
    summary: 'Turn MFA off with a valid TOTP code or an unused backup code.',
    tag: 'auth',
    auth: 'session',
    body: secondFactorSchema,
    response: {
      type: 'object',
      properties: { ok: { const: true }, totp_enabled: { const: false } },
      required: ['ok', 'totp_enabled'],
      additionalProperties: false,
    },
    errors: [401, 403, 409, 422],
    handler: async ({ caller, body, services }) => {
      if (body.totp_code === undefined && body.backup_code === undefined) {
        throw ValidationError.of(['body', 'totp_code'], 'send totp_code or backup_code', 'missing');
      }
      return services.mfa.disable(caller, body);
    },
  }),
];
