// Numbered and attachment headings: a sentence that opens with "Schedule 2" (a class of
// controlled drugs, a schedule of an act) is not the heading of a schedule.
import { extractHeadings } from '../src/analyst/corpus-analysis';

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
