import { ForbiddenError } from '@auditsvc/core';
import { bearerToken, presentUser } from '@auditsvc/services';
import { defineRoute } from '../http/route';
import { okOnly, timestamp } from '../schemas/common';
import { userObject } from '../schemas/user';

export const authRoutes = [
  defineRoute<Record<string, string>, Record<string, unknown>, { email: string; password: string }>({
    method: 'post',
    path: '/auditsvc/auth/login',
    operationId: 'login',
    summary: 'Log in with e-mail and password; returns a 12-hour bearer token.',
    tag: 'auth',
    auth: 'none',
    body: {
      type: 'object',
      properties: {
        email: { type: 'string', minLength: 1, maxLength: 254 },
        password: { type: 'string', minLength: 1, maxLength: 1024 },
        totp_code: { type: 'string', maxLength: 16 },
        backup_code: { type: 'string', maxLength: 32 },
      },
      required: ['email', 'password'],
      additionalProperties: false,
    },
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
];
