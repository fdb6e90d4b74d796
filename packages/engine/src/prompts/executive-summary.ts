// executive_summary: the opening of the polished deliverable, written from the canonical findings.
import type { ExecutiveSummaryInput } from '../tasks/executive-summary';
import { JSON_ONLY } from '../tasks/json';
import { str, type TaskPrompt } from './prompt';

export const executiveSummaryPrompt: TaskPrompt<ExecutiveSummaryInput> = {
  task: 'executive_summary',
  version: 1,
  schema: { type: 'object', properties: { summary: str }, required: ['summary'] },
  render(input) {
    return {
      system: `You write the executive summary of an audit report for the client's leadership: plain language, no more than 250 words, the most severe issues first, no findings that are not listed. ${JSON_ONLY}`,
      user:
        `Client: ${input.clientName}\nPurpose: ${input.auditPurpose}\nFrameworks: ${input.frameworks.join(', ')}\nDocuments reviewed: ${input.documentCount}\n` +
        `Findings:\n${input.findings.map((f) => `- [${f.severity}] ${f.title} (${f.primitive})`).join('\n')}\n\nAnswer {"summary": "<text>"}.`,
    };
  },
};
