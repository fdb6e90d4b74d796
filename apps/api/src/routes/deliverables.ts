import { defineRoute } from '../http/route';
import { pathParams } from '../schemas/common';
import { deliverableQuery, deliverableResponse } from '../schemas/deliverable';

export const deliverableRoutes = [
  defineRoute({
    method: 'get',
    path: '/auditsvc/engagement/:engagement_id/deliverable',
    operationId: 'getDeliverable',
    summary:
      'The deliverable: the polished copy stored at delivery, else a draft built now. format json (default), ' +
      'markdown, methodology, docx (attachment) or html (print-optimised page).',
    tag: 'deliverables',
    auth: 'any',
    params: pathParams('engagement_id'),
    query: deliverableQuery,
    response: deliverableResponse,
    alternatives: [
      {
        contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        description: 'format=docx, as an attachment',
      },
      {
        contentType: 'text/html',
        description: 'format=html, print-optimised, with a Content-Security-Policy',
      },
    ],
    errors: [404, 422],
    handler: async ({ caller, params, query, services, res }) => {
      const deliverable = await services.deliverables.get(caller, params.engagement_id, query.format);
      switch (deliverable.format) {
        case 'json':
        case 'markdown':
        case 'methodology':
          return deliverable.body;
        case 'docx':
          res
            .status(200)
            .type(deliverable.contentType)
            .setHeader('Content-Disposition', `attachment; filename="${deliverable.filename}"`)
            .send(deliverable.bytes);
          return undefined;
        case 'html':
          res
            .status(200)
            .type('text/html; charset=utf-8')
            .setHeader('Content-Security-Policy', deliverable.contentSecurityPolicy)
            .setHeader('Referrer-Policy', 'no-referrer')
            .setHeader('X-Frame-Options', 'DENY')
            .send(deliverable.html);
          return undefined;
      }
    },
  }),
];
