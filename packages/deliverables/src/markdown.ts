// The Markdown deliverable. Every piece of user text (findings, firm fields, intake, client name)
// goes through escapeMarkdown, so it renders as the literal text it is: no links, images, HTML or
// structure can be smuggled in.
import { brandName } from './branding';
import type { DeliverableContent, DeliverableFinding } from './types';
import {
  checkName,
  evidenceSource,
  findingReference,
  formatDate,
  formatHours,
  groupBySeverity,
  PROCEDURE_HEADING,
  materialityText,
  severityLabel,
} from './vocabulary';
import { findingHeadline } from './executive-summary';

const INLINE_SPECIALS = /[\\`*_[\]<>|~&]/g;
const ENTITIES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;' };

/**
 * User text as Markdown that renders literally. HTML-significant characters become entities (so
 * no tag or entity survives), Markdown punctuation is backslash-escaped (so `[x](javascript:...)`
 * is no link), and a line that would start a block (heading, list, quote, rule) is defused.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) =>
      line
        .replace(INLINE_SPECIALS, (char) => ENTITIES[char] ?? `\\${char}`)
        // Block starters at the start of a line: "# h", "- item", "+ item", "1. item", "===" setext.
        .replace(/^(\s*)([-=#+])/, '$1\\$2')
        .replace(/^(\s*\d+)([.)])/, '$1\\$2'),
    )
    .join('\n');
}

/** User text on one line (table cells, headings, list items). */
export function escapeInline(text: string): string {
  return escapeMarkdown(text.replace(/\s*[\r\n]+\s*/g, ' ').trim());
}

/** A paragraph of user text; blank lines inside it are kept as paragraph breaks. */
function paragraph(text: string): string {
  return escapeMarkdown(text.trim());
}

function intakeLines(content: DeliverableContent): string[] {
  const intake = content.engagement.intake;
  const lines: string[] = [];
  const add = (label: string, value: string) => {
    if (value.trim()) lines.push(`- **${label}:** ${escapeInline(value)}`);
  };
  add('Domain', intake.domain);
  add('Purpose', intake.audit_purpose);
  add('Frameworks', intake.frameworks.join(', '));
  add('Focus areas', intake.focus_areas.join(', '));
  add('Materiality', materialityText(intake.materiality));
  add('Known concerns', intake.known_concerns.join('; '));
  return lines;
}

function findingSection(finding: DeliverableFinding, index: number): string[] {
  const lines = [
    `#### ${findingReference(index)} ${escapeInline(findingHeadline(finding))}`,
    '',
    `- **Severity:** ${escapeInline(severityLabel(finding.severity))}`,
    `- **Check:** ${escapeInline(checkName(finding.primitive))}`,
    `- **Status:** ${escapeInline(finding.status)}`,
    `- **Confidence:** ${Math.round(finding.confidence * 100)}%`,
  ];
  if (finding.frameworks.length > 0)
    lines.push(`- **Frameworks:** ${escapeInline(finding.frameworks.join(', '))}`);
  lines.push('', '**Description**', '', paragraph(finding.description));
  if (finding.root_cause.trim()) lines.push('', '**Root cause**', '', paragraph(finding.root_cause));
  if (finding.remediation_scope.trim() || finding.remediation_effort_hours > 0) {
    lines.push('', '**Remediation**', '');
    if (finding.remediation_scope.trim()) lines.push(paragraph(finding.remediation_scope), '');
    lines.push(`Estimated effort: ${formatHours(finding.remediation_effort_hours)} hours`);
  }
  if (finding.evidence.length > 0) {
    lines.push('', '**Evidence**', '');
    for (const evidence of finding.evidence) {
      const verified = evidence.quote_verified ? '' : ' (quote not verified)';
      lines.push(
        `> ${escapeInline(evidence.quote)}`,
        '>',
        `> ${escapeInline(evidenceSource(evidence))}${verified}`,
        '',
      );
    }
  }
  if (finding.auditor_notes.trim()) lines.push('', '**Auditor notes**', '', paragraph(finding.auditor_notes));
  lines.push('');
  return lines;
}

export function renderMarkdown(content: DeliverableContent): string {
  const { firm, engagement, summary } = content;
  const out: string[] = [`# ${escapeInline(engagement.client_name)}: audit report`, ''];
  out.push(
    `**${escapeInline(firm.display_name)}**${firm.tagline.trim() ? `  ${escapeInline(firm.tagline)}` : ''}`,
    '',
  );
  const delivered = engagement.delivered_at ? `, delivered ${formatDate(engagement.delivered_at)}` : '';
  const draft = content.is_polished
    ? ''
    : ' Draft generated on the fly; the polished report is issued at delivery.';
  out.push(
    `Engagement ${escapeInline(engagement.id)}${delivered}. Generated ${formatDate(content.generated_at)}.${draft}`,
    '',
  );
  out.push(`*${escapeInline(firm.confidentiality_notice)}*`, '');

  out.push('## Executive summary', '', paragraph(content.executive_summary), '');

  out.push('## Scope', '', `- **Client:** ${escapeInline(engagement.client_name)}`);
  out.push(`- **Engagement type:** ${escapeInline(engagement.archetype.replace(/_/g, ' '))}`);
  out.push(...intakeLines(content), '');

  out.push('## Summary', '', '| Severity | Findings |', '| --- | ---: |');
  for (const severity of ['critical', 'high', 'medium', 'low'] as const) {
    out.push(`| ${severityLabel(severity)} | ${summary.by_severity[severity]} |`);
  }
  out.push(`| **Total** | **${summary.total}** |`, '');
  out.push(
    `Accepted ${summary.by_status.accepted}, refined ${summary.by_status.refined}, pending review ` +
      `${summary.by_status.pending}. Documents cited: ${summary.documents_cited}. Estimated remediation ` +
      `effort: ${formatHours(summary.remediation_effort_hours)} hours.`,
    '',
  );

  out.push('## Findings', '');
  if (content.findings.length === 0) out.push('No findings are reported.', '');
  let index = 0;
  for (const group of groupBySeverity(content.findings)) {
    out.push(`### ${escapeInline(severityLabel(group.severity))} findings (${group.findings.length})`, '');
    for (const finding of group.findings) out.push(...findingSection(finding, index++));
  }

  out.push('## Methodology', '', paragraph(content.methodology.overview), '');
  for (const check of content.methodology.checks) {
    out.push(
      `- **${escapeInline(check.name)}** (${check.finding_count}): ${escapeInline(check.description)}`,
    );
  }
  out.push('', paragraph(content.methodology.evidence), '', paragraph(content.methodology.review), '');
  if (content.methodology.procedure)
    out.push(`### ${PROCEDURE_HEADING}`, '', paragraph(content.methodology.procedure), '');
  out.push('### Disclaimer', '', paragraph(content.methodology.disclaimer), '');

  out.push('---', '');
  const footer = firm.footer_text.trim() ? ` ${escapeInline(firm.footer_text)}` : '';
  out.push(`${escapeInline(brandName(firm))}.${footer}`, '');
  return out.join('\n');
}
