// Deliverables (spec 4.3, DECISIONS "Engagements"): every format field by field, the polished copy
// stored at delivery and dropped at unfreeze, firm branding (and its default for a deleted firm),
// which findings are reported, hostile text coming out inert, and real conversions of the DOCX
// (LibreOffice) and the HTML (Chromium) to PDF.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { DOMParser } from '@xmldom/xmldom';
import { unzipSync, strFromU8 } from 'fflate';
import type { EngagementRecord, FindingRecord, FirmRecord } from '@auditsvc/db';
import {
  DEFAULT_CONFIDENTIALITY_NOTICE,
  DEFAULT_METHODOLOGY_DISCLAIMER,
  DeliverableContent,
  PLACEHOLDER_EXECUTIVE_SUMMARY,
  writeLocalExecutiveSummary,
} from '@auditsvc/deliverables';
import { createDeliverableService } from '@auditsvc/services';
import { Actors, makeActors, makeEngagement, makeFindings } from '../../../test/helpers/builders';
import { TestContext, createTestContext } from '../../../test/helpers/context';

let ctx: TestContext;
let actors: Actors;

const SCRIPT = '<script>alert("xss")</script>';
const JS_LINK = '[x](javascript:alert(1))';
const IMG = '<img src=x onerror=alert(1)>';
const COMMENT_MARKER = 'INTERNAL-COMMENT-7f3a do not ship';

/** A real 8x4 RGB PNG, so the logo path (magic bytes, data URL, DOCX embedding) is exercised. */
function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body) >>> 0, 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(8, 0);
  header.writeUInt32BE(4, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(
    Array.from({ length: 4 }, () => Buffer.from([0, ...Array(8).fill([200, 30, 60]).flat()])),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface Seeded {
  firm: FirmRecord;
  engagement: EngagementRecord;
  /** Titles of the findings the deliverable must report, in report order. */
  reported: FindingRecord[];
  excluded: { rejected: FindingRecord; filterRejected: FindingRecord; raw: FindingRecord };
  overridden: FindingRecord;
}

async function brandedFirm(name: string, hostile: boolean): Promise<FirmRecord> {
  const firm = await ctx.services.firms.create({
    display_name: name,
    short_name: hostile ? `HF ${SCRIPT}` : 'HF',
    tagline: hostile ? `Assurance you can read ${JS_LINK}` : 'Assurance you can read',
    primary_color: '#0A3D62',
    accent_color: '#e58e26',
    methodology_disclaimer: hostile ? `Our disclaimer ${IMG}` : 'Our disclaimer applies.',
    footer_text: hostile ? `Harbor Finch LLP ${SCRIPT}` : 'Harbor Finch LLP',
    confidentiality_notice: hostile ? `Strictly confidential ${JS_LINK}` : 'Strictly confidential.',
  });
  await ctx.services.firms.setLogo({ kind: 'admin_token' }, firm.id, {
    bytes: tinyPng(),
    declaredType: 'image/png',
  });
  return (await ctx.services.repos.firms.findById(firm.id))!;
}

/**
 * An engagement with findings of every severity plus the ones a deliverable must leave out: a
 * rejected one, a filter-rejected one nobody accepted, a raw (non-canonical) one. One filter-rejected
 * finding is accepted through the API, which records the override and keeps it in.
 */
async function seed(firm: FirmRecord, clientName = 'Northwind Health'): Promise<Seeded> {
  const engagement = await makeEngagement(ctx, firm, { clientName, status: 'findings_review' });
  await ctx.services.engagements.setIntake({ kind: 'admin_token' }, engagement.id, {
    domain: 'Healthcare',
    audit_purpose: 'SOC 2 readiness review',
    frameworks: ['SOC 2', 'HIPAA'],
    focus_areas: ['Access control'],
    known_concerns: ['Password rotation'],
  });
  const [critical, high, medium, low, pending, rejected, filterRejected, raw, overridden] =
    await makeFindings(ctx, engagement, [
      { severity: 'critical', status: 'accepted', confidence: 0.9, primitive: 'conflict_check' },
      {
        severity: 'high',
        status: 'refined',
        confidence: 0.8,
        primitive: 'coverage_check',
        description: `Gap ${JS_LINK}`,
      },
      {
        severity: 'medium',
        status: 'accepted',
        confidence: 0.7,
        primitive: 'conflict_check',
        rootCause: `Cause ${IMG}`,
      },
      {
        severity: 'low',
        status: 'accepted',
        confidence: 0.6,
        primitive: 'currency_check',
        auditorNotes: 'Reviewed with the CISO.',
      },
      { severity: 'medium', status: 'pending', confidence: 0.5, primitive: 'flow_down_check' },
      { severity: 'high', status: 'rejected', confidence: 0.95 },
      { severity: 'critical', status: 'pending', confidence: 0.99, filterStatus: 'rejected' },
      { severity: 'critical', status: 'accepted', confidence: 0.99, isCanonical: false },
      {
        severity: 'low',
        status: 'pending',
        confidence: 0.4,
        filterStatus: 'rejected',
        primitive: 'currency_check',
      },
    ]);
  const titles: [FindingRecord, string, string][] = [
    [critical!, `Password rotation conflicts ${SCRIPT}`, 'Password-Policy.docx'],
    [high!, 'Vendor reviews not covered', 'Vendor-Management.pdf'],
    [medium!, 'Backup retention differs', 'Password-Policy.docx'],
    [low!, 'Outdated ISO reference', 'ISMS-Manual.docx'],
    [pending!, 'MFA duty not carried down', 'Access-Standard.docx'],
    [rejected!, 'Rejected finding title', 'Password-Policy.docx'],
    [filterRejected!, 'Filter rejected finding title', 'Password-Policy.docx'],
    [raw!, 'Raw swallowed finding title', 'Password-Policy.docx'],
    [overridden!, 'Reinstated by reviewer', 'ISMS-Manual.docx'],
  ];
  for (const [finding, title, document] of titles) {
    await ctx.services.repos.findings.update(finding.id, {
      title,
      evidence: [
        { document, chunk_id: null, quote: `Quote for ${title}`, quote_verified: true, page: 3 },
        {
          document: 'Security-Policy.pdf',
          chunk_id: null,
          quote: `Second quote ${IMG}`,
          quote_verified: false,
          page: null,
        },
      ],
    });
  }
  const accept = await ctx
    .http()
    .post(`/auditsvc/finding/${overridden!.id}/accept?engagement_id=${engagement.id}`)
    .set(firm.id === actors.firmA.id ? actors.headers.partnerA : actors.headers.adminToken)
    .send({ auditor_notes: 'Evidence holds; reinstated.' });
  expect(accept.status).toBe(200);
  await ctx.services.comments.create(
    { kind: 'admin_token' },
    engagement.id,
    critical!.id,
    `${COMMENT_MARKER} ${SCRIPT}`,
  );
  const reload = async (finding: FindingRecord) =>
    (await ctx.services.repos.findings.findByIds([finding.id]))[0]!;
  return {
    firm,
    engagement,
    // Report order: severity, then confidence, descending.
    reported: await Promise.all([critical!, high!, medium!, pending!, low!, overridden!].map(reload)),
    excluded: { rejected: rejected!, filterRejected: filterRejected!, raw: raw! },
    overridden: await reload(overridden!),
  };
}

let branded: Seeded;
let hostileFirm: Seeded;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await makeActors(ctx);
  // The partner's firm carries the branding under test.
  await ctx.services.firms.update({ kind: 'admin_token' }, actors.firmA.id, {
    display_name: 'Harbor Finch Assurance',
    short_name: 'HF',
    tagline: 'Assurance you can read',
    primary_color: '#0A3D62',
    accent_color: '#e58e26',
    methodology_disclaimer: 'Our disclaimer applies.',
    footer_text: 'Harbor Finch LLP',
    confidentiality_notice: 'Strictly confidential.',
  });
  await ctx.services.firms.setLogo({ kind: 'admin_token' }, actors.firmA.id, {
    bytes: tinyPng(),
    declaredType: 'image/png',
  });
  branded = await seed((await ctx.services.repos.firms.findById(actors.firmA.id))!);
  hostileFirm = await seed(await brandedFirm('Evil Corp Auditors', true), `Client ${SCRIPT} ${JS_LINK}`);
});
afterAll(() => ctx.close());

const deliverable = (engagementId: string, format: string, headers = actors.headers.associateA) =>
  ctx.http().get(`/auditsvc/engagement/${engagementId}/deliverable?format=${format}`).set(headers);

/** Binary bodies: supertest buffers them only when asked. */
const binary = (engagementId: string, format: string, headers: Record<string, string>) =>
  deliverable(engagementId, format, headers)
    .buffer(true)
    .parse((res, callback) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => callback(null, Buffer.concat(chunks)));
    });

const normalise = (text: string) => text.replace(/\s+/g, ' ');
const titlesOf = (seeded: Seeded) => seeded.reported.map((finding) => finding.title);

function docxParts(bytes: Buffer): Record<string, string> {
  const files = unzipSync(new Uint8Array(bytes));
  return Object.fromEntries(
    Object.entries(files)
      .filter(([name]) => name.endsWith('.xml') || name.endsWith('.rels'))
      .map(([name, data]) => [name, strFromU8(data)]),
  );
}

/** The text of every w:t run in a WordprocessingML part, parsed with a real XML parser. */
function wordText(xml: string): { text: string; elementNames: Set<string> } {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const names = new Set<string>();
  const all = doc.getElementsByTagName('*');
  for (let i = 0; i < all.length; i++) names.add(all[i]!.nodeName.toLowerCase());
  const runs = doc.getElementsByTagName('w:t');
  const parts: string[] = [];
  for (let i = 0; i < runs.length; i++) parts.push(runs[i]!.textContent ?? '');
  return { text: parts.join(''), elementNames: names };
}

function onPath(binary: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${binary}`]).status === 0;
}

// The conversions are slow and do not depend on the database: they run in the SQLite project only.
const itConverts = process.env.TEST_DATABASE === 'sqlite' ? it : it.skip;

describe('format=json', () => {
  it('answers the draft deliverable member by member before delivery', async () => {
    const res = await deliverable(branded.engagement.id, 'json');
    expect(res.status).toBe(200);
    const body = res.body as DeliverableContent;
    expect(Object.keys(body).sort()).toEqual(
      [
        'engagement',
        'executive_summary',
        'findings',
        'firm',
        'generated_at',
        'is_polished',
        'methodology',
        'summary',
      ].sort(),
    );
    expect(body.is_polished).toBe(false);
    expect(body.executive_summary).toBe(PLACEHOLDER_EXECUTIVE_SUMMARY);
    expect(body.executive_summary).toMatch(
      /polished executive summary is written when the engagement is delivered/,
    );
    expect(Date.parse(body.generated_at)).not.toBeNaN();
    expect(body.engagement).toEqual({
      id: branded.engagement.id,
      firm_id: actors.firmA.id,
      client_name: 'Northwind Health',
      archetype: 'remediation_pipeline',
      status: 'findings_review',
      created_at: branded.engagement.createdAt.toISOString(),
      delivered_at: null,
      intake: {
        domain: 'Healthcare',
        audit_purpose: 'SOC 2 readiness review',
        frameworks: ['SOC 2', 'HIPAA'],
        focus_areas: ['Access control'],
        materiality: null,
        doc_hierarchy: {},
        known_concerns: ['Password rotation'],
      },
    });
    expect(body.firm).toEqual({
      firm_id: actors.firmA.id,
      is_default: false,
      display_name: 'Harbor Finch Assurance',
      short_name: 'HF',
      tagline: 'Assurance you can read',
      logo_url: expect.stringMatching(/^data:image\/png;base64,/),
      primary_color: '#0a3d62',
      accent_color: '#e58e26',
      methodology_disclaimer: 'Our disclaimer applies.',
      footer_text: 'Harbor Finch LLP',
      confidentiality_notice: 'Strictly confidential.',
    });
    expect(body.methodology.disclaimer).toBe('Our disclaimer applies.');
    expect(body.methodology.checks.map((check) => check.primitive)).toEqual([
      'conflict_check',
      'consistency_check',
      'coverage_check',
      'currency_check',
      'citation_integrity_check',
      'flow_down_check',
    ]);
    expect(body.methodology.checks.map((check) => check.finding_count)).toEqual([2, 0, 1, 2, 0, 1]);
    expect(body.methodology.severity_scale.map((entry) => entry.severity)).toEqual([
      'critical',
      'high',
      'medium',
      'low',
    ]);
    expect(body.summary).toEqual({
      total: 6,
      by_severity: { critical: 1, high: 1, medium: 2, low: 2 },
      by_status: { pending: 1, accepted: 4, refined: 1 },
      by_primitive: { conflict_check: 2, coverage_check: 1, currency_check: 2, flow_down_check: 1 },
      remediation_effort_hours: 24,
      documents_cited: 5,
      excluded: { rejected: 1, filter_rejected: 1 },
    });
  });

  it('reports canonical findings only, without rejected and unaccepted filter-rejected ones', async () => {
    const body = (await deliverable(branded.engagement.id, 'json')).body as DeliverableContent;
    expect(body.findings.map((finding) => finding.id)).toEqual(branded.reported.map((finding) => finding.id));
    const ids = body.findings.map((finding) => finding.id);
    expect(ids).not.toContain(branded.excluded.rejected.id);
    expect(ids).not.toContain(branded.excluded.filterRejected.id);
    expect(ids).not.toContain(branded.excluded.raw.id);
    // Filter-rejected, then accepted by a reviewer: the override keeps it in.
    const reinstated = body.findings.find((finding) => finding.id === branded.overridden.id)!;
    expect(reinstated).toMatchObject({
      status: 'accepted',
      filter_status: 'rejected',
      filter_overridden_by: actors.partnerA.id,
      auditor_notes: 'Evidence holds; reinstated.',
    });
    const first = body.findings[0]!;
    expect(first).toMatchObject({
      title: `Password rotation conflicts ${SCRIPT}`,
      severity: 'critical',
      description: expect.any(String),
      root_cause: expect.any(String),
      remediation_scope: 'Align the policies.',
      remediation_effort_hours: 4,
      evidence: [
        {
          document: 'Password-Policy.docx',
          chunk_id: null,
          quote: `Quote for ${first.title}`,
          quote_verified: true,
          page: 3,
        },
        {
          document: 'Security-Policy.pdf',
          chunk_id: null,
          quote: `Second quote ${IMG}`,
          quote_verified: false,
          page: null,
        },
      ],
    });
  });
});

describe('format=markdown and format=methodology', () => {
  it('renders the Markdown report with every reported finding and no excluded one', async () => {
    const res = await deliverable(branded.engagement.id, 'markdown');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['markdown']);
    const markdown = res.body.markdown as string;
    expect(markdown).toMatch(/^# Northwind Health: audit report\n/);
    expect(markdown).toContain('**Harbor Finch Assurance**  Assurance you can read');
    expect(markdown).toContain('*Strictly confidential.*');
    expect(markdown).toContain(`## Executive summary\n\n${PLACEHOLDER_EXECUTIVE_SUMMARY}`);
    expect(markdown).toContain('- **Frameworks:** SOC 2, HIPAA');
    expect(markdown).toContain('| **Total** | **6** |');
    for (const severity of [
      'Critical findings (1)',
      'High findings (1)',
      'Medium findings (2)',
      'Low findings (2)',
    ]) {
      expect(markdown).toContain(`### ${severity}`);
    }
    expect(markdown).toContain(
      '#### F-001 Password rotation conflicts &lt;script&gt;alert("xss")&lt;/script&gt;',
    );
    expect(markdown).toContain('#### F-002 Vendor reviews not covered');
    expect(markdown).toContain('#### F-006 Reinstated by reviewer');
    expect(markdown).toContain('> Quote for Vendor reviews not covered\n>\n> Vendor-Management.pdf, page 3');
    expect(markdown).toContain('(quote not verified)');
    expect(markdown).toContain('**Auditor notes**\n\nReviewed with the CISO.');
    expect(markdown).toContain('### Disclaimer\n\nOur disclaimer applies.');
    expect(markdown).toContain('HF. Harbor Finch LLP');
    for (const title of [
      'Rejected finding title',
      'Filter rejected finding title',
      'Raw swallowed finding title',
    ]) {
      expect(markdown).not.toContain(title);
    }
  });

  it('renders the methodology as plain text with the firm disclaimer', async () => {
    const res = await deliverable(branded.engagement.id, 'methodology');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['text']);
    const text = res.body.text as string;
    expect(text).toMatch(/^Methodology: Northwind Health\n=+\n\nPrepared by Harbor Finch Assurance\./);
    expect(text).toContain('* Conflict check (2 reported)');
    expect(text).toContain('* Flow-down check (1 reported)');
    expect(text).toContain('* Critical: ');
    expect(text).toContain('Disclaimer\n----------\n\nOur disclaimer applies.');
    expect(text).not.toMatch(/[<>*#]{2}/);
  });
});

describe('format=docx', () => {
  it('is a Word attachment with the branding, a findings table and every reported finding', async () => {
    const res = await binary(branded.engagement.id, 'docx', actors.headers.associateA);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="HF-Northwind-Health-audit-report.docx"',
    );
    const parts = docxParts(res.body as Buffer);
    const files = Object.keys(unzipSync(new Uint8Array(res.body as Buffer)));
    expect(files.some((name) => /^word\/media\/.+\.png$/.test(name))).toBe(true);
    const document = wordText(parts['word/document.xml']!);
    expect(document.text).toContain('Harbor Finch Assurance');
    expect(document.text).toContain('Strictly confidential.');
    expect(document.text).toContain('Executive summary');
    for (const title of titlesOf(branded)) expect(document.text).toContain(title);
    expect(document.text).not.toContain('Rejected finding title');
    expect(document.text).not.toContain(COMMENT_MARKER);
    expect(document.elementNames.has('w:tbl')).toBe(true);
    expect(document.elementNames.has('w:drawing')).toBe(true);
    // Brand colour on headings, running header and footer with page numbers.
    expect(parts['word/styles.xml']).toContain('0A3D62');
    const headers = Object.keys(parts).filter((name) => /^word\/header\d*\.xml$/.test(name));
    const footers = Object.keys(parts).filter((name) => /^word\/footer\d*\.xml$/.test(name));
    expect(headers.map((name) => wordText(parts[name]!).text).join('|')).toContain('HF  |  Northwind Health');
    const footerXml = footers.map((name) => parts[name]!).join('');
    expect(footers.map((name) => wordText(parts[name]!).text).join('|')).toContain('Harbor Finch LLP');
    expect(footerXml).toMatch(/PAGE/);
  });

  itConverts(
    'converts to PDF with LibreOffice',
    async () => {
      if (!onPath('libreoffice')) {
        console.warn('libreoffice is not on PATH: DOCX to PDF conversion skipped');
        return;
      }
      const res = await binary(branded.engagement.id, 'docx', actors.headers.associateA);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditsvc-docx-'));
      try {
        const file = path.join(dir, 'report.docx');
        fs.writeFileSync(file, res.body as Buffer);
        execFileSync(
          'libreoffice',
          [
            `-env:UserInstallation=file://${path.join(dir, 'profile')}`,
            '--headless',
            '--convert-to',
            'pdf',
            '--outdir',
            dir,
            file,
          ],
          // A cold start with a fresh profile; generous for a loaded CI machine.
          { stdio: 'ignore', timeout: 150_000 },
        );
        const text = normalise(
          execFileSync('pdftotext', [path.join(dir, 'report.pdf'), '-']).toString('utf8'),
        );
        expect(text).toContain('Harbor Finch Assurance');
        expect(text).toContain('Northwind Health');
        for (const title of titlesOf(branded)) expect(text).toContain(normalise(title));
        expect(text).toMatch(/Page 2 of \d+/);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    180_000,
  );
});

describe('format=html', () => {
  it('is a print-optimised page under a strict Content-Security-Policy', async () => {
    const res = await deliverable(branded.engagement.id, 'html');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toMatch(
      /^default-src 'none'; img-src data:; style-src 'sha256-[A-Za-z0-9+/=]+'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'$/,
    );
    const html = res.text;
    // The one style block is the one the CSP hash allows.
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    const hash = createHash('sha256').update(style, 'utf8').digest('base64');
    expect(csp).toContain(`'sha256-${hash}'`);
    expect(html.match(/<style/g)).toHaveLength(1);
    expect(html).toContain('@page { size: A4;');
    expect(html).toContain('section { break-before: page; }');
    expect(html).toContain('--primary: #0a3d62; --accent: #e58e26;');
    expect(html).toMatch(
      /<img class="logo" src="data:image\/png;base64,[A-Za-z0-9+/=]+" alt="Harbor Finch Assurance logo">/,
    );
    expect(html).toContain('<p class="firm">Harbor Finch Assurance</p>');
    expect(html).toContain('<p class="tagline">Assurance you can read</p>');
    expect(html).toContain('<h1>Northwind Health</h1>');
    expect(html).toContain('Strictly confidential.');
    expect(html).toContain('<p class="draft">');
    for (const title of titlesOf(branded))
      expect(html).toContain(title.replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;'));
    expect(html).not.toContain('Rejected finding title');
  });

  itConverts(
    'prints to PDF in headless Chromium with the firm name and every finding title',
    async () => {
      if (!onPath('chromium')) {
        console.warn('chromium is not on PATH: HTML to PDF rendering skipped');
        return;
      }
      const res = await deliverable(branded.engagement.id, 'html');
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'auditsvc-html-'));
      try {
        const file = path.join(dir, 'report.html');
        const pdf = path.join(dir, 'report.pdf');
        fs.writeFileSync(file, res.text);
        execFileSync(
          'chromium',
          [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-pdf-header-footer',
            `--user-data-dir=${path.join(dir, 'profile')}`,
            `--print-to-pdf=${pdf}`,
            `file://${file}`,
          ],
          // A cold start with a fresh profile; generous for a loaded CI machine.
          { stdio: 'ignore', timeout: 150_000 },
        );
        const text = normalise(execFileSync('pdftotext', [pdf, '-']).toString('utf8'));
        expect(text).toContain('Harbor Finch Assurance');
        for (const title of titlesOf(branded)) expect(text).toContain(normalise(title));
        // The @page margin boxes: running footer text and page numbers.
        expect(text).toMatch(/Page 2 of \d+/);
        expect(text).toContain('Harbor Finch LLP');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    180_000,
  );
});

describe('hostile text', () => {
  const id = () => hostileFirm.engagement.id;
  const headers = () => actors.headers.adminToken;

  it('comes out inert in Markdown', async () => {
    const markdown = (await deliverable(id(), 'markdown', headers())).body.markdown as string;
    expect(markdown).not.toMatch(/<\s*(script|img)/i);
    expect(markdown).not.toMatch(/(^|[^\\])\[x(\\)?\]\(/);
    expect(markdown).toContain('\\[x\\](javascript:alert(1))');
    expect(markdown).toContain('&lt;script&gt;alert("xss")&lt;/script&gt;');
    expect(markdown).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(markdown).not.toContain(COMMENT_MARKER);
  });

  it('comes out inert in HTML: no script, no event handler, no javascript: link', async () => {
    const html = (await deliverable(id(), 'html', headers())).text;
    expect(html).not.toMatch(/<\s*script/i);
    expect(html).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/href\s*=\s*["']?\s*javascript:/i);
    for (const img of html.match(/<img\b[^>]*>/g) ?? []) expect(img).toMatch(/ src="data:image\/png;base64,/);
    for (const href of html.match(/href="[^"]*"/g) ?? []) expect(href).toMatch(/^href="(https?:|mailto:)/);
    expect(html).toContain('&lt;script&gt;alert(&quot;xss&quot;)&lt;/script&gt;');
    expect(html).toContain('[x](javascript:alert(1))');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain(COMMENT_MARKER);
  });

  it('comes out inert in DOCX and in the JSON, methodology and filename', async () => {
    const res = await binary(id(), 'docx', headers());
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[A-Za-z0-9._-]+"$/);
    const parts = docxParts(res.body as Buffer);
    for (const [name, xml] of Object.entries(parts)) {
      const { elementNames } = wordText(xml);
      expect([name, elementNames.has('script') || elementNames.has('img')]).toEqual([name, false]);
      expect(xml).not.toMatch(/Target="javascript:/i);
    }
    const text = wordText(parts['word/document.xml']!).text;
    expect(text).toContain(`Client ${SCRIPT} ${JS_LINK}`);
    expect(text).toContain(`Our disclaimer ${IMG}`);
    expect(text).not.toContain(COMMENT_MARKER);

    const json = (await deliverable(id(), 'json', headers())).body as DeliverableContent;
    expect(json.firm.footer_text).toBe(`Harbor Finch LLP ${SCRIPT}`);
    expect(JSON.stringify(json)).not.toContain(COMMENT_MARKER);
    const methodology = (await deliverable(id(), 'methodology', headers())).body.text as string;
    expect(methodology).toContain(`Our disclaimer ${IMG}`);
    expect(methodology).not.toContain(COMMENT_MARKER);
  });
});

describe('delivery and unfreeze', () => {
  it('stores a polished copy at delivery, serves it, and drops it at unfreeze', async () => {
    const seeded = await seed(actors.firmA, 'Polish Client');
    const base = `/auditsvc/engagement/${seeded.engagement.id}`;
    expect(await ctx.services.repos.deliverables.findContent(seeded.engagement.id)).toBeNull();

    const delivered = await ctx.http().post(`${base}/deliver`).set(actors.headers.partnerA);
    expect(delivered.status).toBe(200);
    expect(delivered.body.already_delivered).toBe(false);
    expect(await ctx.services.repos.deliverables.findContent(seeded.engagement.id)).not.toBeNull();

    const polished = (await deliverable(seeded.engagement.id, 'json')).body as DeliverableContent;
    expect(polished.is_polished).toBe(true);
    expect(polished.engagement.status).toBe('delivered');
    expect(polished.engagement.delivered_at).toBe(delivered.body.delivered_at);
    expect(polished.executive_summary).not.toBe(PLACEHOLDER_EXECUTIVE_SUMMARY);
    expect(polished.executive_summary).toBe(writeLocalExecutiveSummary(polished));
    expect(polished.executive_summary).toContain(
      "Our review of Polish Client's documents (SOC 2 readiness review) reports 6 findings: 1 critical, 1 high, 2 medium and 2 low.",
    );
    expect(polished.executive_summary).toContain(`F-001 "Password rotation conflicts ${SCRIPT}" (critical,`);
    expect(polished.executive_summary).toContain(
      'The documents cited most often are Security-Policy.pdf (6 findings)',
    );
    expect(polished.executive_summary).toContain('1 finding was still awaiting review');
    expect(polished.executive_summary).toMatch(
      /We recommend resolving the 1 critical finding .* 24 hours in total\.$/,
    );

    // Served from the stored copy: a later change to the data does not show, and it does not move.
    const [first] = seeded.reported;
    await ctx.services.repos.findings.update(first!.id, { title: 'Changed after delivery' });
    const again = (await deliverable(seeded.engagement.id, 'json')).body as DeliverableContent;
    expect(again.generated_at).toBe(polished.generated_at);
    expect(again.findings[0]!.title).toBe(`Password rotation conflicts ${SCRIPT}`);
    const markdown = (await deliverable(seeded.engagement.id, 'markdown')).body.markdown as string;
    expect(markdown).toContain(polished.executive_summary.split('\n\n')[0]!.slice(0, 60));
    expect(markdown).not.toContain('Changed after delivery');

    // A repeat delivery does not polish again.
    const repeat = await ctx.http().post(`${base}/deliver`).set(actors.headers.partnerA);
    expect(repeat.body.already_delivered).toBe(true);
    const stillStored = (await deliverable(seeded.engagement.id, 'json')).body as DeliverableContent;
    expect(stillStored.generated_at).toBe(polished.generated_at);

    const unfrozen = await ctx.http().post(`${base}/unfreeze`).set(actors.headers.adminToken);
    expect(unfrozen.status).toBe(200);
    expect(await ctx.services.repos.deliverables.findContent(seeded.engagement.id)).toBeNull();
    const draft = (await deliverable(seeded.engagement.id, 'json')).body as DeliverableContent;
    expect(draft.is_polished).toBe(false);
    expect(draft.executive_summary).toBe(PLACEHOLDER_EXECUTIVE_SUMMARY);
    expect(draft.findings[0]!.title).toBe('Changed after delivery');

    // Re-delivery polishes the current findings.
    await ctx.http().post(`${base}/deliver`).set(actors.headers.adminToken).expect(200);
    const repolished = (await deliverable(seeded.engagement.id, 'json')).body as DeliverableContent;
    expect(repolished.is_polished).toBe(true);
    expect(repolished.executive_summary).toContain('F-001 "Changed after delivery" (critical,');
  });
});

describe('the executive summary writer', () => {
  it('is injected: its text is stored, and an empty answer falls back to the local writer', async () => {
    const seeded = await seed(actors.firmA, 'Writer Client');
    await ctx
      .http()
      .post(`/auditsvc/engagement/${seeded.engagement.id}/deliver`)
      .set(actors.headers.partnerA)
      .expect(200);
    const seen: DeliverableContent[] = [];
    const withWriter = (answer: string) =>
      createDeliverableService({
        repos: ctx.services.repos,
        now: () => new Date('2026-03-01T00:00:00.000Z'),
        logger: ctx.services.logger,
        writeExecutiveSummary: (content) => {
          seen.push(content);
          return Promise.resolve(answer);
        },
      });
    const stored = await withWriter('  Written by the model gateway.  ').storePolished(seeded.engagement.id);
    expect(stored!.executive_summary).toBe('Written by the model gateway.');
    // The writer sees the polished content it summarises: the reported findings, no summary yet.
    expect(seen[0]!.is_polished).toBe(true);
    expect(seen[0]!.executive_summary).toBe('');
    expect(seen[0]!.findings.map((f) => f.id)).toEqual(seeded.reported.map((f) => f.id));
    const served = (await deliverable(seeded.engagement.id, 'json')).body as DeliverableContent;
    expect(served.executive_summary).toBe('Written by the model gateway.');
    expect(served.generated_at).toBe('2026-03-01T00:00:00.000Z');

    const fallback = await withWriter('   ').storePolished(seeded.engagement.id);
    expect(fallback!.executive_summary).toBe(writeLocalExecutiveSummary(fallback!));

    // Not delivered (unfrozen): nothing is stored.
    await ctx
      .http()
      .post(`/auditsvc/engagement/${seeded.engagement.id}/unfreeze`)
      .set(actors.headers.adminToken)
      .expect(200);
    expect(await withWriter('x').storePolished(seeded.engagement.id)).toBeNull();
    expect(await ctx.services.repos.deliverables.findContent(seeded.engagement.id)).toBeNull();
  });
});

describe('branding of a deleted firm', () => {
  it('renders with the neutral default branding', async () => {
    const firm = await brandedFirm('Gone Partners', false);
    const engagement = await makeEngagement(ctx, firm, { clientName: 'Orphan Client' });
    await makeFindings(ctx, engagement, [{ severity: 'high', status: 'accepted' }]);
    await ctx.services.firms.delete(firm.id);
    const json = (await deliverable(engagement.id, 'json', actors.headers.adminToken))
      .body as DeliverableContent;
    expect(json.firm).toEqual({
      firm_id: null,
      is_default: true,
      display_name: 'Audit Report',
      short_name: '',
      tagline: '',
      logo_url: '',
      primary_color: '#1f2937',
      accent_color: '#2563eb',
      methodology_disclaimer: DEFAULT_METHODOLOGY_DISCLAIMER,
      footer_text: '',
      confidentiality_notice: DEFAULT_CONFIDENTIALITY_NOTICE,
    });
    expect(json.engagement.firm_id).toBe(firm.id);
    expect(json.methodology.disclaimer).toBe(DEFAULT_METHODOLOGY_DISCLAIMER);
    const html = (await deliverable(engagement.id, 'html', actors.headers.adminToken)).text;
    expect(html).not.toContain('Gone Partners');
    expect(html).not.toContain('<img');
    expect(html).toContain('--primary: #1f2937; --accent: #2563eb;');
    const markdown = (await deliverable(engagement.id, 'markdown', actors.headers.adminToken)).body
      .markdown as string;
    expect(markdown).toContain('**Audit Report**');
    const docx = await binary(engagement.id, 'docx', actors.headers.adminToken);
    expect(docx.headers['content-disposition']).toBe(
      'attachment; filename="Orphan-Client-audit-report.docx"',
    );
    expect(wordText(docxParts(docx.body as Buffer)['word/document.xml']!).text).toContain('Audit Report');
  });
});

describe('access and validation', () => {
  it('answers 422 for a format outside the five', async () => {
    const res = await deliverable(branded.engagement.id, 'bogus');
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([expect.objectContaining({ loc: ['query', 'format'] })]);
  });

  it('defaults to json', async () => {
    const res = await ctx
      .http()
      .get(`/auditsvc/engagement/${branded.engagement.id}/deliverable`)
      .set(actors.headers.associateA);
    expect(res.status).toBe(200);
    expect(res.body.is_polished).toBe(false);
  });

  it.each(['json', 'markdown', 'methodology', 'docx', 'html'])(
    'answers 404 to another firm and for an unknown engagement (%s)',
    async (format) => {
      expect((await deliverable(branded.engagement.id, format, actors.headers.partnerB)).status).toBe(404);
      expect((await deliverable('eng-0000000000000000', format, actors.headers.adminToken)).status).toBe(404);
    },
  );

  it('needs credentials', async () => {
    const res = await ctx.http().get(`/auditsvc/engagement/${branded.engagement.id}/deliverable?format=json`);
    expect(res.status).toBe(401);
  });
});
