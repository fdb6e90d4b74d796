// Classic PDFs written by hand at test time: a tiny object writer with a correct xref table, and a
// text PDF built on it (one page of Helvetica lines) that pdf.js reads like any exported document.

/** A classic PDF of the given objects (object n is `objects[n - 1]`), with a correct xref table. */
export function pdfDocument(objects: string[], trailerExtra = ''): Buffer {
  let body = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body +=
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export const pdfStream = (content: string) =>
  `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
export const HELVETICA = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
export const pdfPage = (contents: number, font: number) =>
  `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${contents} 0 R >>`;

/** A PDF string literal: backslashes and parentheses escaped. */
const literal = (text: string) => `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;

/** A one-page PDF of `lines` (Latin-1 text, 10 pt, one line each, no wrapping). */
export function textPdf(lines: string[]): Buffer {
  const shown = lines.map((line) => `${literal(line)} Tj 0 -14 Td`).join('\n');
  return pdfDocument([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    pdfPage(4, 5),
    pdfStream(`BT /F1 10 Tf 40 750 Td\n${shown}\nET`),
    HELVETICA,
  ]);
}

/** A PDF of one page per entry of `pages`, each page's lines as in `textPdf`. */
export function pagedTextPdf(pages: string[][]): Buffer {
  // Objects: 1 catalog, 2 pages, 3 font, then a page and its content stream per page.
  const kids = pages.map((_, i) => `${4 + 2 * i} 0 R`).join(' ');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`,
    HELVETICA,
  ];
  pages.forEach((lines, i) => {
    const shown = lines.map((line) => `${literal(line)} Tj 0 -14 Td`).join('\n');
    objects.push(pdfPage(5 + 2 * i, 3), pdfStream(`BT /F1 10 Tf 40 750 Td\n${shown}\nET`));
  });
  return pdfDocument(objects);
}
