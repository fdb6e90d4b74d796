// executive_summary: the opening of the polished deliverable, written from the canonical findings.
import type { ModelTask } from '../gateway/types';
import { executiveSummaryPrompt } from '../prompts/executive-summary';
import { promptOf } from '../prompts/prompt';
import type { Severity } from '../types';
import { asObject, asString } from './json';

export interface ExecutiveSummaryInput {
  clientName: string;
  auditPurpose: string;
  frameworks: string[];
  documentCount: number;
  findings: Array<{ title: string; severity: Severity; primitive: string; filterStatus: string | null }>;
}

const ORDER: Severity[] = ['critical', 'high', 'medium', 'low'];

export const executiveSummaryTask: ModelTask<ExecutiveSummaryInput, string> = {
  name: 'executive_summary',
  tier: 'strong',
  maxOutputTokens: 900,
  ...promptOf(executiveSummaryPrompt),
  parse(json) {
    return asString(asObject(json, 'summary').summary, 'summary', 6000).trim();
  },
  local(input) {
    const kept = input.findings.filter((f) => f.filterStatus !== 'rejected');
    const counts = ORDER.map((s) => [s, kept.filter((f) => f.severity === s).length] as const).filter(
      ([, n]) => n > 0,
    );
    const top = [...kept].sort((a, b) => ORDER.indexOf(a.severity) - ORDER.indexOf(b.severity)).slice(0, 5);
    const scope = input.frameworks.length ? ` against ${input.frameworks.join(' and ')}` : '';
    if (kept.length === 0)
      return `We reviewed ${input.documentCount} documents of ${input.clientName}${scope} for ${input.auditPurpose}. The review found no issues that met the reporting threshold.`;
    return (
      `We reviewed ${input.documentCount} documents of ${input.clientName}${scope} for ${input.auditPurpose}. ` +
      `The review produced ${kept.length} finding${kept.length === 1 ? '' : 's'} (${counts.map(([s, n]) => `${n} ${s}`).join(', ')}). ` +
      `The most significant: ${top.map((f) => `${f.title} (${f.severity})`).join('; ')}. ` +
      'Each finding cites the passages it rests on; we recommend addressing critical and high findings before the audit period begins.'
    );
  },
};
