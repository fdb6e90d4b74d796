// The download name of a file deliverable: safe ASCII only, so it needs no RFC 5987 encoding and
// cannot break out of the Content-Disposition header.
import type { DeliverableContent } from './types';
import { brandName } from './branding';

function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/** e.g. "Acme-Northwind-Health-audit-report.docx"; the engagement id when the names have no ASCII. */
export function deliverableFilename(content: DeliverableContent, extension: string): string {
  const parts = [
    content.firm.is_default ? '' : slug(brandName(content.firm)),
    slug(content.engagement.client_name),
  ];
  const base = parts.filter(Boolean).join('-') || slug(content.engagement.id) || 'deliverable';
  return `${base}-audit-report.${extension.replace(/[^a-z0-9]/gi, '')}`;
}
