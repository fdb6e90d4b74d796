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
