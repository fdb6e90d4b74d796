// deepening: cross-finding patterns, one-tier escalations and follow-up targets.
import type { DeepeningInput } from '../tasks/deepening';
import { JSON_ONLY } from '../tasks/json';
import { severity, str, strList, type TaskPrompt } from './prompt';

export const deepeningPrompt: TaskPrompt<DeepeningInput> = {
  task: 'deepening',
  version: 1,
  schema: {
    type: 'object',
    properties: {
      patterns: strList,
      escalations: {
        type: 'array',
        items: { type: 'object', properties: { key: str, severity }, required: ['key', 'severity'] },
      },
      followups: strList,
    },
  },
  render(input) {
    return {
      system: `You review a set of audit findings for cross-finding patterns. Escalate a finding one severity tier when three or more findings share its root cause. Propose follow-up targets only from the open list. ${JSON_ONLY}`,
      user:
        `Findings:\n${input.findings.map((f) => `- ${f.key} [${f.severity}] ${f.title} (documents: ${f.documents.join(', ')}; root cause: ${f.rootCause.slice(0, 200)})`).join('\n')}\n` +
        `Open targets:\n${input.openTargets.map((t) => `- ${t.key} | ${t.label}`).join('\n') || '- none'}\n\n` +
        'Answer {"patterns": [strings], "escalations": [{"key", "severity"}], "followups": [target keys]}.',
    };
  },
};
