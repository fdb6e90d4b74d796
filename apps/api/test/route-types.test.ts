// A route's handler types come from its schemas (http/route.ts): params, query and body are what
// ajv lets through, a route that needs a caller hands its handler one, and what the handler answers
// is the response schema's type (the services' presenters are typed by the same schemas). The
// proof is the typecheck (`npm run typecheck` covers this file): each `@ts-expect-error` below must
// meet an error, so if a wrong read or answer ever compiled, the typecheck would fail on the unused
// directive.
import { FINDING_STATUSES, type Caller, type FindingStatus } from '@auditsvc/core';
import type { FindingRecord } from '@auditsvc/db';
import { presentFinding } from '@auditsvc/services';
import { defineRoute, type ResponseBody, type RouteSpec } from '../src/http/route';
import { pathParams } from '../src/schemas/common';
import { engagementIdQuery, findingObject, notesBody } from '../src/schemas/finding';
import { firmObject } from '../src/schemas/firm';

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

describe('route answer types', () => {
  const statusSchema = {
    type: 'object',
    properties: { id: { type: 'string' }, status: { type: 'string', enum: [...FINDING_STATUSES] } },
    required: ['id', 'status'],
    additionalProperties: false,
  } as const;

  /** A presenter typed by its schema, as the services' presenters are. */
  function presentStatus(id: string, status: FindingStatus): ResponseBody<typeof statusSchema> {
    return {
      id,
      status,
      // @ts-expect-error the schema declares no `note`
      note: 'not in the schema',
    };
  }

  it('are the response schema: a string where it says an enum, or a member it lacks, does not compile', async () => {
    const stored: string = 'accepted';
    const probe = {
      method: 'get' as const,
      path: '/types/answer',
      operationId: 'typesAnswerProbe',
      summary: 'probe',
      tag: 'test',
      auth: 'any' as const,
      response: statusSchema,
      errors: [],
    };
    const presented = defineRoute({ ...probe, handler: async () => presentStatus('f-1', 'accepted') });
    const literal = defineRoute({ ...probe, handler: async () => ({ id: 'f-2', status: 'refined' }) });
    const unread = defineRoute({
      ...probe,
      // @ts-expect-error a stored text column is a string, not the schema's enum (readEnumColumn reads it)
      handler: async () => ({ id: 'f-3', status: stored }),
    });
    const serialised = defineRoute({
      ...probe,
      handler: async ({ serialize }) => {
        // @ts-expect-error serialize takes the schema's body only
        serialize({ id: 'f-4', status: 'closed' });
        return serialize({ id: 'f-4', status: 'pending' });
      },
    });
    const ctx = context({ params: {}, query: {}, body: {} });
    await expect(presented.handler(ctx)).resolves.toEqual({
      id: 'f-1',
      status: 'accepted',
      note: 'not in the schema',
    });
    await expect(literal.handler(ctx)).resolves.toEqual({ id: 'f-2', status: 'refined' });
    await expect(unread.handler(ctx)).resolves.toEqual({
      id: 'f-3',
      status: 'accepted',
    });
    expect(serialised.operationId).toBe('typesAnswerProbe');
  });

  it("hold the services' presenters to the routes' schemas", () => {
    // The finding route's schema types presentFinding's answer...
    const present: (record: FindingRecord) => ResponseBody<typeof findingObject> = presentFinding;
    // @ts-expect-error ...which is not the firm object
    const wrong: (record: FindingRecord) => ResponseBody<typeof firmObject> = presentFinding;
    expect(wrong).toBe(present);
  });
});
