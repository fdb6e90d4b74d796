import { defineRoute } from '../http/route';
import {
  portfolioDiffQuery,
  portfolioDiffResponse,
  portfolioQuery,
  portfolioResponse,
} from '../schemas/portfolio';

export const portfolioRoutes = [
  defineRoute({
    method: 'get',
    path: '/auditsvc/findings/portfolio-clusters',
    operationId: 'getPortfolioClusters',
    summary:
      'The cached portfolio clusters of these filters; result null when none is younger than 24 hours.',
    tag: 'portfolio',
    auth: 'any',
    query: portfolioQuery,
    response: portfolioResponse,
    errors: [422],
    handler: async ({ caller, query, services }) => services.portfolio.get(caller, query),
  }),
  defineRoute({
    method: 'post',
    path: '/auditsvc/findings/portfolio-clusters/recompute',
    operationId: 'recomputePortfolioClusters',
    summary:
      'Cluster the matching findings with one model call (capped at 80 cents) in a worker, keep the replaced snapshot as previous, cache the result; 502 if the worker does not answer within 120 s.',
    tag: 'portfolio',
    auth: 'mut',
    query: portfolioQuery,
    body: false,
    response: portfolioResponse,
    errors: [403, 422, 502],
    // The model call runs in a worker: the job is queued and its answer awaited (at most 120 s).
    handler: async ({ caller, query, services }) => services.portfolioRecompute.recompute(caller, query),
  }),
  defineRoute({
    method: 'get',
    path: '/auditsvc/findings/portfolio-clusters/diff',
    operationId: 'diffPortfolioClusters',
    summary:
      'Changes between the current and the previous snapshot, clusters matched by member-finding overlap.',
    tag: 'portfolio',
    auth: 'any',
    query: portfolioDiffQuery,
    response: portfolioDiffResponse,
    errors: [422],
    handler: async ({ caller, query, services }) => services.portfolio.diff(caller, query),
  }),
];
