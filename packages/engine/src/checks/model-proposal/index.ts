// model_proposal: the targets a remote model proposed while reading the corpus (discovery, see
// src/pipeline/discovery.ts). It has no candidates of its own: discovery adds its targets to the
// catalog beside the other checks' candidates, with the quotes already located in their
// documents. Its question asks whether the defect the model proposed is real, from the quoted
// documents; its verdict is the model's own proposal, keeping only the quotes the retrieved text
// holds.
import { PRIMITIVES, type Primitive } from '@auditsvc/core';
import { verifyQuote } from '../../quotes';
import type { Severity } from '../../types';
import { defineCheck } from '../check';

export const MODEL_PROPOSAL_CHECK_ID = 'model_proposal';

export interface ModelProposalParams {
  primitive: Primitive;
  title: string;
  description: string;
  severity: Severity;
  confidence: number;
  /** Located in their documents by discovery: each is text of the document it names. */
  quotes: Array<{ document: string; chunkId: string | null; quote: string }>;
}

export const modelProposalCheck = defineCheck<ModelProposalParams>({
  id: MODEL_PROPOSAL_CHECK_ID,
  primitives: PRIMITIVES,
  // Nominal: the catalog lists each proposal under its primitive's list (PRIMITIVE_LISTS).
  list: 'concepts',
  candidates: () => [],
  question(params) {
    return {
      text: `A reading of the corpus proposed a defect: ${params.title}. ${params.description} Do the documents show it?`,
      query: [params.title, ...params.quotes.map((q) => q.quote)].join(' ').slice(0, 1000),
    };
  },
  verdict(params, context) {
    const quotes = params.quotes.flatMap((q) => {
      const chunk = context.chunks.find((c) => c.document === q.document && verifyQuote(q.quote, [c.text]));
      if (!chunk) return [];
      const at = chunk.text.indexOf(q.quote);
      const start = chunk.startOffset + Math.max(0, at);
      return [
        {
          document: q.document,
          start,
          end: start + q.quote.length,
          text: q.quote,
          chunkId: chunk.id,
          page: chunk.page,
        },
      ];
    });
    if (quotes.length === 0) return { issues: [] };
    return {
      issues: [
        {
          primitive: params.primitive,
          subject: `model:${params.title.toLowerCase()}`,
          aspects: [],
          title: params.title,
          description: params.description,
          rootCause: params.description,
          remediationScope: '',
          remediationEffortHours: 4,
          severity: params.severity,
          confidence: params.confidence,
          frameworks: [],
          quotes,
        },
      ],
    };
  },
});
