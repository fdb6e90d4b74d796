// The two Server-Sent Events streams of an engagement (spec 6.1, 6.2): the corpus (ingest) and
// the run. Both relay the worker's events through apps/api/src/http/sse.ts.
import type { Request, Response } from 'express';
import { AppError, type Caller } from '@auditsvc/core';
import type { StreamKind } from '@auditsvc/jobs';
import { defineRoute } from '../http/route';
import { openEventStream } from '../http/sse';
import type { AppServices } from '../services';
import { pathParams } from '../schemas/common';

const engagementParams = pathParams('engagement_id');
type Id = { engagement_id: string };

/** Opens the engagement's corpus or run stream for a caller who may see it. */
async function streamFor(
  kind: StreamKind,
  {
    caller,
    params,
    services,
    req,
    res,
  }: {
    caller: Caller;
    params: Id;
    services: AppServices;
    req: Request;
    res: Response;
  },
) {
  await services.engagements.requireVisible(caller, params.engagement_id, services.streamState.records);
  const credentials = {
    adminToken: req.headers['x-admin-token'] as string | undefined,
    authorization: req.headers.authorization,
  };
  // The session is watched through the revocation signal, not re-read every few seconds: at a
  // thousand open streams that would be hundreds of queries a second. (Answered from the session
  // cache the request's own authentication just filled.)
  const watched = await services.auth.session(credentials);
  let revoked = false;
  if (watched) {
    const stopWatching = services.sessionRevocations.onRevocation((revocation) => {
      if (
        'tokenHash' in revocation
          ? revocation.tokenHash === watched.tokenHash
          : revocation.userId === watched.caller.userId
      )
        revoked = true;
    });
    res.on('close', stopWatching);
  }
  await openEventStream({
    res,
    subscriber: services.progressSubscriber,
    engagementId: params.engagement_id,
    stream: kind,
    state: () => services.streamState[kind](params.engagement_id),
    stillAuthorised: async () => {
      if (!watched) return true; // the admin token: nothing to revoke
      if (revoked || watched.expiresAt <= new Date()) return false;
      if (services.sessionRevocations.isLive()) return true;
      // The signal is down (Redis out of reach), so a revocation may have been missed: ask the
      // database. Only a refused credential ends the stream; a failed lookup (a busy database, say)
      // is not a revocation, and the next check tries again.
      return services.auth.authenticate(credentials).then(
        () => true,
        (error: unknown) => !(error instanceof AppError && (error.status === 401 || error.status === 403)),
      );
    },
  });
  return undefined;
}

export const streamRoutes = [
  defineRoute({
    method: 'get',
    path: '/auditsvc/engagement/:engagement_id/corpus/stream',
    operationId: 'streamCorpus',
    summary:
      'Server-Sent Events of the ingest: snapshot first, then ingest_start, ingest_stage, ' +
      'ingest_complete or ingest_failed; keepalive every 30 s.',
    tag: 'corpus',
    auth: 'mut',
    params: engagementParams,
    response: { contentType: 'text/event-stream', description: 'data: <JSON> frames' },
    errors: [403, 404],
    handler: async (ctx) => streamFor('corpus', { ...ctx, caller: ctx.caller }),
  }),
  defineRoute({
    method: 'get',
    path: '/auditsvc/engagement/:engagement_id/stream',
    operationId: 'streamRun',
    summary:
      'Server-Sent Events of the run: snapshot first, then stage_start, stage_complete, ' +
      'questions_capped, converged, aborted, run_complete or run_failed; keepalive every 30 s.',
    tag: 'runs',
    auth: 'any',
    params: engagementParams,
    response: { contentType: 'text/event-stream', description: 'data: <JSON> frames' },
    errors: [404],
    handler: async (ctx) => streamFor('run', { ...ctx, caller: ctx.caller }),
  }),
];
