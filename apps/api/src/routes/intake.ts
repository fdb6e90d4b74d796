import { defineRoute } from '../http/route';
import { intakeExtractBody, intakeExtractResponse } from '../schemas/intake';

export const intakeRoutes = [
  defineRoute({
    method: 'post',
    path: '/auditsvc/intake/extract',
    operationId: 'extractIntake',
    summary:
      'Propose an intake, archetype and client name from a free-text description (one model call, capped at 20 cents).',
    tag: 'intake',
    auth: 'mut',
    body: intakeExtractBody,
    response: intakeExtractResponse,
    errors: [403, 404, 422, 502],
    handler: async ({ caller, body, services }) => services.intakeExtraction.extract(caller, body),
  }),
];
