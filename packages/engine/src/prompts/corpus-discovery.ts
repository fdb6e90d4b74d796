// corpus_discovery: the model reads one pass of the corpus (a cluster of related documents, or
// consecutive parts of one long document) and proposes audit targets of any primitive, each with
// verbatim quotes. Client text is fenced and labelled as data: it never instructs the model.
import { PRIMITIVES } from '@auditsvc/core';
import type { CorpusDiscoveryInput } from '../tasks/corpus-discovery';
import { JSON_ONLY } from '../tasks/json';
import { fenceChunk, UNTRUSTED_RULE } from './untrusted';
import { primitive, severity, str, unit, type TaskPrompt } from './prompt';
import { evidenceSchema } from './question-verdict';

const SYSTEM = [
  'You are an audit analyst reading a client document corpus to decide what to investigate.',
  'Extract obligations, values (periods, frequencies, strengths, counts), roles, references and claims, and propose',
  'defects worth investigating: values that conflict between documents or within one, terms or editions used',
  'inconsistently, required elements that are missing, stale or superseded material, references that do not resolve,',
  'and obligations of a parent document not carried into a child (a policy into a contract or procedure).',
  'Cross-document comparisons are welcome. Every proposal quotes its evidence verbatim (exact characters, copied',
  'from one client_document block, naming that document and chunk); a proposal without verbatim quotes is discarded.',
  'Propose only what the text shows; an empty list is a valid answer.',
  `Primitives: ${PRIMITIVES.join(', ')}.`,
].join(' ');

export const corpusDiscoveryPrompt: TaskPrompt<CorpusDiscoveryInput> = {
  task: 'corpus_discovery',
  // 2: client text fenced in labelled <client_document> blocks.
  version: 2,
  schema: {
    type: 'object',
    properties: {
      proposals: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            primitive,
            title: str,
            description: str,
            severity,
            confidence: unit,
            quotes: evidenceSchema,
          },
          required: ['primitive', 'title', 'description', 'severity', 'quotes'],
        },
      },
    },
    required: ['proposals'],
  },
  render(input) {
    const blocks = input.chunks.map(fenceChunk).join('\n');
    return {
      system: `${SYSTEM} ${UNTRUSTED_RULE} ${JSON_ONLY}`,
      user:
        `Audit: ${input.intake.audit_purpose || 'document audit'}; domain: ${input.intake.domain || 'unknown'}; ` +
        `frameworks: ${input.intake.frameworks.join(', ') || 'none'}.\nPass ${input.pass} of ${input.passes}.\n\n${blocks}\n\n` +
        'Answer {"proposals": [{"primitive", "title", "description", "severity": "critical"|"high"|"medium"|"low", ' +
        '"confidence": 0..1, "quotes": [{"document", "chunk_id", "quote"}]}]}. Descriptions state the concrete values and documents on each side.',
    };
  },
};
