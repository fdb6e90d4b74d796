// Numeric dates are read in their own document's order: decided from the document's unambiguous
// dates, else the corpus's (when every document agrees), else from dates in words. An ambiguous
// date without such evidence is not read, so it cannot give a finding.
import { analyzeCorpus } from '../src/analyst/corpus-analysis';
import { dateOrderEvidence, extractDates, parseDateCell } from '../src/analyst/dates';
import { findStaleDocuments } from '../src/checks/review-currency/review-currency';
import { snapshotOf } from './helpers/synthetic-corpus';

describe('dateOrderEvidence', () => {
  test.each([
    ['Issued 25/11/2025; revised 04/12/2025.', 'dmy', null],
    ['Issued 11/25/2025; revised 12/04/2025.', 'mdy', null],
    ['Issued 04/12/2025 and 05/06/2025.', null, null],
    ['Signed on 4 December 2025 in Leeds.', null, 'dmy'],
    ['Signed on December 4, 2025 in Boston.', null, 'mdy'],
  ])('%j: numeric %s, words %s', (text, numeric, words) => {
    expect(dateOrderEvidence(text)).toEqual({ numeric, words });
  });
});

describe('extractDates', () => {
  test('an ambiguous date is read in the given order, and skipped without one', () => {
    expect(extractDates('Reviewed 04/12/2025.', 'dmy').map((d) => d.iso)).toEqual(['2025-12-04']);
    expect(extractDates('Reviewed 04/12/2025.', 'mdy').map((d) => d.iso)).toEqual(['2025-04-12']);
    expect(extractDates('Reviewed 04/12/2025.')).toEqual([]);
  });

  test('an unambiguous date is read as it must be, whatever the order', () => {
    expect(extractDates('Reviewed 25/11/2025.', 'mdy').map((d) => d.iso)).toEqual(['2025-11-25']);
    expect(extractDates('Reviewed 11/25/2025.', 'dmy').map((d) => d.iso)).toEqual(['2025-11-25']);
    expect(extractDates('Reviewed 05/05/2025.').map((d) => d.iso)).toEqual(['2025-05-05']);
    expect(extractDates('Signed 14.03.2024 in Munich.').map((d) => d.iso)).toEqual(['2024-03-14']);
  });

  test('register cells follow the same rule', () => {
    expect(parseDateCell('03/02/2026', 'dmy')?.iso).toBe('2026-02-03');
    expect(parseDateCell('03/02/2026')).toBeNull();
  });
});

describe('a corpus with day-first and month-first documents side by side', () => {
  // A British care-home operator and its US software supplier; each document's review date is
  // ambiguous on its own, and its convention shows only in its other dates.
  const files = {
    'Resident-Records-Policy.txt': [
      'RESIDENT RECORDS POLICY',
      'Approved: 25/11/2021',
      'Last reviewed: 04/12/2024',
      'Review cycle: annually',
      '',
      '1. Scope',
      'Care records of every resident, kept on site.',
    ].join('\n'),
    'Supplier-Hosting-Standard.txt': [
      'SUPPLIER HOSTING STANDARD',
      'Approved: 11/25/2021',
      'Last reviewed: 04/12/2025',
      'Review cycle: annually',
      '',
      '1. Scope',
      'Hosting of the care-planning application.',
    ].join('\n'),
    'Board-Minutes.txt': 'Minutes of the board meeting held on 20 November 2025.\n',
  };

  test('each document is read in its own order', async () => {
    const analysis = analyzeCorpus(await snapshotOf(files), null);
    const uk = analysis.byName.get('Resident-Records-Policy.txt')!;
    const us = analysis.byName.get('Supplier-Hosting-Standard.txt')!;
    expect([uk.dateOrder, uk.lastReviewed?.date.iso]).toEqual(['dmy', '2024-12-04']);
    expect([us.dateOrder, us.lastReviewed?.date.iso]).toEqual(['mdy', '2025-04-12']);
  });

  test('the month-first reading of a day-first review date would make it overdue; it is not', async () => {
    // Read month first, 04/12/2024 is 12 April 2024: more than a year before the newest date of
    // the corpus (20 November 2025). Read day first, as its document writes, it is 4 December 2024.
    const analysis = analyzeCorpus(await snapshotOf(files), null);
    expect(findStaleDocuments(analysis).map((i) => i.quotes[0]!.document)).toEqual([]);
  });

  test('a document with only ambiguous dates in a mixed corpus gets no date and no finding', async () => {
    const analysis = analyzeCorpus(
      await snapshotOf({
        ...files,
        'Visitor-Procedure.txt':
          'VISITOR PROCEDURE\nLast reviewed: 03/04/2023\nReview cycle: annually\n\n1. Scope\nVisitors to the home.\n',
      }),
      null,
    );
    const visitor = analysis.byName.get('Visitor-Procedure.txt')!;
    expect(visitor.dateOrder).toBeNull();
    expect(visitor.lastReviewed).toBeNull();
    expect(findStaleDocuments(analysis)).toEqual([]);
  });

  test('a document with only ambiguous dates in a one-convention corpus takes the corpus order', async () => {
    const analysis = analyzeCorpus(
      await snapshotOf({
        'Resident-Records-Policy.txt': files['Resident-Records-Policy.txt'],
        'Visitor-Procedure.txt':
          'VISITOR PROCEDURE\nLast reviewed: 03/04/2023\nReview cycle: annually\n\n1. Scope\nVisitors to the home.\n',
        'Board-Minutes.txt': files['Board-Minutes.txt'],
      }),
      null,
    );
    const visitor = analysis.byName.get('Visitor-Procedure.txt')!;
    expect([visitor.dateOrder, visitor.lastReviewed?.date.iso]).toEqual(['dmy', '2023-04-03']);
    expect(findStaleDocuments(analysis).map((i) => i.quotes[0]!.document)).toEqual(['Visitor-Procedure.txt']);
  });
});
