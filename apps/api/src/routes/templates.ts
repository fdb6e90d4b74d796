import { presentTemplate } from '@auditsvc/services';
import { defineRoute } from '../http/route';
import { listResponse, okWithId, page, paginatedQuery, pathParams } from '../schemas/common';
import { engagementObject } from '../schemas/engagement';
import { instantiateBody, templateCreateBody, templateObject, templateUpdateBody } from '../schemas/template';

const templateParams = pathParams('template_id');

export const templateRoutes = [
  defineRoute({
    method: 'get',
    path: '/auditsvc/template',
    operationId: 'listTemplates',
    summary: "List templates by name; non-admin callers see their firm's only.",
    tag: 'templates',
    auth: 'any',
    query: paginatedQuery(100, 500, { firm_id: { type: 'string', maxLength: 200 } }),
    response: listResponse('templates', templateObject),
    errors: [422],
    handler: async ({ caller, query, services }) => {
      const { items, total } = await services.templates.list(caller, { firmId: query.firm_id }, query);
      return page('templates', items.map(presentTemplate), total, query);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/auditsvc/template/:template_id',
    operationId: 'getTemplate',
    summary: 'One template.',
    tag: 'templates',
    auth: 'any',
    params: templateParams,
    response: templateObject,
    errors: [404],
    handler: async ({ caller, params, services }) =>
      presentTemplate(await services.templates.requireVisible(caller, params.template_id)),
  }),
  defineRoute({
    method: 'post',
    path: '/auditsvc/template',
    operationId: 'createTemplate',
    summary: "Create a template from an engagement's snapshot (from_engagement_id) or from intake fields.",
    tag: 'templates',
    auth: 'partner',
    body: templateCreateBody,
    status: 201,
    response: templateObject,
    errors: [403, 404],
    handler: async ({ caller, body, services }) =>
      presentTemplate(await services.templates.create(caller, body)),
  }),
  defineRoute({
    method: 'put',
    path: '/auditsvc/template/:template_id',
    operationId: 'updateTemplate',
    summary: 'Change name, description, archetype, budget_cents or intake.',
    tag: 'templates',
    auth: 'partner',
    params: templateParams,
    body: templateUpdateBody,
    response: templateObject,
    errors: [403, 404],
    handler: async ({ caller, params, body, services }) =>
      presentTemplate(await services.templates.update(caller, params.template_id, body)),
  }),
  defineRoute({
    method: 'delete',
    path: '/auditsvc/template/:template_id',
    operationId: 'deleteTemplate',
    summary: 'Delete a template.',
    tag: 'templates',
    auth: 'partner',
    params: templateParams,
    response: okWithId,
    errors: [403, 404],
    handler: async ({ caller, params, services }) => {
      await services.templates.delete(caller, params.template_id);
      return { ok: true, id: params.template_id };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auditsvc/template/:template_id/instantiate',
    operationId: 'instantiateTemplate',
    summary: 'Create an engagement pre-filled from the template.',
    tag: 'templates',
    auth: 'partner',
    params: templateParams,
    body: instantiateBody,
    status: 201,
    response: engagementObject,
    errors: [403, 404],
    handler: async ({ caller, params, body, services }) =>
      services.engagements.presentOne(await services.templates.instantiate(caller, params.template_id, body)),
  }),
];
