// question_verdict: one question, the retrieved chunks, and the answer: issue (with findings and
// verbatim quotes), no issue, or a request for more evidence.
import type { QuestionVerdictInput } from '../tasks/question-verdict';
import { JSON_ONLY } from '../tasks/json';
import { fenceChunk, UNTRUSTED_RULE } from './untrusted';
import { optionalStr, severity, str, strList, unit, type TaskPrompt } from './prompt';

export const evidenceSchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: { document: str, chunk_id: { type: ['string', 'null'] }, quote: str },
    required: ['document', 'quote'],
  },
} as const;

export const questionVerdictPrompt: TaskPrompt<QuestionVerdictInput> = {
  task: 'question_verdict',
  // 2: client text fenced in labelled <client_document> blocks.
  version: 2,
  schema: {
    type: 'object',
    properties: {
      verdict: { type: 'string', enum: ['issue', 'no_issue', 'need_more_evidence'] },
      findings: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            title: str,
            description: str,
            root_cause: str,
            remediation_scope: optionalStr,
            remediation_effort_hours: { type: 'number' },
            severity,
            confidence: unit,
            frameworks: strList,
            evidence: evidenceSchema,
          },
          required: ['title', 'description', 'root_cause', 'severity', 'confidence', 'evidence'],
        },
      },
      evidence_requests: {
        type: 'array',
        items: {
          type: 'object',
          properties: { query: str, document: { type: ['string', 'null'] } },
          required: ['query'],
        },
      },
    },
    required: ['verdict'],
  },
  render(input) {
    const chunks = input.chunks.map(fenceChunk).join('\n');
    return {
      system:
        'You are an audit analyst checking a client document corpus. Decide the question only from the client_document blocks given. ' +
        'Every quote must be copied verbatim from one block (exact characters) and name its document and chunk. ' +
        `${UNTRUSTED_RULE} ` +
        'If a document you need is missing, ask for it with evidence_requests instead of guessing. ' +
        JSON_ONLY,
      user:
        `Primitive: ${input.question.primitive}\nQuestion: ${input.question.text}\nFrameworks in scope: ${input.frameworks.join(', ') || 'none'}\n` +
        `${input.canAsk ? 'You may request more evidence.' : 'This is the last round: answer issue or no_issue.'}\n\n${chunks}\n\n` +
        'Answer {"verdict": "issue"|"no_issue"|"need_more_evidence", "findings": [{"title", "description", "root_cause", ' +
        '"remediation_scope", "remediation_effort_hours", "severity": "critical"|"high"|"medium"|"low", "confidence": 0..1, ' +
        '"frameworks": [..], "evidence": [{"document", "chunk_id", "quote"}]}], "evidence_requests": [{"query", "document"|null}]}. ' +
        'Descriptions state the concrete values and documents on each side.',
    };
  },
};
