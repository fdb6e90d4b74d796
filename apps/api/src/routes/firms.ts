import { ValidationError } from '@auditsvc/core';
import { LOGO_MAX_BYTES, presentFirm } from '@auditsvc/services';
import { defineRoute } from '../http/route';
import { listResponse, okWithId, page, paginatedQuery, pathParams } from '../schemas/common';
import {
  firmCreateBody,
  firmObject,
  firmUpdateBody,
  logoDeleteResponse,
  logoUploadResponse,
} from '../schemas/firm';

const firmParams = pathParams('firm_id');

export const firmRoutes = [
  defineRoute({
    method: 'get',
    path: '/auditsvc/firm',
    operationId: 'listFirms',
    summary: 'List firms by display name; non-admin callers see their own firm only.',
    tag: 'firms',
    auth: 'any',
    query: paginatedQuery(100, 500),
    response: listResponse('firms', firmObject),
    errors: [401, 422],
    handler: async ({ caller, query, services }) => {
      const { items, total } = await services.firms.list(caller, query);
      return page('firms', items.map(presentFirm), total, query);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auditsvc/firm',
    operationId: 'createFirm',
    summary: 'Create a firm (Admin). Only display_name is required.',
    tag: 'firms',
    auth: 'admin',
    body: firmCreateBody,
    status: 201,
    response: firmObject,
    errors: [401, 403, 422],
    handler: async ({ body, services }) => presentFirm(await services.firms.create(body)),
  }),
  defineRoute({
    method: 'get',
    path: '/auditsvc/firm/:firm_id',
    operationId: 'getFirm',
    summary: 'One firm.',
    tag: 'firms',
    auth: 'any',
    params: firmParams,
    response: firmObject,
    errors: [401, 404],
    handler: async ({ caller, params, services }) =>
      presentFirm(await services.firms.requireVisibleFirm(caller, params.firm_id)),
  }),
  defineRoute({
    method: 'put',
    path: '/auditsvc/firm/:firm_id',
    operationId: 'updateFirm',
    summary: 'Update a firm (Admin); only the members sent apply.',
    tag: 'firms',
    auth: 'admin',
    params: firmParams,
    body: firmUpdateBody,
    response: firmObject,
    errors: [401, 403, 404, 422],
    handler: async ({ caller, params, body, services }) =>
      presentFirm(await services.firms.update(caller, params.firm_id, body)),
  }),
  defineRoute({
    method: 'delete',
    path: '/auditsvc/firm/:firm_id',
    operationId: 'deleteFirm',
    summary: 'Delete a firm (Admin). Its engagements remain and render with default branding.',
    tag: 'firms',
    auth: 'admin',
    params: firmParams,
    response: okWithId,
    errors: [401, 403, 404],
    handler: async ({ params, services }) => {
      await services.firms.delete(params.firm_id);
      return { ok: true, id: params.firm_id };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auditsvc/firm/:firm_id/logo',
    operationId: 'uploadFirmLogo',
    summary: 'Upload the firm logo (PNG, JPEG, SVG or WebP, at most 200 KB), stored as a data URL.',
    tag: 'firms',
    auth: 'partner',
    params: firmParams,
    upload: { field: 'file', maxBytes: LOGO_MAX_BYTES, description: 'The logo image.' },
    response: logoUploadResponse,
    errors: [401, 403, 404, 413, 415, 422],
    handler: async ({ caller, params, file, services }) => {
      if (!file) throw ValidationError.of(['body', 'file'], 'Field required', 'missing');
      return services.firms.setLogo(caller, params.firm_id, {
        bytes: file.buffer,
        declaredType: file.mimetype,
      });
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/auditsvc/firm/:firm_id/logo',
    operationId: 'deleteFirmLogo',
    summary: 'Remove the firm logo.',
    tag: 'firms',
    auth: 'partner',
    params: firmParams,
    response: logoDeleteResponse,
    errors: [401, 403, 404],
    handler: async ({ caller, params, services }) => services.firms.clearLogo(caller, params.firm_id),
  }),
];
