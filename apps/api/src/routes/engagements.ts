import type { Caller } from '@auditsvc/core';
import { presentFinding } from '@auditsvc/services';
import { defineRoute, type Answer, type JsonSchema, type ResponseBody } from '../http/route';
import type { AppServices } from '../services';
import { listResponse, okOnly, page, paginatedQuery, pathParams } from '../schemas/common';
import {
  archiveResponse,
  assignmentBody,
  deliverResponse,
  engagementCreateBody,
  engagementObject,
  intakeBody,
  unarchiveResponse,
  unfreezeResponse,
} from '../schemas/engagement';
import { findingObject } from '../schemas/finding';

const engagementParams = pathParams('engagement_id');

/**
 * A lifecycle transition (spec 3.1): POST .../<action>, no body, answered by the service's method
 * of that name (`transition`), whose answer the response schema types.
 */
function lifecycleRoute<const RS extends JsonSchema>(
  action: 'deliver' | 'unfreeze' | 'archive' | 'unarchive',
  auth: 'partner' | 'admin',
  summary: string,
  response: RS,
  errors: number[],
  transition: (
    engagements: AppServices['engagements'],
  ) => (caller: Caller, engagementId: string) => Promise<Answer<ResponseBody<RS>>>,
) {
  return defineRoute({
    method: 'post',
    path: `/auditsvc/engagement/:engagement_id/${action}`,
    operationId: `${action}Engagement`,
    summary,
    tag: 'lifecycle',
    auth,
    params: engagementParams,
    body: false,
    response,
    errors,
    handler: async ({ caller, params, services }) =>
      transition(services.engagements)(caller, params.engagement_id),
  });
}

export const engagementRoutes = [
  defineRoute({
    method: 'post',
    path: '/auditsvc/engagement',
    operationId: 'createEngagement',
    summary: "Create an engagement; archetype and budget default to the firm's.",
    tag: 'engagements',
    auth: 'mut',
    body: engagementCreateBody,
    status: 201,
    response: engagementObject,
    errors: [403, 404],
    handler: async ({ caller, body, services }) =>
      services.engagements.presentOne(await services.engagements.create(caller, body)),
  }),
  defineRoute({
    method: 'get',
    path: '/auditsvc/engagement',
    operationId: 'listEngagements',
    summary: 'List engagements, most recently updated first; archived ones only with include_archived.',
    tag: 'engagements',
    auth: 'any',
    query: paginatedQuery(100, 500, {
      firm_id: { type: 'string', maxLength: 200 },
      include_archived: { type: 'boolean', default: false },
    }),
    response: listResponse('engagements', engagementObject),
    errors: [422],
    // A dashboard polls this: a page is serialised once and served from memory while its
    // engagements and their row versions, and the total, are unchanged (one narrow read a request).
    handler: async ({ caller, query, services, serialize }) => {
      const listed = await services.engagements.openList(
        caller,
        { firmId: query.firm_id, includeArchived: query.include_archived },
        query,
      );
      return services.responses.get(
        `engagements:${listed.scope}:${query.limit}:${query.offset}`,
        listed.version,
        async () => {
          const { items, total, version } = await listed.read();
          return { value: serialize(page('engagements', items, total, query)), version };
        },
      );
    },
  }),
  defineRoute({
    method: 'get',
    path: '/auditsvc/engagement/:engagement_id',
    operationId: 'getEngagement',
    summary: 'One engagement with cost, findings summary, corpus status and progress.',
    tag: 'engagements',
    auth: 'any',
    params: engagementParams,
    response: engagementObject,
    errors: [404],
    // Serialised once and served from memory while the engagement's row version (which moves with
    // anything the object shows) is unchanged: one narrow read a request.
    handler: async ({ caller, params, services, serialize }) => {
      const engagement = await services.engagements.openOne(caller, params.engagement_id);
      return services.responses.get(`engagement:${params.engagement_id}`, engagement.version, async () => {
        const { view, version } = await engagement.read();
        return { value: serialize(view), version };
      });
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/auditsvc/engagement/:engagement_id',
    operationId: 'deleteEngagement',
    summary: 'Delete the engagement record (Admin).',
    tag: 'engagements',
    auth: 'admin',
    params: engagementParams,
    response: okOnly,
    errors: [403, 404],
    handler: async ({ params, services }) => {
      await services.engagements.delete(params.engagement_id);
      return { ok: true };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auditsvc/engagement/:engagement_id/intake',
    operationId: 'setEngagementIntake',
    summary: 'Set the intake (spec 2.2); members not sent take their defaults.',
    tag: 'engagements',
    auth: 'mut',
    params: engagementParams,
    body: intakeBody,
    response: engagementObject,
    errors: [403, 404, 423],
    handler: async ({ caller, params, body, services }) =>
      services.engagements.presentOne(
        await services.engagements.setIntake(caller, params.engagement_id, body),
      ),
  }),
  defineRoute({
    method: 'post',
    path: '/auditsvc/engagement/:engagement_id/assignment',
    operationId: 'assignEngagement',
    summary: 'Set or clear the reviewer; 409 for a user of another firm unless a platform admin asks.',
    tag: 'engagements',
    auth: 'mut',
    params: engagementParams,
    body: assignmentBody,
    response: engagementObject,
    errors: [403, 404, 409],
    handler: async ({ caller, params, body, services }) =>
      services.engagements.presentOne(
        await services.engagements.assign(caller, params.engagement_id, body.user_id),
      ),
  }),
  lifecycleRoute(
    'deliver',
    'partner',
    'Deliver and freeze (partner or admin); a repeat answers already_delivered.',
    deliverResponse,
    [403, 404, 409],
    (engagements) => engagements.deliver,
  ),
  lifecycleRoute(
    'unfreeze',
    'admin',
    'Back from delivered to findings_review, editable again (Admin).',
    unfreezeResponse,
    [403, 404, 409],
    (engagements) => engagements.unfreeze,
  ),
  lifecycleRoute(
    'archive',
    'admin',
    'Archive a delivered engagement (Admin); 409 when it is not delivered.',
    archiveResponse,
    [403, 404, 409],
    (engagements) => engagements.archive,
  ),
  lifecycleRoute(
    'unarchive',
    'admin',
    'Back from archived to delivered; it stays frozen (Admin).',
    unarchiveResponse,
    [403, 404],
    (engagements) => engagements.unarchive,
  ),
  defineRoute({
    method: 'get',
    path: '/auditsvc/engagement/:engagement_id/findings',
    operationId: 'listEngagementFindings',
    summary: 'Findings of the engagement, severity then confidence descending.',
    tag: 'findings',
    auth: 'any',
    params: engagementParams,
    query: paginatedQuery(200, 1000),
    response: listResponse('findings', findingObject, { engagement_id: { type: 'string' } }),
    errors: [404, 422],
    // Reviewers page through the same findings all day: a page is serialised once and served from
    // memory until a write to the engagement's findings moves its version.
    handler: async ({ caller, params, query, services, serialize }) => {
      const engagementId = params.engagement_id;
      const findings = await services.findings.openList(caller, engagementId);
      return services.responses.get(
        `findings:${engagementId}:${query.limit}:${query.offset}`,
        findings.version,
        async () => {
          const { items, total } = await findings.page(query);
          return serialize({
            engagement_id: engagementId,
            ...page('findings', items.map(presentFinding), total, query),
          });
        },
      );
    },
  }),
];
