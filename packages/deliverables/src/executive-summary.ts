// The executive summary written from the findings themselves, without a model: counts by severity,
// the most severe findings, the dominant themes, the documents cited most, and a recommendation
// that follows from the severity mix. Deterministic, so a re-delivery of the same findings reads
// the same.
import type { DeliverableContent, DeliverableFinding } from './types';
import { checkTheme, findingReference, formatHours, joinList, plural } from './vocabulary';

export const PLACEHOLDER_EXECUTIVE_SUMMARY =
  'Draft: this deliverable was generated on the fly from the findings as they stand now. The ' +
  'polished executive summary is written when the engagement is delivered.';

/** The finding's title, or the start of its description when it has none. */
export function findingHeadline(finding: DeliverableFinding): string {
  const title = finding.title.trim();
  if (title) return title;
  const description = finding.description.trim().split(/(?<=[.!?])\s/)[0] ?? '';
  return description.length > 90 ? `${description.slice(0, 87).trimEnd()}...` : description || finding.id;
}

function severityBreakdown(content: DeliverableContent): string {
  const { by_severity: counts } = content.summary;
  return joinList([
    `${counts.critical} critical`,
    `${counts.high} high`,
    `${counts.medium} medium`,
    `${counts.low} low`,
  ]);
}

function mostSevere(findings: DeliverableFinding[]): string {
  const top = findings
    .slice(0, 3)
    .map(
      (finding, index) =>
        `${findingReference(index)} "${findingHeadline(finding)}" (${finding.severity}, ${checkTheme(finding.primitive)})`,
    );
  return top.length === 1 ? `The most severe is ${top[0]!}.` : `The most severe are ${joinList(top)}.`;
}

/** Themes by finding count; ties go to the theme with the more severe findings, then by name. */
function dominantThemes(findings: DeliverableFinding[]): string | null {
  const weight: Record<string, number> = { critical: 1000, high: 100, medium: 10, low: 1 };
  const themes = new Map<string, { count: number; weight: number }>();
  for (const finding of findings) {
    const entry = themes.get(finding.primitive) ?? { count: 0, weight: 0 };
    entry.count += 1;
    entry.weight += weight[finding.severity] ?? 0;
    themes.set(finding.primitive, entry);
  }
  if (themes.size < 2) {
    const [only] = [...themes.keys()];
    return only ? `Every finding concerns ${checkTheme(only)}.` : null;
  }
  const ranked = [...themes]
    .sort(([a, x], [b, y]) => y.count - x.count || y.weight - x.weight || a.localeCompare(b))
    .slice(0, 3)
    .map(([primitive, entry]) => `${checkTheme(primitive)} (${plural(entry.count, 'finding')})`);
  return `The recurring themes are ${joinList(ranked)}.`;
}

/** Documents by the number of findings that quote them. */
function mostCitedDocuments(findings: DeliverableFinding[]): string | null {
  const counts = new Map<string, number>();
  for (const finding of findings) {
    for (const document of new Set(finding.evidence.map((evidence) => evidence.document))) {
      counts.set(document, (counts.get(document) ?? 0) + 1);
    }
  }
  if (counts.size === 0) return null;
  const ranked = [...counts]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .slice(0, 3)
    .map(([document, count]) => `${document} (${plural(count, 'finding')})`);
  return ranked.length === 1
    ? `All quoted evidence comes from ${ranked[0]!}.`
    : `The documents cited most often are ${joinList(ranked)}.`;
}

function recommendation(content: DeliverableContent): string {
  const { by_severity: counts, remediation_effort_hours: hours } = content.summary;
  const effort =
    hours > 0 ? ` The estimated remediation effort is ${formatHours(hours)} hours in total.` : '';
  const first = findingHeadline(content.findings[0]!);
  if (counts.critical > 0) {
    const then =
      counts.high > 0 ? `, then the ${plural(counts.high, 'high finding')} within the current cycle` : '';
    return (
      `We recommend resolving the ${plural(counts.critical, 'critical finding')} before the affected ` +
      `documents are relied on, starting with "${first}"${then}.${effort}`
    );
  }
  if (counts.high > 0) {
    return (
      `Nothing is critical. We recommend addressing the ${plural(counts.high, 'high finding')} within ` +
      `the current cycle, starting with "${first}", and scheduling the rest with the next revision.${effort}`
    );
  }
  return (
    'Nothing is critical or high. We recommend folding these fixes into the next scheduled revision ' +
    `of the documents, starting with "${first}".${effort}`
  );
}

export function writeLocalExecutiveSummary(content: DeliverableContent): string {
  const client = content.engagement.client_name;
  const purpose = content.engagement.intake.audit_purpose.trim();
  const scope = purpose ? ` (${purpose.replace(/[.\s]+$/, '')})` : '';
  const { findings, summary } = content;
  if (findings.length === 0) {
    return (
      `Our review of ${client}'s documents${scope} found no defect that met the reporting threshold. ` +
      'No finding is reported; we recommend repeating the review when the documents next change.'
    );
  }
  const paragraphs = [
    `Our review of ${client}'s documents${scope} reports ${plural(summary.total, 'finding')}: ` +
      `${severityBreakdown(content)}. ${mostSevere(findings)}`,
    [dominantThemes(findings), mostCitedDocuments(findings)].filter(Boolean).join(' '),
  ];
  if (summary.by_status.pending > 0) {
    paragraphs.push(
      `${plural(summary.by_status.pending, 'finding')} ${summary.by_status.pending === 1 ? 'was' : 'were'} ` +
        'still awaiting review when this report was produced.',
    );
  }
  paragraphs.push(recommendation(content));
  return paragraphs.filter((paragraph) => paragraph.length > 0).join('\n\n');
}
