import { defineRoute } from '../http/route';
import { documentQueryBody, documentQueryResponse } from '../schemas/corpus';

export const queryRoutes = [
  defineRoute({
    method: 'post',
    path: '/query',
    operationId: 'queryDocuments',
    summary: "BM25 search over a client's ingested corpus (client_id = the engagement id).",
    tag: 'corpus',
    auth: 'any',
    body: documentQueryBody,
    response: documentQueryResponse,
    errors: [404, 422],
    handler: async ({ caller, body, services }) => services.documentQuery.query(caller, body),
  }),
];
