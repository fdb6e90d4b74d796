import { presentUser, presentUserWithCreated } from '@auditsvc/services';
import { defineRoute } from '../http/route';
import { listResponse, okWithId, page, paginatedQuery, pathParams } from '../schemas/common';
import {
  createdUserObject,
  recoveryResponse,
  roleChangeBody,
  roleChangeResponse,
  userCreateBody,
  userObject,
} from '../schemas/user';

const userParams = pathParams('user_id');

export const userRoutes = [
  defineRoute({
    method: 'post',
    path: '/auditsvc/user',
    operationId: 'createUser',
    summary: 'Create a user (Admin).',
    tag: 'users',
    auth: 'admin',
    body: userCreateBody,
    status: 201,
    response: createdUserObject,
    errors: [401, 403, 404, 409, 422],
    handler: async ({ body, services }) => presentUserWithCreated(await services.users.create(body)),
  }),
  defineRoute({
    method: 'get',
    path: '/auditsvc/user',
    operationId: 'listUsers',
    summary: 'List users, sorted by firm_id then e-mail (Admin).',
    tag: 'users',
    auth: 'admin',
    query: paginatedQuery(100, 500, { firm_id: { type: 'string', maxLength: 200 } }),
    response: listResponse('users', userObject),
    errors: [401, 403, 422],
    handler: async ({ query, services }) => {
      const { items, total } = await services.users.list({ firmId: query.firm_id ?? null }, query);
      return page('users', items.map(presentUser), total, query);
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/auditsvc/user/:user_id',
    operationId: 'deleteUser',
    summary: "Delete a user; the user's sessions end (Admin).",
    tag: 'users',
    auth: 'admin',
    params: userParams,
    response: okWithId,
    errors: [401, 403, 404],
    handler: async ({ params, services }) => {
      await services.users.delete(params.user_id);
      return { ok: true, id: params.user_id };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auditsvc/user/:user_id/role',
    operationId: 'changeUserRole',
    summary: "Change a user's role and revoke all of the user's sessions (Admin).",
    tag: 'users',
    auth: 'admin',
    params: userParams,
    body: roleChangeBody,
    response: roleChangeResponse,
    errors: [401, 403, 404, 422],
    handler: async ({ params, body, services }) =>
      services.users.changeRole(params.user_id, body.role, body.firm_id),
  }),
  defineRoute({
    method: 'post',
    path: '/auditsvc/user/:user_id/clear-mfa',
    operationId: 'clearUserMfa',
    summary: "Remove the user's TOTP enrolment and backup codes; sessions are kept (Admin).",
    tag: 'users',
    auth: 'admin',
    params: userParams,
    body: false,
    response: recoveryResponse('was_enabled'),
    errors: [401, 403, 404],
    handler: async ({ params, services }) => services.recovery.clearMfa(params.user_id),
  }),
  defineRoute({
    method: 'post',
    path: '/auditsvc/user/:user_id/clear-lockout',
    operationId: 'clearUserLockout',
    summary: "Forget the user's failed logins and lift a lock (Admin).",
    tag: 'users',
    auth: 'admin',
    params: userParams,
    body: false,
    response: recoveryResponse('had_record'),
    errors: [401, 403, 404],
    handler: async ({ params, services }) => services.recovery.clearLockout(params.user_id),
  }),
  defineRoute({
    method: 'post',
    path: '/auditsvc/user/:user_id/reset-password',
    operationId: 'resetUserPassword',
    summary:
      'Set a new password (at least 12 characters), require a change at next use, end all sessions (Admin).',
    tag: 'users',
    auth: 'admin',
    params: userParams,
    body: {
      type: 'object',
      properties: { new_password: { type: 'string', minLength: 12, maxLength: 256 } },
      required: ['new_password'],
      additionalProperties: false,
    },
    response: recoveryResponse('sessions_revoked'),
    errors: [401, 403, 404, 422],
    handler: async ({ params, body, services }) =>
      services.recovery.resetPassword(params.user_id, body.new_password),
  }),
];
