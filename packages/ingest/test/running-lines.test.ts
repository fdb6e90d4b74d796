// Running headers and footers of paged documents: lifted off the page edges so that what crosses a
// page break reads on, and kept once at the top of the document so what they say is still there.
import { parseFile } from '../src';
import { withoutRunningLines } from '../src/parsers/running-lines';
import { pagedTextPdf } from '../../../test/helpers/pdf';

describe('running headers and footers', () => {
  it('lifts a footer that splits a retention schedule row across two pages', async () => {
    const footer = 'TMC-SCH-004 Records Retention Schedule v3.1 | Internal | Printed copies are uncontrolled';
    const doc = await parseFile({
      filename: 'Retention-Schedule.pdf',
      bytes: pagedTextPdf([
        [
          'Records Retention Schedule',
          'R05 Patient imaging records Radiology images, reports',
          'Confidential 8 years Last visit',
          footer,
        ],
        [
          'Secure deletion by the PACS administrator',
          'R06 Visitor logs Sign-in sheets 1 year Date of visit',
          footer,
        ],
      ]),
    });
    // The row's last cell follows the row on the next page, with no footer between them.
    expect(doc.text).toMatch(/Last visit\n\n(?:\n)?Secure deletion by the PACS administrator/);
    // The footer is read once, at the top of the first page, where document control is looked for.
    expect(doc.text.split(footer)).toHaveLength(2);
    expect(doc.text.startsWith(`${footer}\n\nRecords Retention Schedule`)).toBe(true);
    expect(doc.sections[0]!.text).toContain(footer);
  });

  it('lifts a contract header and a page number that changes from page to page', () => {
    const header = 'Agreement No. HX-2026-014 | Quayside Freight / Norland Cloud | Confidential';
    const { pages, running } = withoutRunningLines([
      `${header}\n1. Definitions\nServices means the hosting services.\nPage 1 of 3`,
      `${header}\n2. Security\nThe Supplier notifies incidents within 24 hours.\nPage 2 of 3`,
      `${header}\n3. Term\nThis Agreement runs for three years.\nPage 3 of 3`,
    ]);
    expect(running).toEqual([header, 'Page 1 of 3']);
    expect(pages[1]).toBe('2. Security\nThe Supplier notifies incidents within 24 hours.');
  });

  it('leaves table cells that repeat and lines at the edge of one page only (decoys)', () => {
    const input = [
      'Retention schedule\nR01 Payroll records 7 years\nSecure deletion',
      'R02 Timesheets 2 years\nSecure deletion',
      'R03 Expense claims 7 years\nSigned off by the Finance Director on 04/03/2026',
    ];
    // "Secure deletion" (two words) ends two of three pages: a cell, not a footer; the sign-off ends one page.
    expect(withoutRunningLines(input)).toEqual({ pages: input, running: [] });
    expect(withoutRunningLines(['Only page\nFooter of the only page here'])).toEqual({
      pages: ['Only page\nFooter of the only page here'],
      running: [],
    });
  });
});
