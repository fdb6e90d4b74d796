// The methodology as plain text (format=methodology): what was checked, how evidence and review
// work, the severity scale, and the firm's disclaimer. Plain text carries no markup to escape.
import type { DeliverableContent } from './types';
import { PROCEDURE_HEADING, severityLabel } from './vocabulary';

/** Wraps text at `width` columns on spaces; paragraphs (blank lines) are kept. */
export function wrapText(text: string, width = 88, indent = ''): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((block) => {
      const lines: string[] = [];
      let line = '';
      for (const word of block.split(/\s+/).filter(Boolean)) {
        if (line && line.length + 1 + word.length > width - indent.length) {
          lines.push(indent + line);
          line = word;
        } else {
          line = line ? `${line} ${word}` : word;
        }
      }
      if (line) lines.push(indent + line);
      return lines.join('\n');
    })
    .join('\n\n');
}

export function renderMethodology(content: DeliverableContent): string {
  const { methodology, firm, engagement } = content;
  const title = `Methodology: ${engagement.client_name}`;
  const out = [title, '='.repeat(Math.min(title.length, 88)), '', `Prepared by ${firm.display_name}.`, ''];
  out.push(wrapText(methodology.overview), '', 'Checks', '------', '');
  for (const check of methodology.checks) {
    out.push(`* ${check.name} (${check.finding_count} reported)`);
    out.push(wrapText(check.description, 88, '  '), '');
  }
  out.push('Evidence', '--------', '', wrapText(methodology.evidence), '');
  out.push('Review', '------', '', wrapText(methodology.review), '');
  if (methodology.procedure)
    out.push(
      PROCEDURE_HEADING,
      '-'.repeat(PROCEDURE_HEADING.length),
      '',
      wrapText(methodology.procedure),
      '',
    );
  out.push('Severity scale', '--------------', '');
  for (const entry of methodology.severity_scale) {
    out.push(`* ${severityLabel(entry.severity)}: ${entry.meaning}`);
  }
  out.push('', 'Disclaimer', '----------', '', wrapText(methodology.disclaimer), '');
  return out.join('\n');
}
