// corpus_discovery: with a remote provider, the model reads the corpus in passes and proposes
// targets of its own (the local provider's discovery is its checks' candidates: it proposes
// nothing here). Quotes are located in their documents by the discovery stage, not trusted here.
import type { Primitive } from '@auditsvc/core';
import type { CorpusChunk } from '../corpus';
import type { ModelTask } from '../gateway/types';
import { corpusDiscoveryPrompt } from '../prompts/corpus-discovery';
import { promptOf } from '../prompts/prompt';
import type { Intake, Severity } from '../types';
import { asArray, asNumber, asObject, asOptionalString, asPrimitive, asSeverity, asString } from './json';

export interface CorpusDiscoveryInput {
  intake: Intake;
  chunks: CorpusChunk[];
  pass: number;
  passes: number;
}

export interface DiscoveryProposal {
  primitive: Primitive;
  title: string;
  description: string;
  severity: Severity;
  confidence: number;
  quotes: Array<{ document: string; chunk_id: string | null; quote: string }>;
}

/** Proposals read from one pass; more are noise the catalog caps would cut anyway. */
const MAX_PROPOSALS_PER_PASS = 12;

export const corpusDiscoveryTask: ModelTask<CorpusDiscoveryInput, DiscoveryProposal[]> = {
  name: 'corpus_discovery',
  tier: 'small',
  maxOutputTokens: 2000,
  ...promptOf(corpusDiscoveryPrompt),
  parse(json) {
    const o = asObject(json, 'discovery');
    return asArray(o.proposals, 'proposals')
      .slice(0, MAX_PROPOSALS_PER_PASS)
      .map((raw, i) => {
        const p = asObject(raw, `proposals[${i}]`);
        return {
          primitive: asPrimitive(p.primitive, 'primitive'),
          title: asString(p.title, 'title', 300),
          description: asString(p.description, 'description', 2000),
          severity: asSeverity(p.severity, 'severity'),
          confidence: p.confidence === undefined ? 0.7 : asNumber(p.confidence, 'confidence', 0, 1),
          quotes: asArray(p.quotes, 'quotes')
            .slice(0, 6)
            .map((q, j) => {
              const item = asObject(q, `quotes[${j}]`);
              return {
                document: asString(item.document, 'document', 500),
                chunk_id: asOptionalString(item.chunk_id, 'chunk_id'),
                quote: asString(item.quote, 'quote', 2000),
              };
            }),
        };
      });
  },
  local() {
    return [];
  },
};
