// WordprocessingML written as text, for the findings part of the Word deliverable. The docx
// package builds an object per paragraph, run and property and serialises the tree; for a
// 1,000-finding report that costs seconds and hundreds of MB. The findings body is regular (the
// same few paragraph styles over and over), so it is written here directly, against the styles
// the docx package declares (see docx.ts), and spliced into the document it built.
import { xmlSafe } from './xml-text';

const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text as XML character data: escaped, and without the characters XML 1.0 forbids. */
export function xmlEscape(text: string): string {
  return xmlSafe(text).replace(/[&<>"']/g, (char) => XML_ENTITIES[char]!);
}

/** One run; line breaks inside the text become <w:br/>. */
function run(text: string): string {
  const lines = text.split('\n');
  return `<w:r>${lines
    .map((line, index) => `${index > 0 ? '<w:br/>' : ''}<w:t xml:space="preserve">${xmlEscape(line)}</w:t>`)
    .join('')}</w:r>`;
}

export function paragraph(style: string, text: string, options: { pageBreakBefore?: boolean } = {}): string {
  const breakBefore = options.pageBreakBefore ? '<w:pageBreakBefore/>' : '';
  return `<w:p><w:pPr><w:pStyle w:val="${style}"/>${breakBefore}</w:pPr>${run(text)}</w:p>`;
}

/** Paragraphs of user text: blank lines separate paragraphs, single line breaks stay breaks. */
export function paragraphs(style: string, text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n{2,}/)
    .filter((block) => block.trim())
    .map((block) => paragraph(style, block))
    .join('');
}

const BORDER = 'w:val="single" w:color="auto" w:sz="4"';

/**
 * A full-width table with a repeated, shaded header row; rows never split across pages.
 * `widths` are percentages of the text width.
 */
export function table(
  headers: string[],
  rows: string[][],
  headerFill: string,
  widths: number[],
  textWidth: number,
): string {
  const grid = widths
    .map((percent) => `<w:gridCol w:w="${Math.round((textWidth * percent) / 100)}"/>`)
    .join('');
  const borders = ['top', 'left', 'bottom', 'right', 'insideH', 'insideV']
    .map((side) => `<w:${side} ${BORDER}/>`)
    .join('');
  const margins =
    '<w:tblCellMar><w:top w:w="40" w:type="dxa"/><w:left w:w="80" w:type="dxa"/><w:bottom w:w="40" w:type="dxa"/><w:right w:w="80" w:type="dxa"/></w:tblCellMar>';
  const cell = (style: string, text: string, fill = '') =>
    `<w:tc>${fill ? `<w:tcPr><w:shd w:val="clear" w:color="auto" w:fill="${fill}"/></w:tcPr>` : ''}${paragraph(style, text)}</w:tc>`;
  const header = `<w:tr><w:trPr><w:cantSplit/><w:tblHeader/></w:trPr>${headers.map((text) => cell('CellHeader', text, headerFill)).join('')}</w:tr>`;
  const body = rows
    .map(
      (values) =>
        `<w:tr><w:trPr><w:cantSplit/></w:trPr>${values.map((text) => cell('Cell', text)).join('')}</w:tr>`,
    )
    .join('');
  return (
    `<w:tbl><w:tblPr><w:tblW w:w="5000" w:type="pct"/><w:tblBorders>${borders}</w:tblBorders>` +
    `<w:tblLayout w:type="fixed"/>${margins}</w:tblPr><w:tblGrid>${grid}</w:tblGrid>${header}${body}</w:tbl>`
  );
}
