// The Word deliverable (docx package): a branded cover (logo, colours, confidentiality notice),
// running header and footer with page numbers, coloured headings, a findings table and one
// section per finding grouped by severity. Text goes in as text runs, which the docx package
// XML-escapes, so nothing in user text becomes markup; characters XML forbids are dropped first.
import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  Header,
  HeadingLevel,
  ImageRun,
  Packer,
  PageNumber,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { randomUUID } from 'node:crypto';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { brandName, fitInto, imageSize, parseLogo } from './branding';
import type { Branding, DeliverableContent, DeliverableFinding } from './types';
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
import * as wordml from './wordml';
import { xmlSafe } from './xml-text';

export { xmlSafe };

/** docx colours are bare hex digits; anything but #rrggbb (a stored copy is read back) is grey. */
const hex = (colour: string) => (/^#[0-9a-f]{6}$/i.test(colour) ? colour.slice(1).toUpperCase() : '1F2937');

function run(
  text: string,
  options: { bold?: boolean; italics?: boolean; color?: string; size?: number } = {},
) {
  return new TextRun({ text: xmlSafe(text), ...options });
}

/**
 * Paragraphs of user text: blank lines separate paragraphs, single line breaks stay breaks.
 * Formatting comes from paragraph styles, not per-run options: a 1,000-finding report has tens of
 * thousands of paragraphs, and every option object costs memory and serialisation time.
 */
function textParagraphs(text: string, style = 'Body'): Paragraph[] {
  return xmlSafe(text)
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n{2,}/)
    .filter((block) => block.trim())
    .map((block) =>
      block.includes('\n')
        ? new Paragraph({
            style,
            children: block
              .split('\n')
              .map((line, index) => new TextRun({ text: line, break: index > 0 ? 1 : 0 })),
          })
        : new Paragraph({ style, text: block }),
    );
}

function styled(style: string, text: string): Paragraph {
  return new Paragraph({ style, text: xmlSafe(text) });
}

function logoRun(branding: Branding): ImageRun | null {
  const logo = parseLogo(branding.logo_url);
  // Word embeds PNG and JPEG natively; SVG needs a raster fallback and WebP is not supported, so
  // those logos are left out of the Word file (the HTML deliverable shows them).
  if (!logo || (logo.type !== 'png' && logo.type !== 'jpeg')) return null;
  const size = imageSize(logo);
  if (!size) return null;
  return new ImageRun({
    type: logo.type === 'png' ? 'png' : 'jpg',
    data: logo.bytes,
    transformation: fitInto(size, { width: 220, height: 90 }),
    altText: { name: 'logo', title: 'Firm logo', description: xmlSafe(`${branding.display_name} logo`) },
  });
}

function cover(content: DeliverableContent): Paragraph[] {
  const { firm, engagement } = content;
  const primary = hex(firm.primary_color);
  const out: Paragraph[] = [];
  const logo = logoRun(firm);
  if (logo) out.push(new Paragraph({ spacing: { after: 240 }, children: [logo] }));
  out.push(
    new Paragraph({
      border: { top: { style: BorderStyle.SINGLE, size: 48, color: primary, space: 12 } },
      children: [run(firm.display_name, { bold: true, color: primary, size: 32 })],
    }),
  );
  if (firm.tagline.trim()) out.push(new Paragraph({ children: [run(firm.tagline, { color: '4B5563' })] }));
  out.push(
    new Paragraph({
      spacing: { before: 1800, after: 120 },
      heading: HeadingLevel.TITLE,
      children: [run(engagement.client_name)],
    }),
    new Paragraph({
      spacing: { after: 480 },
      children: [run('Audit report', { color: hex(firm.accent_color), size: 32 })],
    }),
  );
  const details: [string, string][] = [
    ['Engagement', engagement.id],
    ['Delivered', formatDate(engagement.delivered_at) || 'not yet delivered'],
    ['Generated', formatDate(content.generated_at)],
  ];
  for (const [name, value] of details) {
    out.push(new Paragraph({ children: [run(`${name}: `, { bold: true }), run(value)] }));
  }
  if (!content.is_polished) {
    out.push(
      new Paragraph({
        spacing: { before: 240 },
        children: [
          run('Draft generated on the fly; the polished report is issued at delivery.', {
            italics: true,
            color: hex(firm.accent_color),
          }),
        ],
      }),
    );
  }
  out.push(
    new Paragraph({
      spacing: { before: 1200 },
      children: [run('Confidentiality', { bold: true, size: 18 })],
    }),
    ...textParagraphs(firm.confidentiality_notice, 'Small'),
  );
  return out;
}

function heading(text: string, level: 1 | 2 | 3, pageBreakBefore = false): Paragraph {
  const levels = { 1: HeadingLevel.HEADING_1, 2: HeadingLevel.HEADING_2, 3: HeadingLevel.HEADING_3 } as const;
  return new Paragraph({ heading: levels[level], pageBreakBefore, text: xmlSafe(text) });
}

function table(headers: string[], rows: string[][], primary: string, widths: number[]): Table {
  // Column widths in twentieths of a point over the 9,864-twip text width of the page.
  const columnWidths = widths.map((percent) => Math.round((9864 * percent) / 100));
  const header = new TableRow({
    tableHeader: true,
    children: headers.map(
      (text) =>
        new TableCell({
          shading: { type: ShadingType.CLEAR, color: 'auto', fill: primary },
          children: [styled('CellHeader', text)],
        }),
    ),
  });
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    columnWidths,
    margins: { top: 40, bottom: 40, left: 80, right: 80 },
    rows: [
      header,
      ...rows.map(
        (values) =>
          new TableRow({
            cantSplit: true,
            children: values.map((text) => new TableCell({ children: [styled('Cell', text)] })),
          }),
      ),
    ],
  });
}

function scope(content: DeliverableContent): (Paragraph | Table)[] {
  const rows = scopeRows(content);
  const { summary } = content;
  const primary = hex(content.firm.primary_color);
  return [
    heading('Scope', 1, true),
    ...rows
      .filter(([, value]) => value.trim())
      .map(
        ([name, value]) =>
          new Paragraph({ spacing: { after: 60 }, children: [run(`${name}: `, { bold: true }), run(value)] }),
      ),
    heading('Summary', 2),
    table(
      ['Severity', 'Findings'],
      [
        ...(['critical', 'high', 'medium', 'low'] as const).map((severity) => [
          severityLabel(severity),
          String(summary.by_severity[severity]),
        ]),
        ['Total', String(summary.total)],
      ],
      primary,
      [70, 30],
    ),
    new Paragraph({
      spacing: { before: 160 },
      children: [
        run(
          `Accepted ${summary.by_status.accepted}, refined ${summary.by_status.refined}, pending review ` +
            `${summary.by_status.pending}. Documents cited: ${summary.documents_cited}. Estimated remediation ` +
            `effort: ${formatHours(summary.remediation_effort_hours)} hours.`,
        ),
      ],
    }),
  ];
}

/** The text width of the page in twentieths of a point (A4 minus the margins below). */
const TEXT_WIDTH = 11906 - 2 * 1021;

function findingXml(finding: DeliverableFinding, index: number): string {
  const meta = findingMeta(finding).join('  |  ');
  const out = [
    wordml.paragraph('Heading3', `${findingReference(index)} ${findingHeadline(finding)}`),
    wordml.paragraph('Meta', meta),
    wordml.paragraph('Label', 'Description'),
    wordml.paragraphs('Body', finding.description),
  ];
  if (finding.root_cause.trim())
    out.push(wordml.paragraph('Label', 'Root cause'), wordml.paragraphs('Body', finding.root_cause));
  if (finding.remediation_scope.trim() || finding.remediation_effort_hours > 0) {
    out.push(wordml.paragraph('Label', 'Remediation'), wordml.paragraphs('Body', finding.remediation_scope));
    out.push(
      wordml.paragraph('Note', `Estimated effort: ${formatHours(finding.remediation_effort_hours)} hours`),
    );
  }
  if (finding.evidence.length > 0) {
    out.push(wordml.paragraph('Label', 'Evidence'));
    for (const evidence of finding.evidence) {
      out.push(
        wordml.paragraph('Quote', `"${evidence.quote}"`),
        wordml.paragraph(
          'Source',
          `${evidenceSource(evidence)}${evidence.quote_verified ? '' : ' (quote not verified)'}`,
        ),
      );
    }
  }
  if (finding.auditor_notes.trim())
    out.push(wordml.paragraph('Label', 'Auditor notes'), wordml.paragraphs('Body', finding.auditor_notes));
  return out.join('');
}

/** The findings part: the overview table and one block per finding, grouped by severity. */
function findingsXml(content: DeliverableContent): string {
  if (content.findings.length === 0) return wordml.paragraph('Body', 'No findings are reported.');
  const out = [
    wordml.table(
      ['Ref', 'Finding', 'Severity', 'Check', 'Effort (h)'],
      content.findings.map((finding, index) => [
        findingReference(index),
        findingHeadline(finding),
        severityLabel(finding.severity),
        checkName(finding.primitive),
        formatHours(finding.remediation_effort_hours),
      ]),
      hex(content.firm.primary_color),
      [10, 46, 12, 20, 12],
      TEXT_WIDTH,
    ),
  ];
  let index = 0;
  for (const group of groupBySeverity(content.findings)) {
    out.push(
      wordml.paragraph('Heading2', `${severityLabel(group.severity)} findings (${group.findings.length})`),
    );
    for (const finding of group.findings) out.push(findingXml(finding, index++));
  }
  return out.join('');
}

function methodology(content: DeliverableContent): (Paragraph | Table)[] {
  const { methodology: method } = content;
  return [
    heading('Methodology', 1, true),
    ...textParagraphs(method.overview),
    table(
      ['Check', 'What it looks for', 'Findings'],
      method.checks.map((check) => [check.name, check.description, String(check.finding_count)]),
      hex(content.firm.primary_color),
      [25, 60, 15],
    ),
    new Paragraph({ spacing: { after: 120 } }),
    ...textParagraphs(method.evidence),
    ...textParagraphs(method.review),
    ...(method.procedure ? [heading(PROCEDURE_HEADING, 2), ...textParagraphs(method.procedure)] : []),
    heading('Severity scale', 2),
    ...method.severity_scale.map(
      (entry) =>
        new Paragraph({
          spacing: { after: 60 },
          children: [run(`${severityLabel(entry.severity)}: `, { bold: true }), run(entry.meaning)],
        }),
    ),
    heading('Disclaimer', 2),
    ...textParagraphs(method.disclaimer),
  ];
}

function runningHeader(content: DeliverableContent): Header {
  return new Header({
    children: [
      new Paragraph({
        alignment: AlignmentType.RIGHT,
        children: [
          run(`${brandName(content.firm)}  |  ${content.engagement.client_name}`, {
            size: 16,
            color: '6B7280',
          }),
        ],
      }),
    ],
  });
}

function runningFooter(content: DeliverableContent): Footer {
  const { firm } = content;
  const children: Paragraph[] = [];
  if (firm.footer_text.trim()) {
    children.push(
      new Paragraph({
        alignment: AlignmentType.CENTER,
        children: [run(firm.footer_text.replace(/\s+/g, ' '), { size: 16, color: '6B7280' })],
      }),
    );
  }
  children.push(
    new Paragraph({
      alignment: AlignmentType.CENTER,
      children: [
        new TextRun({
          children: ['Confidential  |  Page ', PageNumber.CURRENT, ' of ', PageNumber.TOTAL_PAGES],
          size: 16,
          color: '6B7280',
        }),
      ],
    }),
  );
  return new Footer({ children });
}

/** The body styles paragraphs refer to by id (see textParagraphs). */
function paragraphStyles() {
  const grey = '4B5563';
  return [
    { id: 'Body', name: 'Body', basedOn: 'Normal', paragraph: { spacing: { after: 120 } } },
    { id: 'Small', name: 'Small', basedOn: 'Body', run: { size: 18 } },
    {
      id: 'Label',
      name: 'Label',
      basedOn: 'Normal',
      paragraph: { spacing: { before: 160, after: 60 }, keepNext: true },
      run: { bold: true, color: grey, size: 18 },
    },
    {
      id: 'Meta',
      name: 'Meta',
      basedOn: 'Normal',
      paragraph: { spacing: { after: 120 } },
      run: { color: grey, size: 18 },
    },
    { id: 'Note', name: 'Note', basedOn: 'Normal', run: { italics: true } },
    {
      id: 'Quote',
      name: 'Quote',
      basedOn: 'Normal',
      paragraph: {
        indent: { left: 360 },
        border: { left: { style: BorderStyle.SINGLE, size: 12, color: 'D1D5DB', space: 8 } },
      },
      run: { italics: true },
    },
    {
      id: 'Source',
      name: 'Source',
      basedOn: 'Normal',
      paragraph: { indent: { left: 360 }, spacing: { after: 120 } },
      run: { size: 16, color: '6B7280' },
    },
    { id: 'Cell', name: 'Cell', basedOn: 'Normal', run: { size: 18 } },
    {
      id: 'CellHeader',
      name: 'Cell header',
      basedOn: 'Normal',
      run: { size: 18, bold: true, color: 'FFFFFF' },
    },
  ];
}

export async function renderDocx(content: DeliverableContent): Promise<Buffer> {
  const { firm, engagement } = content;
  const placeholder = `auditsvc-findings-${randomUUID()}`;
  const primary = hex(firm.primary_color);
  const document = new Document({
    creator: xmlSafe(firm.display_name),
    title: xmlSafe(`${engagement.client_name}: audit report`),
    description: 'Audit report',
    styles: {
      default: {
        document: { run: { font: 'Liberation Sans', size: 21 } },
        title: { run: { color: primary, size: 56, bold: true } },
        heading1: { run: { color: primary, size: 34, bold: true }, paragraph: { spacing: { after: 200 } } },
        heading2: {
          run: { color: primary, size: 27, bold: true },
          paragraph: { spacing: { before: 280, after: 120 } },
        },
        heading3: {
          run: { color: hex(firm.accent_color), size: 23, bold: true },
          paragraph: { spacing: { before: 280, after: 80 } },
        },
      },
      paragraphStyles: paragraphStyles(),
    },
    sections: [
      {
        properties: {
          titlePage: true,
          page: { margin: { top: 1134, bottom: 1134, left: 1021, right: 1021 } },
        },
        headers: { default: runningHeader(content), first: new Header({ children: [] }) },
        footers: { default: runningFooter(content), first: new Footer({ children: [] }) },
        children: [
          ...cover(content),
          heading('Executive summary', 1, true),
          ...textParagraphs(content.executive_summary),
          ...scope(content),
          heading('Findings', 1, true),
          // Stands in for the findings body until it is spliced in below; the nonce makes it a
          // string no user text can contain.
          new Paragraph({ text: placeholder }),
          ...methodology(content),
        ],
      },
    ],
  });
  return spliceDocumentXml(await Packer.toBuffer(document), placeholder, findingsXml(content));
}

/** Replaces the paragraph holding `placeholder` in word/document.xml with `xml`, and re-zips. */
function spliceDocumentXml(docx: Buffer, placeholder: string, xml: string): Buffer {
  const files = unzipSync(new Uint8Array(docx));
  const document = strFromU8(files['word/document.xml']!);
  const at = document.indexOf(placeholder);
  const start = Math.max(document.lastIndexOf('<w:p>', at), document.lastIndexOf('<w:p ', at));
  const end = document.indexOf('</w:p>', at);
  if (at < 0 || start < 0 || end < 0) throw new Error('docx: the findings placeholder is missing');
  files['word/document.xml'] = strToU8(
    document.slice(0, start) + xml + document.slice(end + '</w:p>'.length),
  );
  return Buffer.from(zipSync(files, { level: 6 }));
}
