// The print-optimised HTML deliverable: A4 pages, a cover, page breaks between sections, running
// header and footer in @page margin boxes, firm colours and logo. Safety rules: every value is
// HTML-escaped; the only image is the logo as a checked data URL; the only links are http(s) and
// mailto URLs found in text; the one <style> block is allowed by its hash in a Content-Security-
// Policy that forbids everything else (no script, no external fetch, no inline style attribute).
import { createHash } from 'node:crypto';
import { brandName, parseLogo } from './branding';
import type { DeliverableContent, DeliverableFinding } from './types';
import { findingHeadline } from './executive-summary';
import {
  checkName,
  evidenceSource,
  findingMeta,
  findingReference,
  formatDate,
  formatHours,
  groupBySeverity,
  PROCEDURE_HEADING,
  scopeRows,
  severityLabel,
} from './vocabulary';

const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ENTITIES[char]!);
}

/** The URL when its scheme is http, https or mailto; anything else (javascript:, data:) is null. */
export function safeHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    return ['http:', 'https:', 'mailto:'].includes(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

const URL_IN_TEXT = /\b(?:https?:\/\/|mailto:)[^\s<>"'`]+[^\s<>"'`.,;:!?)\]]/g;

/** Escaped text in which http(s) and mailto URLs become links; everything else stays text. */
export function textWithLinks(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const href = safeHref(match[0]);
    if (!href) continue;
    out += escapeHtml(text.slice(last, match.index));
    out += `<a href="${escapeHtml(href)}" rel="noopener noreferrer nofollow">${escapeHtml(match[0])}</a>`;
    last = match.index + match[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

/** Paragraphs of user text; single line breaks become <br>. */
function paragraphs(text: string, className = ''): string {
  const attr = className ? ` class="${className}"` : '';
  return text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n{2,}/)
    .filter((block) => block.trim())
    .map((block) => `<p${attr}>${block.split('\n').map(textWithLinks).join('<br>')}</p>`)
    .join('\n');
}

/** A CSS string literal whose every character outside [A-Za-z0-9 ] is a hex escape. */
export function cssString(text: string): string {
  const escaped = [...text.replace(/\s+/g, ' ')]
    .map((char) => (/[A-Za-z0-9 ]/.test(char) ? char : `\\${char.codePointAt(0)!.toString(16)} `))
    .join('');
  return `"${escaped}"`;
}

function stylesheet(content: DeliverableContent): string {
  const { firm, engagement } = content;
  // Colours were checked against #rrggbb when the branding was resolved; check again because a
  // stored copy is read back from the database.
  const colour = (value: string, fallback: string) => (/^#[0-9a-f]{6}$/i.test(value) ? value : fallback);
  const primary = colour(firm.primary_color, '#1f2937');
  const accent = colour(firm.accent_color, '#2563eb');
  const running = cssString(`${brandName(firm)} - ${engagement.client_name}`.slice(0, 160));
  const footer = cssString((firm.footer_text.trim() || firm.display_name).slice(0, 200));
  return `
@page { size: A4; margin: 20mm 17mm 22mm 17mm;
  @top-right { content: ${running}; font: 8pt sans-serif; color: #6b7280; }
  @bottom-left { content: ${footer}; font: 8pt sans-serif; color: #6b7280; }
  @bottom-right { content: "Page " counter(page) " of " counter(pages); font: 8pt sans-serif; color: #6b7280; }
}
@page :first { @top-right { content: none; } }
:root { --primary: ${primary}; --accent: ${accent}; }
* { box-sizing: border-box; }
body { font-family: "Liberation Sans", Arial, Helvetica, sans-serif; font-size: 10.5pt; line-height: 1.45;
  color: #111827; margin: 0; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
section { break-before: page; }
section.cover { break-before: auto; min-height: 240mm; display: flex; flex-direction: column;
  border-top: 10mm solid var(--primary); padding-top: 18mm; }
.cover .logo { max-width: 60mm; max-height: 28mm; object-fit: contain; align-self: flex-start; margin-bottom: 8mm; }
.cover .firm { font-size: 14pt; font-weight: bold; color: var(--primary); margin: 0; }
.cover .tagline { color: #4b5563; margin: 1mm 0 0 0; }
.cover h1 { font-size: 28pt; color: var(--primary); margin: 30mm 0 2mm 0; line-height: 1.15; }
.cover .subtitle { font-size: 14pt; color: var(--accent); margin: 0 0 10mm 0; }
.cover dl { display: grid; grid-template-columns: 38mm auto; gap: 1.5mm 4mm; margin: 0; }
.cover dt { color: #6b7280; }
.cover dd { margin: 0; }
.cover .draft { margin-top: 8mm; padding: 3mm 4mm; border: 1px solid var(--accent); color: var(--accent); }
.cover .confidential { margin-top: auto; font-size: 9pt; color: #374151; border-top: 1px solid #d1d5db; padding-top: 3mm; }
h2 { color: var(--primary); font-size: 17pt; border-bottom: 2px solid var(--accent); padding-bottom: 1.5mm;
  margin: 0 0 5mm 0; break-after: avoid; }
h3 { color: var(--primary); font-size: 13pt; margin: 7mm 0 3mm 0; break-after: avoid; }
h4 { font-size: 11pt; margin: 0 0 2mm 0; break-after: avoid; }
h5 { font-size: 9pt; text-transform: uppercase; letter-spacing: 0.04em; color: #6b7280; margin: 3mm 0 1mm 0; break-after: avoid; }
table { border-collapse: collapse; width: 100%; margin: 2mm 0 5mm 0; font-size: 9.5pt; }
th { background: var(--primary); color: #ffffff; text-align: left; }
th, td { padding: 1.5mm 2mm; border-bottom: 1px solid #e5e7eb; vertical-align: top; }
tr { break-inside: avoid; }
td.num, th.num { text-align: right; }
dl.scope { display: grid; grid-template-columns: 40mm auto; gap: 1.5mm 4mm; }
dl.scope dt { font-weight: bold; }
dl.scope dd { margin: 0; }
article.finding { border-left: 3px solid var(--accent); padding: 1mm 0 1mm 4mm; margin: 0 0 6mm 0; }
article.finding .meta { color: #4b5563; font-size: 9pt; margin: 0 0 2mm 0; }
.sev-critical { border-left-color: #b91c1c; } .sev-high { border-left-color: #c2410c; }
.sev-medium { border-left-color: #a16207; } .sev-low { border-left-color: #4b5563; }
blockquote { margin: 1mm 0 2mm 0; padding: 1mm 3mm; border-left: 2px solid #d1d5db; color: #374151; break-inside: avoid; }
blockquote cite { display: block; font-size: 8.5pt; color: #6b7280; font-style: normal; }
a { color: var(--accent); }
.muted { color: #6b7280; }
`;
}

function cover(content: DeliverableContent): string {
  const { firm, engagement } = content;
  const logo = parseLogo(firm.logo_url);
  const rows: [string, string][] = [
    ['Client', engagement.client_name],
    ['Engagement', engagement.id],
    ['Delivered', formatDate(engagement.delivered_at) || 'not yet delivered'],
    ['Generated', formatDate(content.generated_at)],
  ];
  return `<section class="cover">
${logo ? `<img class="logo" src="${escapeHtml(logo.dataUrl)}" alt="${escapeHtml(firm.display_name)} logo">` : ''}
<p class="firm">${escapeHtml(firm.display_name)}</p>
${firm.tagline.trim() ? `<p class="tagline">${escapeHtml(firm.tagline)}</p>` : ''}
<h1>${escapeHtml(engagement.client_name)}</h1>
<p class="subtitle">Audit report</p>
<dl>${rows.map(([label, value]) => `<dt>${label}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>
${content.is_polished ? '' : '<p class="draft">Draft generated on the fly; the polished report is issued at delivery.</p>'}
<div class="confidential">${paragraphs(firm.confidentiality_notice)}</div>
</section>`;
}

function scopeAndSummary(content: DeliverableContent): string {
  const rows = scopeRows(content);
  const { summary } = content;
  const severityRows = (['critical', 'high', 'medium', 'low'] as const)
    .map(
      (severity) =>
        `<tr><td>${severityLabel(severity)}</td><td class="num">${summary.by_severity[severity]}</td></tr>`,
    )
    .join('');
  return `<section id="scope">
<h2>Scope</h2>
<dl class="scope">${rows
    .filter(([, value]) => value.trim())
    .map(([label, value]) => `<dt>${label}</dt><dd>${textWithLinks(value)}</dd>`)
    .join('')}</dl>
<h3>Summary</h3>
<table><thead><tr><th>Severity</th><th class="num">Findings</th></tr></thead>
<tbody>${severityRows}<tr><td><strong>Total</strong></td><td class="num"><strong>${summary.total}</strong></td></tr></tbody></table>
<p>Accepted ${summary.by_status.accepted}, refined ${summary.by_status.refined}, pending review ${summary.by_status.pending}.
Documents cited: ${summary.documents_cited}. Estimated remediation effort: ${formatHours(summary.remediation_effort_hours)} hours.</p>
</section>`;
}

function findingArticle(finding: DeliverableFinding, index: number): string {
  const meta = findingMeta(finding);
  const parts = [
    `<article class="finding sev-${escapeHtml(finding.severity)}">`,
    `<h4>${findingReference(index)} ${escapeHtml(findingHeadline(finding))}</h4>`,
    `<p class="meta">${meta.map(escapeHtml).join(' &middot; ')}</p>`,
    '<h5>Description</h5>',
    paragraphs(finding.description),
  ];
  if (finding.root_cause.trim()) parts.push('<h5>Root cause</h5>', paragraphs(finding.root_cause));
  if (finding.remediation_scope.trim() || finding.remediation_effort_hours > 0) {
    parts.push('<h5>Remediation</h5>', paragraphs(finding.remediation_scope));
    parts.push(
      `<p class="muted">Estimated effort: ${formatHours(finding.remediation_effort_hours)} hours</p>`,
    );
  }
  if (finding.evidence.length > 0) {
    parts.push('<h5>Evidence</h5>');
    for (const evidence of finding.evidence) {
      const verified = evidence.quote_verified ? '' : ' (quote not verified)';
      parts.push(
        `<blockquote>${textWithLinks(evidence.quote)}<cite>${escapeHtml(evidenceSource(evidence))}${verified}</cite></blockquote>`,
      );
    }
  }
  if (finding.auditor_notes.trim()) parts.push('<h5>Auditor notes</h5>', paragraphs(finding.auditor_notes));
  parts.push('</article>');
  return parts.join('\n');
}

function findingsSection(content: DeliverableContent): string {
  if (content.findings.length === 0) {
    return '<section id="findings"><h2>Findings</h2><p>No findings are reported.</p></section>';
  }
  const overview = content.findings
    .map(
      (finding, index) =>
        `<tr><td>${findingReference(index)}</td><td>${escapeHtml(findingHeadline(finding))}</td>` +
        `<td>${severityLabel(escapeHtml(finding.severity))}</td><td>${escapeHtml(checkName(finding.primitive))}</td>` +
        `<td class="num">${formatHours(finding.remediation_effort_hours)}</td></tr>`,
    )
    .join('\n');
  const groups: string[] = [];
  let index = 0;
  for (const group of groupBySeverity(content.findings)) {
    groups.push(`<h3>${escapeHtml(severityLabel(group.severity))} findings (${group.findings.length})</h3>`);
    for (const finding of group.findings) groups.push(findingArticle(finding, index++));
  }
  return `<section id="findings">
<h2>Findings</h2>
<table><thead><tr><th>Ref</th><th>Finding</th><th>Severity</th><th>Check</th><th class="num">Effort (h)</th></tr></thead>
<tbody>
${overview}
</tbody></table>
${groups.join('\n')}
</section>`;
}

function methodologySection(content: DeliverableContent): string {
  const { methodology } = content;
  const checks = methodology.checks
    .map(
      (check) =>
        `<tr><td>${escapeHtml(check.name)}</td><td>${escapeHtml(check.description)}</td><td class="num">${check.finding_count}</td></tr>`,
    )
    .join('\n');
  const scale = methodology.severity_scale
    .map(
      (entry) => `<dt>${escapeHtml(severityLabel(entry.severity))}</dt><dd>${escapeHtml(entry.meaning)}</dd>`,
    )
    .join('');
  return `<section id="methodology">
<h2>Methodology</h2>
${paragraphs(methodology.overview)}
<table><thead><tr><th>Check</th><th>What it looks for</th><th class="num">Findings</th></tr></thead>
<tbody>
${checks}
</tbody></table>
${paragraphs(methodology.evidence)}
${paragraphs(methodology.review)}
${methodology.procedure ? `<h3>${PROCEDURE_HEADING}</h3>\n${paragraphs(methodology.procedure)}` : ''}
<h3>Severity scale</h3>
<dl class="scope">${scale}</dl>
<h3>Disclaimer</h3>
${paragraphs(methodology.disclaimer)}
</section>`;
}

export interface HtmlDeliverable {
  html: string;
  /** The header to serve the page with; the page also carries it in a <meta> for saved copies. */
  contentSecurityPolicy: string;
}

export function contentSecurityPolicy(styleHash: string, forHeader: boolean): string {
  const directives = [
    "default-src 'none'",
    'img-src data:',
    `style-src '${styleHash}'`,
    "base-uri 'none'",
    "form-action 'none'",
  ];
  // frame-ancestors is ignored (with a console warning) inside <meta>; only the header carries it.
  if (forHeader) directives.push("frame-ancestors 'none'");
  return directives.join('; ');
}

export function renderHtmlDocument(content: DeliverableContent): HtmlDeliverable {
  const css = stylesheet(content);
  const styleHash = `sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}`;
  const title = `${content.engagement.client_name}: audit report - ${content.firm.display_name}`;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(contentSecurityPolicy(styleHash, false))}">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${css}</style>
</head>
<body>
${cover(content)}
<section id="executive-summary">
<h2>Executive summary</h2>
${paragraphs(content.executive_summary)}
</section>
${scopeAndSummary(content)}
${findingsSection(content)}
${methodologySection(content)}
</body>
</html>
`;
  return { html, contentSecurityPolicy: contentSecurityPolicy(styleHash, true) };
}

export function renderHtml(content: DeliverableContent): string {
  return renderHtmlDocument(content).html;
}
