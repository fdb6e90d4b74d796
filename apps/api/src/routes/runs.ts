import { defineRoute } from '../http/route';
import { listResponse, page, paginatedQuery, pathParams } from '../schemas/common';
import { engagementIdQuery } from '../schemas/finding';
import {
  investigateFurtherBody,
  investigateFurtherResponse,
  runBody,
  runObject,
  runResponse,
} from '../schemas/run';

export const runRoutes = [
  defineRoute({
    method: 'get',
    path: '/auditsvc/engagement/:engagement_id/runs',
    operationId: 'listEngagementRuns',
    summary:
      "The engagement's runs and investigate-further mini-runs, newest first; a completed one carries " +
      'its methodology (provider, discovery passes, documents left unread, quotes rejected and removed).',
    tag: 'runs',
    auth: 'any',
    params: pathParams('engagement_id'),
    query: paginatedQuery(100, 500),
    response: listResponse('runs', runObject, { engagement_id: { type: 'string' } }),
    errors: [404, 422],
    handler: async ({ caller, params, query, services }) => {
      const { items, total } = await services.runs.list(caller, params.engagement_id, query);
      return { engagement_id: params.engagement_id, ...page('runs', items, total, query) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auditsvc/engagement/:engagement_id/run',
    operationId: 'startRun',
    summary:
      'Start an audit run in the background (202); follow it on the run stream or by polling the ' +
      'engagement (status, progress). Needs intake and an ingested corpus; refused while a run is in progress.',
    tag: 'runs',
    auth: 'mut',
    params: pathParams('engagement_id'),
    body: runBody,
    status: 202,
    response: runResponse,
    errors: [403, 404, 409, 422, 423],
    handler: async ({ caller, params, body, services }) =>
      services.runs.start(caller, params.engagement_id, body),
  }),
  defineRoute({
    method: 'post',
    path: '/auditsvc/finding/:finding_id/investigate-further',
    operationId: 'investigateFurther',
    summary:
      'A one-iteration mini-audit steered at the finding, on its own budget; new findings join the ' +
      'engagement with parent_finding_id. Needs a prior run; refused while a run is in progress.',
    tag: 'findings',
    auth: 'mut',
    params: pathParams('finding_id'),
    query: engagementIdQuery,
    body: investigateFurtherBody,
    response: investigateFurtherResponse,
    errors: [403, 404, 409, 422, 423],
    handler: async ({ caller, params, query, body, services }) =>
      services.runs.investigateFurther(caller, query.engagement_id, params.finding_id, body),
  }),
];
