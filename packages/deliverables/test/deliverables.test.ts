// The pure parts of the deliverable: which findings are reported, escaping per format, the local
// executive summary, logos, file names, and XML safety of the Word file.
import { DOMParser } from '@xmldom/xmldom';
import { strFromU8, unzipSync } from 'fflate';
import {
  DeliverableContent,
  DeliverableFinding,
  buildDeliverableContent,
  cssString,
  deliverableFilename,
  escapeMarkdown,
  exclusionReason,
  imageSize,
  parseLogo,
  renderDocx,
  renderHtml,
  renderMarkdown,
  renderMethodology,
  safeHref,
  textWithLinks,
  writeLocalExecutiveSummary,
  xmlSafe,
} from '../src';
import { docxBodyText } from '../../../test/helpers/docx-text';

let counter = 0;
function finding(overrides: Partial<DeliverableFinding> = {}): DeliverableFinding {
  counter += 1;
  return {
    id: `f-${String(counter).padStart(4, '0')}`,
    engagement_id: 'eng-1',
    status: 'accepted',
    severity: 'medium',
    title: `Finding ${counter}`,
    description: 'Two policies disagree.',
    root_cause: 'Revised separately.',
    remediation_scope: 'Align them.',
    remediation_effort_hours: 2,
    auditor_notes: '',
    primitive: 'conflict_check',
    is_canonical: true,
    merged_finding_ids: [],
    corroboration_score: 0.5,
    filter_status: 'likely',
    filter_overridden_by: null,
    confidence: 0.5,
    evidence: [
      { document: 'Policy.docx', chunk_id: null, quote: 'ninety days', quote_verified: true, page: 1 },
    ],
    frameworks: [],
    parent_finding_id: null,
    iteration: 1,
    adversarial: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function contentOf(
  findings: DeliverableFinding[],
  firmOverrides: Record<string, string> | null = {},
  procedure: string | null = null,
): DeliverableContent {
  return buildDeliverableContent({
    engagement: {
      id: 'eng-1',
      firm_id: 'firm-1',
      client_name: 'Northwind Health',
      archetype: 'remediation_pipeline',
      status: 'findings_review',
      created_at: '2026-01-01T00:00:00.000Z',
      delivered_at: null,
    },
    firm:
      firmOverrides === null
        ? null
        : {
            id: 'firm-1',
            display_name: 'Harbor Finch',
            short_name: 'HF',
            tagline: '',
            logo_url: '',
            primary_color: '#123',
            accent_color: 'red',
            methodology_disclaimer: '',
            footer_text: '',
            confidentiality_notice: '',
            ...firmOverrides,
          },
    findings,
    intake: {
      domain: '',
      audit_purpose: 'SOC 2 readiness.',
      frameworks: [],
      focus_areas: [],
      materiality: null,
      doc_hierarchy: {},
      known_concerns: [],
    },
    executiveSummary: '',
    procedure,
    isPolished: true,
    generatedAt: new Date('2026-02-01T00:00:00.000Z'),
  });
}

describe('which findings are reported', () => {
  it.each([
    [{}, null],
    [{ is_canonical: false }, 'not_canonical'],
    [{ status: 'rejected' }, 'rejected'],
    [{ filter_status: 'rejected' }, 'filter_rejected'],
    [{ filter_status: 'rejected', status: 'pending' }, 'filter_rejected'],
    [{ filter_status: 'rejected', status: 'accepted', filter_overridden_by: 'u-1' }, null],
    [{ status: 'pending', filter_status: 'speculative' }, null],
  ] as const)('%j -> %s', (overrides, reason) => {
    expect(exclusionReason(finding(overrides as Partial<DeliverableFinding>))).toBe(reason);
  });

  it('sorts severity then confidence descending and counts what it left out', () => {
    const low = finding({ severity: 'low', confidence: 0.9 });
    const highWeak = finding({ severity: 'high', confidence: 0.2 });
    const highStrong = finding({ severity: 'high', confidence: 0.8 });
    const content = contentOf([
      low,
      highWeak,
      highStrong,
      finding({ status: 'rejected' }),
      finding({ filter_status: 'rejected' }),
    ]);
    expect(content.findings.map((f) => f.id)).toEqual([highStrong.id, highWeak.id, low.id]);
    expect(content.summary.excluded).toEqual({ rejected: 1, filter_rejected: 1 });
    expect(content.firm.primary_color).toBe('#112233');
    expect(content.firm.accent_color).toBe('#2563eb');
  });
});

describe('escaping', () => {
  it('makes hostile Markdown inert', () => {
    expect(escapeMarkdown('[x](javascript:alert(1))')).toBe('\\[x\\](javascript:alert(1))');
    expect(escapeMarkdown('![i](http://e/x.png)')).toBe('!\\[i\\](http://e/x.png)');
    expect(escapeMarkdown('<script>a&b</script>')).toBe('&lt;script&gt;a&amp;b&lt;/script&gt;');
    expect(escapeMarkdown('# h\n- item\n1. one\n+ plus\n`code` *em* _u_ | ~')).toBe(
      '\\# h\n\\- item\n1\\. one\n\\+ plus\n\\`code\\` \\*em\\* \\_u\\_ \\| \\~',
    );
  });

  it('links only http, https and mailto URLs in HTML text', () => {
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,x')).toBeNull();
    expect(safeHref('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(textWithLinks('see https://example.com/x. or javascript:alert(1) <b>')).toBe(
      'see <a href="https://example.com/x" rel="noopener noreferrer nofollow">https://example.com/x</a>. ' +
        'or javascript:alert(1) &lt;b&gt;',
    );
    expect(textWithLinks('https://e.com/"onmouseover="x')).not.toMatch(/"onmouseover/);
  });

  it('writes CSS strings that cannot end early', () => {
    expect(cssString('a"; } body { x')).toBe('"a\\22 \\3b  \\7d  body \\7b  x"');
  });

  it('keeps the Word file well-formed when text carries XML-forbidden characters', async () => {
    expect(xmlSafe('a\u0001b\u0000c\uFFFEd\uD800e')).toBe('abcde');
    const content = contentOf([finding({ title: 'Bell\u0007 <w:p> & "quotes"', description: 'x\u000by' })]);
    const files = unzipSync(new Uint8Array(await renderDocx(content)));
    const xml = strFromU8(files['word/document.xml']!);
    const errors: string[] = [];
    const doc = new DOMParser({
      onError: (level, message) => errors.push(`${level}: ${message}`),
    }).parseFromString(xml, 'text/xml');
    expect(errors).toEqual([]);
    const text = Array.from(
      { length: doc.getElementsByTagName('w:t').length },
      (_, i) => doc.getElementsByTagName('w:t')[i]!.textContent,
    ).join('');
    expect(text).toContain('Bell <w:p> & "quotes"');
    expect(text).toContain('xy');
  });
});

const docxText = async (content: DeliverableContent) =>
  docxBodyText(new Uint8Array(await renderDocx(content)));

describe("the run's procedure in the methodology", () => {
  const PROCEDURE =
    'The built-in local analyst served this run.\n\nThe reading budget left 1 document not (fully) read: <b>x</b>_[y](javascript:1).md.';

  it('is its own section of every format, its text escaped for the format', async () => {
    const content = contentOf([finding()], {}, PROCEDURE);
    expect(content.methodology.procedure).toBe(PROCEDURE);
    const markdown = renderMarkdown(content);
    expect(markdown).toContain(
      '### How the documents were read\n\nThe built-in local analyst served this run.\n\n',
    );
    expect(markdown).toContain('&lt;b&gt;x&lt;/b&gt;\\_\\[y\\](javascript:1).md');
    const html = renderHtml(content);
    expect(html).toContain(
      '<h3>How the documents were read</h3>\n<p>The built-in local analyst served this run.</p>',
    );
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(html).not.toContain('<b>x</b>');
    const text = renderMethodology(content);
    expect(text).toContain(
      'How the documents were read\n---------------------------\n\nThe built-in local analyst',
    );
    expect(text).toContain('<b>x</b>_[y](javascript:1).md');
    const word = await docxText(content);
    expect(word).toContain('How the documents were readThe built-in local analyst served this run.');
    expect(word).toContain('&lt;b&gt;x&lt;/b&gt;');
  });

  it('is left out when no run recorded it, also from a copy stored before it existed', async () => {
    const none = contentOf([finding()]);
    expect(none.methodology.procedure).toBeNull();
    const { procedure: _dropped, ...before } = none.methodology;
    for (const content of [none, { ...none, methodology: before }]) {
      expect(renderMarkdown(content)).not.toContain('How the documents were read');
      expect(renderHtml(content)).not.toContain('How the documents were read');
      expect(renderMethodology(content)).not.toContain('How the documents were read');
      expect(await docxText(content)).not.toContain('How the documents were read');
    }
  });
});

describe('logos', () => {
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d4948445200000040000000200806000000', // 64 x 32 IHDR
    'hex',
  );
  // SOI, an APP0 segment, then SOF0 with height 48 and width 96.
  const jpeg = Buffer.from(
    'ffd8ffe000104a46494600010100000100010000ffc0001108003000600301220002110103110100',
    'hex',
  );

  it('accepts base64 data URLs of the four logo types only', () => {
    expect(parseLogo(`data:image/png;base64,${png.toString('base64')}`)?.type).toBe('png');
    expect(parseLogo('data:image/svg+xml;base64,PHN2Zy8+')?.type).toBe('svg');
    expect(parseLogo('https://example.com/logo.png')).toBeNull();
    expect(parseLogo('data:text/html;base64,PHNjcmlwdD4=')).toBeNull();
    expect(parseLogo('data:image/png;base64,AAAA" onerror="x')).toBeNull();
  });

  it('reads PNG and JPEG sizes from their headers', () => {
    expect(imageSize(parseLogo(`data:image/png;base64,${png.toString('base64')}`)!)).toEqual({
      width: 64,
      height: 32,
    });
    expect(imageSize(parseLogo(`data:image/jpeg;base64,${jpeg.toString('base64')}`)!)).toEqual({
      width: 96,
      height: 48,
    });
  });

  it('shows an SVG logo in HTML and leaves it out of the Word file', async () => {
    const content = contentOf([finding()], { logo_url: 'data:image/svg+xml;base64,PHN2Zy8+' });
    expect(renderHtml(content)).toContain('<img class="logo" src="data:image/svg+xml;base64,PHN2Zy8+"');
    const files = Object.keys(unzipSync(new Uint8Array(await renderDocx(content))));
    expect(files.filter((name) => name.startsWith('word/media/'))).toEqual([]);
  });
});

describe('file names', () => {
  it('are ASCII, fall back to the engagement id, and drop the firm for default branding', () => {
    expect(deliverableFilename(contentOf([], { short_name: 'Ærø "Audit"' }), 'docx')).toBe(
      'r-Audit-Northwind-Health-audit-report.docx',
    );
    const nonAscii = contentOf([], null);
    nonAscii.engagement.client_name = '東京';
    expect(deliverableFilename(nonAscii, 'docx')).toBe('eng-1-audit-report.docx');
  });
});

describe('local executive summary', () => {
  it('is written from the findings and is deterministic', () => {
    const findings = [
      finding({
        severity: 'critical',
        confidence: 0.9,
        title: 'Password rotation conflicts',
        remediation_effort_hours: 6,
      }),
      finding({
        severity: 'high',
        primitive: 'coverage_check',
        title: 'Vendor reviews missing',
        evidence: [{ document: 'Vendor.pdf', quote: 'q', quote_verified: true }],
      }),
      finding({ severity: 'low', status: 'pending', primitive: 'coverage_check', title: '' }),
    ];
    const content = contentOf(findings);
    const summary = writeLocalExecutiveSummary(content);
    expect(summary).toBe(writeLocalExecutiveSummary(contentOf(findings)));
    expect(summary.split('\n\n')).toEqual([
      "Our review of Northwind Health's documents (SOC 2 readiness) reports 3 findings: 1 critical, 1 high, " +
        '0 medium and 1 low. The most severe are F-001 "Password rotation conflicts" (critical, conflicting ' +
        'requirements between documents), F-002 "Vendor reviews missing" (high, coverage gaps) and F-003 ' +
        '"Two policies disagree." (low, coverage gaps).',
      'The recurring themes are coverage gaps (2 findings) and conflicting requirements between documents ' +
        '(1 finding). The documents cited most often are Policy.docx (2 findings) and Vendor.pdf (1 finding).',
      '1 finding was still awaiting review when this report was produced.',
      'We recommend resolving the 1 critical finding before the affected documents are relied on, starting ' +
        'with "Password rotation conflicts", then the 1 high finding within the current cycle. The estimated ' +
        'remediation effort is 10 hours in total.',
    ]);
  });

  it('says so when nothing is reported, and scales the advice to the severities', () => {
    expect(writeLocalExecutiveSummary(contentOf([finding({ status: 'rejected' })]))).toMatch(
      /found no defect that met the reporting threshold/,
    );
    const lowOnly = writeLocalExecutiveSummary(
      contentOf([finding({ severity: 'low', title: 'Typo in owner' })]),
    );
    expect(lowOnly).toContain('Every finding concerns conflicting requirements between documents.');
    expect(lowOnly).toContain('Nothing is critical or high. We recommend folding these fixes into the next');
  });
});
