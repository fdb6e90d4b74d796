import { presentComment } from '@auditsvc/services';
import { defineRoute } from '../http/route';
import { listResponse, okWithId, page, paginatedQuery, pathParams } from '../schemas/common';
import { engagementIdParam, engagementIdQuery } from '../schemas/finding';
import { commentObject } from '../schemas/template';

export const commentRoutes = [
  defineRoute({
    method: 'get',
    path: '/auditsvc/finding/:finding_id/comments',
    operationId: 'listFindingComments',
    summary: "A finding's internal comments, oldest first.",
    tag: 'comments',
    auth: 'any',
    params: pathParams('finding_id'),
    query: { ...paginatedQuery(100, 500, { engagement_id: engagementIdParam }), required: ['engagement_id'] },
    response: listResponse('comments', commentObject),
    errors: [404, 422],
    handler: async ({ caller, params, query, services }) => {
      const { items, total } = await services.comments.list(
        caller,
        query.engagement_id,
        params.finding_id,
        query,
      );
      return page('comments', items.map(presentComment), total, query);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auditsvc/finding/:finding_id/comments',
    operationId: 'createFindingComment',
    summary: 'Add an internal comment (1 to 4000 characters); never shown in deliverables.',
    tag: 'comments',
    auth: 'mut',
    params: pathParams('finding_id'),
    query: engagementIdQuery,
    body: {
      type: 'object',
      properties: { body: { type: 'string', minLength: 1, maxLength: 4000 } },
      required: ['body'],
      additionalProperties: false,
    },
    status: 201,
    response: commentObject,
    errors: [403, 404],
    handler: async ({ caller, params, query, body, services }) =>
      presentComment(
        await services.comments.create(caller, query.engagement_id, params.finding_id, body.body),
      ),
  }),
  defineRoute({
    method: 'delete',
    path: '/auditsvc/comment/:comment_id',
    operationId: 'deleteComment',
    summary: 'Delete a comment (its author or an administrator).',
    tag: 'comments',
    auth: 'mut',
    params: pathParams('comment_id'),
    query: engagementIdQuery,
    response: okWithId,
    errors: [403, 404, 422],
    handler: async ({ caller, params, query, services }) => {
      await services.comments.delete(caller, query.engagement_id, params.comment_id);
      return { ok: true, id: params.comment_id };
    },
  }),
];
