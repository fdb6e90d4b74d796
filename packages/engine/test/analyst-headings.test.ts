// Numbered and attachment headings: a sentence that opens with "Schedule 2" (a class of
// controlled drugs, a schedule of an act) is not the heading of a schedule.
import { analyzeCorpus, extractHeadings } from '../src/analyst/corpus-analysis';
import { snapshotOf } from './helpers/synthetic-corpus';

test('attachment headings are lines that name a part, not sentences that open with its word', () => {
  const text = [
    'Schedule 2: Service Levels',
    'Appendix B',
    'Schedule 2 medicines are stored in the locked cabinet and counted at every shift change.',
    'Annex C. Contacts',
  ].join('\n');
  expect(extractHeadings(text).map((h) => h.number)).toEqual(['schedule 2', 'appendix b', 'annex c']);
});

test('a heading in Markdown emphasis keeps its number and a title without the dash or closing emphasis', () => {
  const text = ['# **Appendix A – Retention Matrix**', '## __4.2 Key Custody__', '* Appendix list item'].join(
    '\n',
  );
  expect(extractHeadings(text).map((h) => [h.number, h.title])).toEqual([
    ['appendix a', 'Retention Matrix'],
    ['4.2', 'Key Custody'],
  ]);
});

test("a numbered paragraph's first line is a place a reference may point to, but not the title of the section its statements stand in", async () => {
  const analysis = analyzeCorpus(
    await snapshotOf({
      'OT-Security-Procedure.txt': [
        'OT Security Procedure',
        '',
        '5. Asset inventory',
        '',
        "5.3 Where an asset's operating system or firmware is past the vendor's support end date, the",
        'OT Engineering Lead must schedule its replacement.',
        '',
        '7. Remote access',
        '',
        '7.2 Vendor sessions are requested at least one working day in advance.',
      ].join('\n'),
    }),
    null,
  );
  const doc = analysis.documents[0]!;
  expect(doc.headings.map((h) => h.number)).toEqual(expect.arrayContaining(['5.3', '7.2']));
  const headingOf = (words: string) => doc.segments.find((s) => s.text.includes(words))!.frame?.heading;
  expect(headingOf('must schedule its replacement')).toBe('Asset inventory');
  expect(headingOf('Vendor sessions are requested')).toBe('Remote access');
});

test('a running header of fields above the title files the document; the title is the line after it', async () => {
  const analysis = analyzeCorpus(
    await snapshotOf({
      'Hosting-Agreement.txt': [
        'Agreement No. KGFL/IT/AGR/2026/011 | Classification: Confidential',
        '',
        'IT INFRASTRUCTURE MANAGED SERVICES AGREEMENT',
        'This Agreement is made at Coimbatore on this 20th day of March 2026.',
      ].join('\n'),
      'Haulage-Terms.txt': [
        'Contract ref. MVL-CON-014 | Confidential',
        'Haulage Services Terms',
        'These terms apply to every consignment.',
      ].join('\n'),
      // Decoy: a title with a bar but no field is the title.
      'Access-Standard.txt': ['Access Standard | Operations', 'Accounts are reviewed each quarter.'].join(
        '\n',
      ),
    }),
    null,
  );
  expect(analysis.documents.map((d) => d.title)).toEqual([
    'IT INFRASTRUCTURE MANAGED SERVICES AGREEMENT',
    'Haulage Services Terms',
    'Access Standard | Operations',
  ]);
});
