// The deliverable endpoint: its query, and the JSON bodies of the json, markdown and methodology
// formats (docx and html are written raw by the handler).
import { DELIVERABLE_FORMATS } from '@auditsvc/deliverables';

export const deliverableQuery = {
  type: 'object',
  properties: { format: { type: 'string', enum: [...DELIVERABLE_FORMATS], default: 'json' } },
  additionalProperties: false,
} as const;

/**
 * The JSON answers (packages/deliverables/src/schema.ts, which types DeliverableContent). format=docx
 * answers the Word file as an attachment and format=html a print-optimised page under a strict
 * Content-Security-Policy; the handler writes those itself.
 */
export { deliverableResponseSchema as deliverableResponse } from '@auditsvc/deliverables';
