import { FindingStatus, presentFinding } from '@auditsvc/services';
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

/**
 * A status action on one finding: accept and reject set their own status (body: notes only);
 * refine sets the status its body names (refineBody; the schema's default is `refined`).
 */
function statusRoute(
  action: 'accept' | 'reject' | 'refine',
  status: FindingStatus,
  body: typeof notesBody | typeof refineBody = notesBody,
  summary = `Mark the finding ${status}, storing auditor_notes when given.`,
) {
  return defineRoute({
    method: 'post',
    path: `/auditsvc/finding/:finding_id/${action}`,
    operationId: `${action}Finding`,
    summary,
    tag: 'findings',
    auth: 'mut',
    params: findingParams,
    query: engagementIdQuery,
    body,
    response: findingObject,
    errors: [403, 404, 423],
    handler: async ({ caller, params, query, body, services }) =>
      presentFinding(
        await services.findings.setStatus(
          caller,
          query.engagement_id,
          params.finding_id,
          'status' in body ? body.status : status,
          body.auditor_notes,
        ),
      ),
  });
}

export const findingRoutes = [
  statusRoute('accept', 'accepted'),
  statusRoute('reject', 'rejected'),
  statusRoute(
    'refine',
    'refined',
    refineBody,
    'Set the status given (default refined), storing auditor_notes when given.',
  ),
  defineRoute({
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
      presentFinding(await services.findings.edit(caller, query.engagement_id, params.finding_id, body)),
  }),
  defineRoute({
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
      services.findings.bulk(caller, query.engagement_id, body.finding_ids, body.action, body.auditor_notes),
  }),
  defineRoute({
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
    handler: async ({ caller, query, services }) => services.findingSearch.search(caller, query),
  }),
];
