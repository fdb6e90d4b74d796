// A route's handler types come from its schemas (http/route.ts): params, query and body are what
// ajv lets through, and a route that needs a caller hands its handler one. The proof is the
// typecheck (`npm run typecheck` covers this file): each `@ts-expect-error` below must meet an
// error, so if a wrong read ever compiled, the typecheck would fail on the unused directive.
import type { Caller } from '@auditsvc/core';
import { defineRoute, type RouteSpec } from '../src/http/route';
import { pathParams } from '../src/schemas/common';
import { engagementIdQuery, notesBody } from '../src/schemas/finding';

const caller: Caller = { kind: 'admin_token' };

/** The context the registry builds, with only what these handlers read. */
function context(input: { params: object; query: object; body: object; caller?: Caller }) {
  return input as unknown as Parameters<RouteSpec['handler']>[0];
}

describe('route handler types', () => {
  it('are the schemas: a member the body schema lacks does not compile, a declared one does', async () => {
    const route = defineRoute({
      method: 'post',
      path: '/types/:finding_id',
      operationId: 'typesProbe',
      summary: 'probe',
      tag: 'test',
      auth: 'mut',
      params: pathParams('finding_id'),
      query: engagementIdQuery,
      body: notesBody,
      response: { type: 'object' },
      errors: [],
      handler: async ({ caller, params, query, body }) => {
        const findingId: string = params.finding_id;
        const engagementId: string = query.engagement_id;
        // Optional in the schema, so possibly undefined in the type.
        const notes: string | undefined = body.auditor_notes;
        // @ts-expect-error the body schema declares no `status`
        const status: unknown = body.status;
        // @ts-expect-error an optional member is not a string for sure
        const sureNotes: string = body.auditor_notes;
        // @ts-expect-error the path declares no `engagement_id`
        const wrongParam: unknown = params.engagement_id;
        // A `mut` route has a caller: no `caller!`.
        const kind: Caller['kind'] = caller.kind;
        return { findingId, engagementId, notes, status, sureNotes, wrongParam, kind };
      },
    });
    const answer = await route.handler(
      context({ params: { finding_id: 'f-1' }, query: { engagement_id: 'eng-1' }, body: {}, caller }),
    );
    expect(answer).toEqual({
      findingId: 'f-1',
      engagementId: 'eng-1',
      notes: undefined,
      status: undefined,
      sureNotes: undefined,
      wrongParam: undefined,
      kind: 'admin_token',
    });
  });

  it('leave the caller possibly undefined on a route any client may call', async () => {
    const route = defineRoute({
      method: 'get',
      path: '/types/open',
      operationId: 'typesOpenProbe',
      summary: 'probe',
      tag: 'test',
      auth: 'none',
      response: { type: 'object' },
      errors: [],
      handler: async ({ caller }) => {
        // @ts-expect-error no credential is required, so there may be no caller
        const kind: unknown = caller.kind;
        return { kind, present: caller !== undefined };
      },
    });
    await expect(route.handler(context({ params: {}, query: {}, body: {}, caller }))).resolves.toEqual({
      kind: 'admin_token',
      present: true,
    });
  });
});
