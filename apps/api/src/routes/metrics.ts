import { defineRoute } from '../http/route';

export const metricsRoutes = [
  defineRoute({
    method: 'get',
    path: '/metrics',
    operationId: 'metrics',
    summary:
      'Prometheus metrics of this API process and of every live worker (README "Metrics"): the ' +
      'admin token or METRICS_TOKEN as a bearer.',
    tag: 'operations',
    auth: 'metrics',
    response: { contentType: 'text/plain; version=0.0.4', description: 'Prometheus text format' },
    errors: [403],
    handler: async ({ services, res }) => {
      const text = await services.metrics.scrape();
      res.status(200).type(services.metrics.contentType).send(text);
      return undefined;
    },
  }),
];
