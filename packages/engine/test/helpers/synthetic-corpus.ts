// Builds small corpora from in-memory text files with the real ingest parser and chunker, so the
// analyst and the pipeline are tested on exactly the shapes the service gives them.
import { chunkDocument, parseFile } from '@auditsvc/ingest';
import { buildSnapshot } from '../../src/snapshot';
import type { CorpusSnapshot } from '../../src/corpus';
import type { Intake } from '../../src/types';

/**
 * Files are text (UTF-8) or bytes (a PDF, an image OCR'd by tesseract). `asOf` (YYYY-MM-DD): the
 * audit date; unset, the wall clock.
 */
export async function snapshotOf(
  files: Record<string, string | Buffer>,
  asOf?: string,
): Promise<CorpusSnapshot> {
  const parsed = [];
  for (const [filename, content] of Object.entries(files)) {
    const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    const doc = await parseFile({ bytes, filename });
    parsed.push({ doc, chunks: chunkDocument(doc) });
  }
  const snapshot = buildSnapshot('test-client', parsed);
  return asOf ? { ...snapshot, asOf: Date.parse(asOf) } : snapshot;
}

/** A plain-text e-mail from a vendor to compliance whose body is `lines`. */
export function vendorEmail(lines: string[]): string {
  return [
    'From: vendor@example.com',
    'To: compliance@example.com',
    'Subject: Audit preparation',
    'Date: Mon, 3 Nov 2025 10:00:00 +0000',
    'Content-Type: text/plain; charset=utf-8',
    '',
    ...lines,
    '',
  ].join('\r\n');
}

export const INTAKE: Intake = {
  domain: 'payments software',
  audit_purpose: 'SOC 2 readiness',
  frameworks: ['SOC 2', 'GDPR'],
  focus_areas: ['access control', 'vendor management'],
  materiality: null,
  doc_hierarchy: {
    policy: ['*-Policy.*'],
    procedure: ['*-Procedure.*', '*-Plan.*'],
    evidence: ['*.csv', '*.eml'],
  },
  known_concerns: [],
};

/** A small corpus with one planted defect of each kind. */
export const PLANTED: Record<string, string> = {
  'Identity-Policy.md': [
    '# Identity Policy',
    '',
    '| Field | Value |',
    '|---|---|',
    '| Version | 2.0 |',
    '| Last reviewed | 2025-01-10 |',
    '',
    '# Passwords',
    '',
    'a. Workforce passwords must be at least 14 characters long.',
    '',
    'a. User passwords expire every 60 days and must then be changed.',
    '',
    'a. Multi-factor authentication is required for remote access.',
    '',
    '# References',
    '',
    'a. PCI DSS v3.2.1 is the card data standard the program follows.',
  ].join('\n'),
  'Access-Procedure.txt': [
    'Access Procedure',
    '',
    'Last reviewed: 2025-02-01',
    '',
    '1. Scope',
    'This procedure covers every production system.',
    '',
    '2. Passwords',
    '2.1 User passwords are changed every twelve months.',
    '',
    '3. Reviews',
    '3.1 Access reviews are performed quarterly by system owners.',
    '3.2 Escalations follow Section 7.2 of the Continuity Plan.',
  ].join('\n'),
  'Continuity-Plan.txt': [
    'Continuity Plan',
    '',
    'Last reviewed: 2025-03-01',
    '',
    '1. Purpose',
    'This plan keeps the payment platform available.',
    '',
    '2. Backups',
    '2.1 Backups are taken daily and kept for 35 days.',
    '',
    '3. Maintenance',
    '3.1 This plan is reviewed after every activation.',
  ].join('\n'),
  'Supplier-Policy.md': [
    '# Supplier Policy',
    '',
    '| Field | Value |',
    '|---|---|',
    '| Last reviewed | 2021-05-04 |',
    '',
    'a. Suppliers that process personal data must sign a data processing agreement before they receive any personal data.',
    '',
    'a. Suppliers must notify the company of any security incident affecting company data within 48 hours of discovery.',
    '',
    'a. This policy is reviewed annually by the security officer.',
  ].join('\n'),
  'Hosting-Services-Agreement.txt': [
    'Hosting Services Agreement',
    'Between ByteHost Ltd ("Provider") and the Company ("Customer"). Effective date: 2025-01-01.',
    '',
    '1. Services',
    '1.1 Provider hosts the Customer platform and the personal data of its users.',
    '',
    '2. Security',
    '2.1 Provider will notify Customer of security incidents within fourteen (14) days of discovery.',
  ].join('\n'),
};
