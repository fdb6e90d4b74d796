// portfolio_clustering (spec 4.5): the findings of many engagements -> recurring themes.
import { severityIndex } from '../portfolio/cluster';
import type { PortfolioClusteringInput } from '../tasks/portfolio-clustering';
import { optionalStr, str, strList, unit, type TaskPrompt } from './prompt';

export const MAX_PORTFOLIO_CLUSTERS = 8;
/** A remote prompt lists at most this many findings (most severe first), to bound its cost. */
export const MAX_PROMPT_FINDINGS = 300;
const MAX_PROMPT_FIELD_CHARS = 220;

const SYSTEM = `You are a senior audit partner reviewing findings from many client engagements of one
audit firm. Group findings that describe the same recurring problem into themes. Answer with exactly
one JSON object and nothing else:
{"clusters": [{
  "theme": string,                          // short name of the recurring problem
  "prevalence_summary": string,             // one sentence: how many findings and engagements, how severe
  "member_finding_ids": [string],           // ids from the list below; at least 2; a finding belongs to at most one theme
  "representative_quotes": [string],        // up to 3 short quotes taken from the members' text
  "suggested_standard_remediation": string, // one remediation the firm could standardise for every client
  "confidence": number                      // 0 to 1: how sure you are the members share one cause
}]}
Return at most ${MAX_PORTFOLIO_CLUSTERS} themes, the most widespread first; prefer themes that recur across
engagements. Leave out findings that fit no theme. Use only ids that appear in the list.`;

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_PROMPT_FIELD_CHARS ? `${flat.slice(0, MAX_PROMPT_FIELD_CHARS - 3)}...` : flat;
}

export const portfolioClusteringPrompt: TaskPrompt<PortfolioClusteringInput> = {
  task: 'portfolio_clustering',
  version: 1,
  schema: {
    type: 'object',
    properties: {
      clusters: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            theme: str,
            prevalence_summary: optionalStr,
            member_finding_ids: strList,
            representative_quotes: { type: ['array', 'null'], items: { type: 'string' } },
            suggested_standard_remediation: optionalStr,
            confidence: unit,
          },
          required: ['theme', 'member_finding_ids', 'confidence'],
        },
      },
    },
    required: ['clusters'],
  },
  render(input) {
    const listed = [...input.findings]
      .sort((a, b) => severityIndex(a.severity) - severityIndex(b.severity))
      .slice(0, MAX_PROMPT_FINDINGS);
    const lines = listed.map((finding) =>
      [
        finding.id,
        finding.engagementId,
        finding.primitive,
        finding.severity,
        clip(finding.title),
        clip(finding.description),
        clip(finding.rootCause),
      ].join(' | '),
    );
    const omitted =
      input.findings.length > listed.length
        ? `\n(${input.findings.length - listed.length} less severe findings are not listed.)`
        : '';
    return {
      system: SYSTEM,
      user:
        `${input.findings.length} findings from ${input.totalEngagements} engagements.${omitted}\n` +
        `Columns: id | engagement | primitive | severity | title | description | root cause\n${lines.join('\n')}`,
    };
  },
};
