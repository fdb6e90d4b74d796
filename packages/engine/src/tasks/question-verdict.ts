// question_verdict: one question, the retrieved chunks, and the answer: issue (with findings and
// verbatim quotes), no issue, or a request for more evidence (queries run before asking again).
import type { ModelTask } from '../gateway/types';
import { questionVerdictPrompt } from '../prompts/question-verdict';
import { promptOf } from '../prompts/prompt';
import type { CorpusChunk } from '../corpus';
import type { CorpusAnalysis } from '../analyst/corpus-analysis';
import { contentOf, type FindingContent } from '../types';
import { analystVerdict, type EvidenceRequest } from '../checks/verdict';
import type { Question } from '../pipeline/model';
import {
  asArray,
  asEnum,
  asNumber,
  asObject,
  asOptionalString,
  asSeverity,
  asString,
  asStringArray,
} from './json';

export interface QuestionVerdictInput {
  question: Question;
  chunks: CorpusChunk[];
  round: number;
  /** False in the last allowed round: the answer must be final. */
  canAsk: boolean;
  frameworks: string[];
  /** The analyst's view of the corpus (local provider only; never sent to a remote model). */
  analysis: CorpusAnalysis;
}

/** An issue as a verdict reports it: its quotes as evidence items. */
export interface FindingDraft extends FindingContent {
  evidence: Array<{ document: string; chunk_id: string | null; quote: string }>;
}

export interface QuestionVerdict {
  verdict: 'issue' | 'no_issue' | 'need_more_evidence';
  findings: FindingDraft[];
  evidenceRequests: EvidenceRequest[];
}

export const questionVerdictTask: ModelTask<QuestionVerdictInput, QuestionVerdict> = {
  name: 'question_verdict',
  tier: 'mid',
  maxOutputTokens: 1500,
  ...promptOf(questionVerdictPrompt),
  parse(json, input) {
    const o = asObject(json, 'verdict');
    const verdict = asEnum(
      o.verdict,
      ['issue', 'no_issue', 'need_more_evidence'] as const,
      'verdict.verdict',
    );
    const findings = (o.findings === undefined ? [] : asArray(o.findings, 'findings')).map((raw, i) => {
      const f = asObject(raw, `findings[${i}]`);
      const evidence = asArray(f.evidence, `findings[${i}].evidence`).map((e, j) => {
        const item = asObject(e, `evidence[${j}]`);
        return {
          document: asString(item.document, 'document', 500),
          chunk_id: asOptionalString(item.chunk_id, 'chunk_id'),
          quote: asString(item.quote, 'quote', 2000),
        };
      });
      return {
        primitive: input.question.primitive,
        // One target may yield several findings; they share the target as a root-cause aspect.
        subject: `${input.question.targetKey}#${i + 1}`,
        aspects: [input.question.targetKey],
        title: asString(f.title, 'title', 300),
        description: asString(f.description, 'description'),
        rootCause: asString(f.root_cause, 'root_cause'),
        remediationScope: asString(f.remediation_scope ?? '', 'remediation_scope'),
        remediationEffortHours:
          f.remediation_effort_hours === undefined
            ? 4
            : asNumber(f.remediation_effort_hours, 'remediation_effort_hours', 0, 10_000),
        severity: asSeverity(f.severity, 'severity'),
        confidence: asNumber(f.confidence, 'confidence', 0, 1),
        frameworks: f.frameworks === undefined ? [] : asStringArray(f.frameworks, 'frameworks'),
        evidence,
      };
    });
    const evidenceRequests = (
      o.evidence_requests === undefined ? [] : asArray(o.evidence_requests, 'evidence_requests')
    ).map((raw, i) => {
      const r = asObject(raw, `evidence_requests[${i}]`);
      return { query: asString(r.query, 'query', 500), document: asOptionalString(r.document, 'document') };
    });
    if (verdict === 'issue' && findings.length === 0) throw new Error('verdict issue without findings');
    return { verdict, findings, evidenceRequests: verdict === 'need_more_evidence' ? evidenceRequests : [] };
  },
  local(input) {
    const { issues, requests } = analystVerdict(
      input.analysis,
      input.question,
      input.chunks,
      input.frameworks,
      input.canAsk,
    );
    if (requests.length) return { verdict: 'need_more_evidence', findings: [], evidenceRequests: requests };
    if (!issues.length) return { verdict: 'no_issue', findings: [], evidenceRequests: [] };
    return {
      verdict: 'issue',
      evidenceRequests: [],
      findings: issues.map((issue) => ({
        ...contentOf(issue),
        evidence: issue.quotes.map((q) => ({ document: q.document, chunk_id: q.chunkId, quote: q.text })),
      })),
    };
  },
};
