// Segments: a table row is one record whatever its cells hold; prose still splits into sentences.
import { splitSegments } from '../src/text/sentences';

describe('table rows stay whole', () => {
  test.each([
    [
      'a hospital device register with semicolon-separated wards',
      'device | wards | encrypted | owner\nInfusion pumps | ICU; A&E; Theatres | Yes | Clinical Engineering\n',
      'Infusion pumps | ICU; A&E; Theatres | Yes | Clinical Engineering',
    ],
    [
      'a haulier vehicle register with a cell of several sentences',
      'vehicle | checks | notes\nHGV 14 | Brakes; lights; tachograph | Serviced in May. Next due in November.\n',
      'HGV 14 | Brakes; lights; tachograph | Serviced in May. Next due in November.',
    ],
  ])('%s', (_name, text, row) => {
    expect(splitSegments(text).map((s) => s.text)).toContain(row);
  });

  test('decoy: prose with semicolons and full stops still splits into sentences', () => {
    const texts = splitSegments(
      'Backups are taken nightly; Restores are tested quarterly. The IT manager keeps the log.\n',
    ).map((s) => s.text);
    expect(texts).toEqual([
      'Backups are taken nightly;',
      'Restores are tested quarterly.',
      'The IT manager keeps the log.',
    ]);
  });
});

describe('abbreviations end no sentence', () => {
  test('rupees written "Rs." and a file "Nos." stay in their sentence; a real full stop still ends one', () => {
    const texts = splitSegments(
      'Payments above Rs. 5 crore are approved by the Managing Director. Files Nos. 4 to 9 are archived.\n',
    ).map((s) => s.text);
    expect(texts).toEqual([
      'Payments above Rs. 5 crore are approved by the Managing Director.',
      'Files Nos. 4 to 9 are archived.',
    ]);
  });
});

describe('a number in words restated in figures on the next line', () => {
  // "... not exceeding six" then "(6) months, ...": one wrapped sentence, not a list item "(6)". A
  // real list "(a) ... (b) ...", or a "(6)" after a line ending in a figure, still starts new segments.
  test.each([
    [
      'a hospital estates team',
      'Fire dampers in the theatre ventilation ducts are tested at intervals not exceeding six\n(6) months, with the results entered in the estates log.\n',
    ],
    [
      'a cold-chain haulier',
      'Each trailer door seal is inspected by the depot engineer within twenty-four\n(24) hours of a temperature alarm, and the finding is logged.\n',
    ],
  ])('%s: the wrapped sentence stays one segment', (_name, text) => {
    expect(splitSegments(text).map((s) => s.text)).toEqual([text.trim().replace(/\n/, ' ')]);
  });

  test('decoys: a lettered list, and an item "(6)" after a line ending in a figure', () => {
    expect(
      splitSegments(
        'The chiller is inspected:\n(a) weekly by the shift engineer;\n(b) yearly by the contractor.\n',
      ).map((s) => s.text),
    ).toEqual([
      'The chiller is inspected:',
      '(a) weekly by the shift engineer;',
      '(b) yearly by the contractor.',
    ]);
    expect(
      splitSegments(
        'The cold store is audited under clause 6\n(6) Records are retained for two years.\n',
      ).map((s) => s.text),
    ).toEqual(['The cold store is audited under clause 6', '(6) Records are retained for two years.']);
  });
});
