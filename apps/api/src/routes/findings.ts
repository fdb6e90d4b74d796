import { FindingEdit, FindingStatus, SearchQuery, presentFinding } from '@auditsvc/services';
import { defineRoute } from '../http/route';
import { pathParams } from '../schemas/common';
import {
  bulkActionBody,
  bulkActionResponse,
  editBody,
  engagementIdQuery,
  findingObject,
  notesBody,
  refineBody,
  searchQuery,
  searchResponse,
} from '../schemas/finding';

const findingParams = pathParams('finding_id');
type Id = { finding_id: string };
type EngagementQuery = { engagement_id: string };

function statusRoute(action: 'accept' | 'reject', status: FindingStatus) {
  return defineRoute<Id, EngagementQuery, { auditor_notes?: string }>({
    method: 'post',
    path: `/auditsvc/finding/:finding_id/${action}`,
    operationId: `${action}Finding`,
    summary: `Mark the finding ${status}, storing auditor_notes when given.`,
    tag: 'findings',
    auth: 'mut',
    params: findingParams,
    query: engagementIdQuery,
    body: notesBody,
    response: findingObject,
    errors: [403, 404, 423],
    handler: async ({ caller, params, query, body, services }) =>
      presentFinding(
        await services.findings.setStatus(
          caller!,
          query.engagement_id,
          params.finding_id,
          status,
          body.auditor_notes,
        ),
      ),
  });
}

export const findingRoutes = [
  statusRoute('accept', 'accepted'),
  statusRoute('reject', 'rejected'),
  defineRoute<Id, EngagementQuery, { auditor_notes?: string; status: FindingStatus }>({
    method: 'post',
    path: '/auditsvc/finding/:finding_id/refine',
    operationId: 'refineFinding',
    summary: 'Set the status given (default refined), storing auditor_notes when given.',
    tag: 'findings',
    auth: 'mut',
    params: findingParams,
    query: engagementIdQuery,
    body: refineBody,
    response: findingObject,
    errors: [403, 404, 423],
    handler: async ({ caller, params, query, body, services }) =>
      presentFinding(
        await services.findings.setStatus(
          caller!,
          query.engagement_id,
          params.finding_id,
          body.status,
          body.auditor_notes,
        ),
      ),
  }),
  defineRoute<Id, EngagementQuery, FindingEdit>({
    method: 'post',
    path: '/auditsvc/finding/:finding_id/edit',
    operationId: 'editFinding',
    summary: 'Change the supplied fields; status becomes refined and "[EDITED <fields>]" heads the notes.',
    tag: 'findings',
    auth: 'mut',
    params: findingParams,
    query: engagementIdQuery,
    body: editBody,
    response: findingObject,
    errors: [403, 404, 423],
    handler: async ({ caller, params, query, body, services }) =>
      presentFinding(await services.findings.edit(caller!, query.engagement_id, params.finding_id, body)),
  }),
  defineRoute<
    Record<string, string>,
    EngagementQuery,
    { finding_ids: string[]; action: FindingStatus; auditor_notes?: string }
  >({
    method: 'post',
    path: '/auditsvc/findings/bulk-action',
    operationId: 'bulkFindingAction',
    summary: 'Apply one status to 1-200 findings in one transaction; results per id.',
    tag: 'findings',
    auth: 'mut',
    query: engagementIdQuery,
    body: bulkActionBody,
    response: bulkActionResponse,
    errors: [403, 404, 423],
    handler: async ({ caller, query, body, services }) =>
      services.findings.bulk(caller!, query.engagement_id, body.finding_ids, body.action, body.auditor_notes),
  }),
  defineRoute<Record<string, string>, SearchQuery>({
    method: 'get',
    path: '/auditsvc/findings/search',
    operationId: 'searchFindings',
    summary:
      'Case-insensitive substring search over description, root_cause and auditor_notes, across engagements.',
    tag: 'findings',
    auth: 'any',
    query: searchQuery,
    response: searchResponse,
    errors: [422],
    handler: async ({ caller, query, services }) => services.findingSearch.search(caller!, query),
  }),
];
