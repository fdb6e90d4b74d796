// Every parser on a real file of its type: the Northwind Health corpus and small fixtures.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { strToU8, zipSync } from 'fflate';

import { guardedUnzip, OCR_UNAVAILABLE, ParseError, parseFile, type ParsedDocument } from '../src';
import { corpusFile, fixture, fixturesDir } from './helpers';
import { joinTextRuns } from '../src/parsers/pdf';

function expectSectionsPartitionText(doc: ParsedDocument) {
  expect(doc.text).toBe(doc.sections.map((section) => section.text).join('\n\n'));
  for (const section of doc.sections)
    expect(doc.text.slice(section.start, section.start + section.text.length)).toBe(section.text);
}

async function parseError(input: { bytes: Buffer; filename: string }): Promise<ParseError> {
  const error: unknown = await parseFile(input).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ParseError);
  return error as ParseError;
}

describe('text formats', () => {
  it('reads a Markdown policy as written', async () => {
    const doc = await parseFile(corpusFile('Encryption-Policy.md'));
    expect(doc.extension).toBe('md');
    expect(doc.document).toBe('Encryption-Policy.md');
    expect(doc.text.startsWith('# Encryption Policy (EP)')).toBe(true);
    expect(doc.text).toMatch(/AES-256/);
    expect(doc.sections).toHaveLength(1);
    expect(doc.pageCount).toBeNull();
  });

  it('reads a text file, normalising line ends', async () => {
    const doc = await parseFile(corpusFile('Change-Management-Policy.txt'));
    expect(doc.text).toMatch(/^System Change Policy \(SCP\)/);
    expect(doc.text).not.toMatch(/\r/);
    expectSectionsPartitionText(doc);
  });

  it('reads CSV rows as lines with their cells kept apart', async () => {
    const doc = await parseFile(corpusFile('Vendor-Inventory.csv'));
    const lines = doc.text.split('\n');
    expect(lines[0]).toBe('vendor | service | handles_phi | soc2_report | baa_signed | last_risk_assessment');
    expect(lines).toContain(
      'CloudCo Hosting LLC | Production hosting | yes | SOC 2 Type II 2024 | no | 2023-06-15',
    );
  });

  it('keeps quoted CSV cells with commas, quotes and line breaks in one row', async () => {
    const csv = 'name,note\n"Smith, J.","said ""yes""\non two lines"\nDoe,plain\n';
    const doc = await parseFile({ bytes: Buffer.from(csv), filename: 'notes.csv' });
    expect(doc.text).toBe('name | note\nSmith, J. | said "yes" on two lines\nDoe | plain');
  });
});

describe('PDF', () => {
  it('gives one section per page with exact page numbers', async () => {
    const doc = await parseFile(corpusFile('Data-Retention-Policy.pdf'));
    expect(doc.pageCount).toBe(4);
    expect(doc.sections.map((section) => section.page)).toEqual([1, 2, 3, 4]);
    expect(doc.sections[0]!.text).toMatch(/^Data Retention Policy \(RP\)\nNorthwind Health, Inc\./);
    const backups = doc.sections.find((section) =>
      section.text.includes('Production database backups are retained for 90 days'),
    );
    expect(backups?.page).toBe(3);
    expectSectionsPartitionText(doc);
  });

  it('joins text runs into lines and keeps words apart', async () => {
    const doc = await parseFile(fixture('multi-page.pdf'));
    expect(doc.pageCount).toBe(3);
    expect(doc.sections.map((section) => section.text.split('\n')[0])).toEqual([
      'Vendor Review Schedule',
      'Findings',
      'Sign-off',
    ]);
    expect(doc.sections[1]!.text.replace(/\n/g, ' ')).toContain(
      'Page two: CloudCo Hosting LLC has no signed business associate agreement.',
    );
    expect(doc.sections[2]!.text).toContain(
      'approved by the Chief Information Security Officer on 2024-09-30.',
    );
  });

  it('rebuilds a table: cells side by side are one row, a wrapped cell one cell', async () => {
    const doc = await parseFile(fixture('schedule-table.pdf'));
    const lines = doc.sections.flatMap((section) => section.text.split('\n'));
    expect(lines).toContain('| Data | Permitted use | Retention by Contractor |');
    // The first cell is centred beside the others' two lines; the row still reads as one.
    expect(lines).toContain(
      '| Call recordings | Quality assurance, training, dispute resolution and complaint handling | Twenty-four (24) months from the date of the call, then deleted automatically |',
    );
    expect(lines).toContain('| Agent access logs | Security monitoring | 12 months |');
    // A number set off from its paragraph by spaces is a list marker, not a table cell.
    expect(lines).toContain('1.1 A numbered paragraph after the table stays one line of text.');
  });

  it('reads a justified line, every word gap widened alike, as text and not as table cells', () => {
    // Runs as pdf.js gives them for a justified line at 11 pt: each word, then a 7.3 pt space.
    const words = ['9.1', 'The', 'Provider', 'will', 'maintain', 'the', 'controls', 'in', 'Schedule', '4.'];
    const runs = [];
    let x = 60;
    for (const word of words) {
      const width = word.length * 5;
      runs.push({ str: word, transform: [11, 0, 0, 11, x, 700], width, height: 11, hasEOL: false });
      runs.push({
        str: ' ',
        transform: [11, 0, 0, 11, x + width, 700],
        width: 7.3,
        height: 11,
        hasEOL: false,
      });
      x += width + 7.3;
    }
    expect(joinTextRuns(runs)).toBe('9.1 The Provider will maintain the controls in Schedule 4.');
    // The same words two to a cell, 40 pt apart: a table row.
    const cell = (str: string, at: number) => ({
      str,
      transform: [11, 0, 0, 11, at, 680],
      width: 30,
      height: 11,
      hasEOL: false,
    });
    expect(joinTextRuns([cell('TR-01', 60), cell('Monthly', 130), cell('Owner', 200)])).toBe(
      '| TR-01 | Monthly | Owner |',
    );
  });

  it('fails a truncated PDF with a clear reason naming the file', async () => {
    const error = await parseError(fixture('malformed.pdf'));
    expect(error.document).toBe('malformed.pdf');
    expect(error.message).toMatch(/^malformed\.pdf: the PDF (is malformed|could not be read)/);
  });

  it('fails a password-protected PDF saying so', async () => {
    const error = await parseError(fixture('encrypted.pdf'));
    expect(error.message).toBe(
      'encrypted.pdf: the PDF is encrypted (password protected); upload an unprotected copy',
    );
  });

  it('refuses a file whose content is not a PDF', async () => {
    const error = await parseError(fixture('wrong-magic.pdf'));
    expect(error.message).toBe('wrong-magic.pdf: content is not a PDF (no %PDF- header)');
  });
});

describe('DOCX', () => {
  it('reads paragraphs and table cells of the Password Policy', async () => {
    const doc = await parseFile(corpusFile('Password-Policy.docx'));
    const lines = doc.text.split('\n');
    expect(lines[0]).toBe('Password Policy (PWP)');
    // The table's rows, one per line with their cells kept apart.
    expect(lines.slice(2, 4)).toEqual(['| Field | Value |', '| Version | 2.1 |']);
    // The rotation period (defect D1 of the corpus: six months here, 90 days elsewhere).
    expect(doc.text).toContain('All user-level passwords should be rotated at least every six months.');
  });

  it('reads the Access Control Procedure rotation period', async () => {
    const doc = await parseFile(corpusFile('Access-Control-Procedure.docx'));
    expect(doc.text).toMatch(/90 days/);
  });

  it('refuses a zip bomb before parsing it', async () => {
    const error = await parseError(fixture('zip-bomb.docx'));
    expect(error.message).toMatch(
      /^zip-bomb\.docx: refused as a possible zip bomb: the entry word\/document\.xml compresses more than/,
    );
  });

  it('writes a table row as one line of cells, and a one-column box as its lines', async () => {
    const cell = (text: string) => `<w:tc><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:tc>`;
    const row = (...cells: string[]) => `<w:tr>${cells.map(cell).join('')}</w:tr>`;
    const xml =
      '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
      '<w:p><w:r><w:t>5. Retention schedule</w:t></w:r></w:p>' +
      `<w:tbl>${row('Ref', 'Record class', 'Retention period')}${row('R-10', 'Food safety records', '3 years')}</w:tbl>` +
      `<w:tbl>${row('Note: this box is guidance.')}</w:tbl>` +
      '</w:body></w:document>';
    const zip = zipSync({ 'word/document.xml': strToU8(xml) });
    const doc = await parseFile({ bytes: Buffer.from(zip), filename: 'schedule.docx' });
    expect(doc.text.split('\n')).toEqual([
      '5. Retention schedule',
      '| Ref | Record class | Retention period |',
      '| R-10 | Food safety records | 3 years |',
      'Note: this box is guidance.',
    ]);
  });

  it('refuses a package without word/document.xml', async () => {
    const zip = zipSync({ 'xl/workbook.xml': strToU8('<workbook/>') });
    const error = await parseError({ bytes: Buffer.from(zip), filename: 'renamed.docx' });
    expect(error.reason).toBe('not a Word document (no word/document.xml in the package)');
  });

  it('refuses a document that declares entities', async () => {
    const xml =
      '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>' +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>&x;</w:t></w:r></w:p></w:body></w:document>';
    const zip = zipSync({ 'word/document.xml': strToU8(xml) });
    const error = await parseError({ bytes: Buffer.from(zip), filename: 'xxe.docx' });
    expect(error.reason).toMatch(/DOCTYPE/);
  });

  it('fails a damaged package with a reason', async () => {
    const bytes = corpusFile('Password-Policy.docx').bytes.subarray(0, 2000);
    const error = await parseError({ bytes, filename: 'cut.docx' });
    expect(error.reason).toMatch(/zip package is malformed|not a Word document/);
  });
});

describe('zip guard', () => {
  const zip = zipSync({ a: new Uint8Array(64 * 1024), b: new Uint8Array(64 * 1024), c: strToU8('hello') });

  it('returns the wanted entries only', () => {
    const kept = guardedUnzip('x.docx', zip, (name) => name === 'c');
    expect([...kept.keys()]).toEqual(['c']);
    expect(new TextDecoder().decode(kept.get('c'))).toBe('hello');
  });

  it('caps the entry count and the total inflated size', () => {
    expect(() =>
      guardedUnzip('x.docx', zip, () => false, { maxEntries: 2, maxTotalBytes: 1e9, maxEntryRatio: 1e9 }),
    ).toThrow('x.docx: refused as a possible zip bomb: it holds more than 2 entries');
    expect(() =>
      guardedUnzip('x.docx', zip, () => false, {
        maxEntries: 10,
        maxTotalBytes: 100_000,
        maxEntryRatio: 1e9,
      }),
    ).toThrow(/inflates to more than 100000 bytes/);
  });
});

describe('XLSX', () => {
  it('gives one section per sheet, named by the sheet, dates as ISO dates', async () => {
    const doc = await parseFile(corpusFile('Access-Review-Log-2024.xlsx'));
    expect(doc.sections.map((section) => section.sheet)).toEqual(['Access-Review-Log-2024']);
    const lines = doc.sections[0]!.text.split('\n');
    expect(lines[0]).toBe(
      'Review ID | System | Review date | Reviewer | Accounts reviewed | Accounts removed | Notes',
    );
    expect(lines).toContain(
      'AR-2024-03 | Production database (Postgres) | 2024-10-21 | M. Chen | 47 | 5 | Review delayed by EHR migration project',
    );
  });

  it('reads every sheet of a multi-sheet workbook', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Controls').addRows([
      ['Control', 'Tested on', 'Passed'],
      ['MFA', new Date(Date.UTC(2024, 4, 2)), true],
    ]);
    const risks = workbook.addWorksheet('Risks');
    risks.addRow(['Risk', 'Score']);
    risks.addRow(['Ransomware', { formula: '3*4', result: 12 }]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const doc = await parseFile({ bytes, filename: 'register.xlsx' });
    expect(doc.sections.map((section) => [section.sheet, section.text])).toEqual([
      ['Controls', 'Control | Tested on | Passed\nMFA | 2024-05-02 | true'],
      ['Risks', 'Risk | Score\nRansomware | 12'],
    ]);
  });
});

describe('e-mail', () => {
  it('reads an .eml message: headers and body', async () => {
    const doc = await parseFile(corpusFile('backup-change.eml'));
    expect(doc.text).toMatch(/^From: "?Daniel Ortiz"? <daniel\.ortiz@northwindhealth\.example>\n/);
    expect(doc.text).toContain('Date: 2024-06-06T14:30:00.000Z');
    expect(doc.text).toContain('Subject: Change to production database backups');
    expect(doc.text).toContain('move from daily to weekly');
  });

  it('reads the corpus mailbox as one section per message', async () => {
    const doc = await parseFile(corpusFile('it-ops-thread.mbox'));
    expect(doc.sections.length).toBe(3);
    expect(doc.sections[1]!.text).toContain('we keep VPN logs for 14 days only');
    expectSectionsPartitionText(doc);
  });

  it('splits a mailbox, turns an HTML-only body into text and lists attachments', async () => {
    const doc = await parseFile(fixture('two-messages.mbox'));
    expect(doc.sections).toHaveLength(2);
    const [first, second] = doc.sections;
    expect(first!.text).toContain('Subject: Quarterly access review');
    expect(first!.text).toContain('\nFrom now on we keep the evidence');
    expect(second!.text).toContain('Subject: Re: Quarterly access review');
    expect(second!.text).toMatch(/Done\. The vendor list is attached; CloudCo still has no BAA\./i);
    expect(second!.text).not.toContain('<p>');
    expect(second!.text.endsWith('Attachments: vendor-list.csv')).toBe(true);
  });
});

describe('OCR', () => {
  it('reads the scanned Laptop Encryption Standard (PNG)', async () => {
    const doc = await parseFile(corpusFile('Laptop-Encryption-Standard-scan.png'));
    expect(doc.text).toContain('AES-128');
    expect(doc.text).toMatch(/Endpoint Encryption Standard/);
    expect(doc.pageCount).toBeNull();
  });

  it('reads a JPEG and a TIFF scan of a PDF page', async () => {
    for (const name of ['retention-scan.jpg', 'retention-scan.tiff']) {
      const doc = await parseFile(fixture(name));
      expect(doc.text).toMatch(/Production database backups are retained for 90 days/);
    }
  });

  it('says clearly when tesseract is not installed', async () => {
    const input = {
      ...corpusFile('Laptop-Encryption-Standard-scan.png'),
      tesseractPath: path.join(fixturesDir, 'no-such-tesseract'),
    };
    const error: unknown = await parseFile(input).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ParseError);
    expect((error as ParseError).message).toBe(`Laptop-Encryption-Standard-scan.png: ${OCR_UNAVAILABLE}`);
  });

  it('fails an image that is not one with a reason', async () => {
    const signature = readFileSync(path.join(fixturesDir, 'retention-scan.jpg')).subarray(0, 3);
    // No frame header: refused before OCR.
    const headless = await parseError({
      bytes: Buffer.concat([signature, Buffer.alloc(100, 7)]),
      filename: 'broken.jpg',
    });
    expect(headless.reason).toBe('the image is malformed (its size could not be read)');
    // A frame header (100 x 100, one component), then garbage: tesseract says it cannot read it.
    const frame = Buffer.from([0xc0, 0x00, 0x0b, 0x08, 0x00, 0x64, 0x00, 0x64, 0x01, 0x01, 0x11, 0x00]);
    const garbled = await parseError({
      bytes: Buffer.concat([signature, frame, Buffer.alloc(100, 7)]),
      filename: 'garbled.jpg',
    });
    expect(garbled.reason).toMatch(/^OCR could not read the image/);
  });
});

it('refuses a file type outside the corpus list', async () => {
  const error = await parseError({ bytes: Buffer.from('MZ'), filename: 'tool.exe' });
  expect(error.reason).toBe('the file type is not an accepted corpus file type');
});
